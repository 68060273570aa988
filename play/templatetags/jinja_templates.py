"""The table's Jinja2 drawings (play.jinja) in Django's templates: `{% card_face face %}`, a
card's face as the table draws it (the review's hands and tricks), and `{% jinja "name"
key=value %}`, a Jinja2 template drawn with the page's context (the table's partial in
game/table.html, the site's links in base.html's header), so that each is written once."""

from __future__ import annotations

from typing import Any, cast

from django import template
from django.utils.safestring import SafeString

from play.jinja import card_face, draw

register = template.Library()
register.simple_tag(card_face, name="card_face")


@register.simple_tag(takes_context=True)
def jinja(context: template.Context, name: str, **values: Any) -> SafeString:
    page: dict[str, Any] = cast("dict[str, Any]", context.flatten())
    return draw(name, {**page, **values})
