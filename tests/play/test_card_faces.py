"""`card_face` (play.jinja; `{% card_face %}` in Django's templates) draws each card exactly
as game/_card.html does, in each language, once per process."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.utils import translation

from game.engine import Card
from play import jinja
from play.display import Face


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_face_is_the_templates_own_drawing(language: str) -> None:
    template = jinja.ENVIRONMENT.get_template("game/_card.html")
    with translation.override(language):
        for card in Card.deck():
            face = Face.of(card)
            assert jinja.card_face(face) == template.render({"face": face})


def test_a_face_is_drawn_once_then_reused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jinja, "_FACES", {})
    face = Face.of(Card.from_code("QS"))
    first = jinja.card_face(face)
    monkeypatch.setattr(jinja, "draw", None)  # a second drawing would fail
    assert jinja.card_face(face) is first
    assert 'href="#suit-S"' in first and ">Q<" in first


def test_django_s_templates_draw_the_same_face() -> None:
    face = Face.of(Card.from_code("TH"))
    drawn = Template("{% load jinja_templates %}{% card_face face %}").render(
        Context({"face": face})
    )
    assert drawn == jinja.card_face(face)
    assert "card--red" in drawn
