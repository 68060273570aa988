"""The home page's way into the tutorial: {% load tutorial %}{% tutorial_link %}."""

from __future__ import annotations

from django import template

from tutorial.services import has_completed

register = template.Library()


@register.inclusion_tag("tutorial/_link.html", takes_context=True)
def tutorial_link(context: template.Context) -> dict:
    """« Apprendre à jouer », with « Tutoriel terminé ✓ » for a player who has finished it."""
    user = context["request"].user
    return {"completed": user.is_authenticated and has_completed(user.pk)}
