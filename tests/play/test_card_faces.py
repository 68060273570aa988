"""`{% card_face %}` (play.templatetags.faces) draws each card exactly as the table's `card`
partial does, in each language, once per process."""

from __future__ import annotations

import pytest
from django.template.loader import get_template
from django.utils import translation

from game.engine import Card
from play.display import Face
from play.templatetags import faces


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_face_is_the_partials_own_drawing(language: str) -> None:
    partial = get_template(faces.FACE_PARTIAL)
    with translation.override(language):
        for card in Card.deck():
            face = Face.of(card)
            assert faces.card_face(face) == partial.render({"face": face})


def test_a_face_is_drawn_once_then_reused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(faces, "_drawn", {})
    face = Face.of(Card.from_code("QS"))
    first = faces.card_face(face)
    monkeypatch.setattr(faces, "get_template", None)  # a second drawing would fail
    assert faces.card_face(face) is first
    assert 'href="#suit-S"' in first and ">Q<" in first
