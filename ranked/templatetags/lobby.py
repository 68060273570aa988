"""« En ce moment » on the home page and « Jouer en direct »: {% load lobby %}{% lobby %}.
A tag rather than a view's context, so the home page (play.views) needs nothing of ranked."""

from __future__ import annotations

from django import template

from ranked.lobby import lobby as read

register = template.Library()


@register.inclusion_tag("ranked/_lobby.html")
def lobby() -> dict:
    return {"lobby": read()}
