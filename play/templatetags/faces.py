"""`{% card_face face %}`: a card's face, game/table.html's `card` partial, rendered once per
card and language by each process (and by the offline page). A face depends on nothing
but its card and the language of its rank, and a table draws some thirty of them: through
the partial each time, they were a third of the table's rendering (issue 38). The partial
stays the one place the face is written."""

from __future__ import annotations

from django import template
from django.template.loader import get_template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from play.display import Face

register = template.Library()

FACE_PARTIAL = "game/table.html#card"
_drawn: dict[tuple[str, str | None], SafeString] = {}


@register.simple_tag
def card_face(face: Face) -> SafeString:
    key = (face.code, get_language())
    drawn = _drawn.get(key)
    if drawn is None:
        # The partial's own output, escaped by the template engine as it renders it.
        drawn = _drawn[key] = mark_safe(get_template(FACE_PARTIAL).render({"face": face}))
    return drawn
