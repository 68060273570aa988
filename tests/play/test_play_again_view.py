"""« Rejouer »: a new game with the same settings."""

from __future__ import annotations

import pytest
from django.urls import resolve

from play.models import Game
from tests.visits import HTMX, game_url, start_game

pytestmark = pytest.mark.django_db


def finish(game: Game) -> None:
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, winner=0)


def test_htmx_is_sent_to_a_new_game_with_the_same_settings(guest):
    game = start_game(guest, target="50", difficulty="hard", training="on")
    finish(game)

    response = guest.post(game_url("play_again", game), **HTMX)

    again = Game.objects.get(pk=resolve(response["HX-Redirect"]).kwargs["game_id"])
    assert again.pk != game.pk
    assert (again.target, again.difficulty, again.training) == (50, "hard", True)


def test_a_plain_form_post_is_redirected_to_the_new_game(guest):
    game = start_game(guest)
    finish(game)

    response = guest.post(game_url("play_again", game))

    assert response.status_code == 302
    assert Game.objects.count() == 2


def test_a_game_in_progress_is_not_replayed(guest):
    game = start_game(guest)

    response = guest.post(game_url("play_again", game), **HTMX)

    assert response.status_code == 409
    assert "La partie n’est pas terminée." in response.content.decode()
    assert Game.objects.count() == 1


def test_a_second_rejouer_goes_to_the_game_the_first_started(guest):
    game = start_game(guest)
    finish(game)

    first = guest.post(game_url("play_again", game))
    second = guest.post(game_url("play_again", game), **HTMX)

    assert second["HX-Redirect"] == first["Location"]
    assert Game.objects.count() == 2
