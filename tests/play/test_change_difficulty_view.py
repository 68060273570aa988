"""The level menu: a new difficulty, applied from the next hand."""

from __future__ import annotations

import pytest

from play.models import Game
from tests.visits import HTMX, game_url, start_game

pytestmark = pytest.mark.django_db


def test_a_new_level_is_announced_for_the_next_hand(guest):
    game = start_game(guest)

    response = guest.post(game_url("change_difficulty", game), {"difficulty": "hard"}, **HTMX)

    page = response.content.decode()
    game.refresh_from_db()
    assert response.status_code == 200
    assert "Niveau « Difficile » à partir de la manche suivante." in page
    assert game.difficulty == "hard"
    assert game.current_hand.difficulty == "normal"


def test_an_unknown_level_is_refused(guest):
    game = start_game(guest)

    response = guest.post(game_url("change_difficulty", game), {"difficulty": "expert"}, **HTMX)

    assert response.status_code == 400
    assert "Niveau inconnu." in response.content.decode()
    assert Game.objects.get(pk=game.pk).difficulty == "normal"


def test_a_plain_form_post_is_redirected_back_to_the_table(guest):
    game = start_game(guest)

    response = guest.post(game_url("change_difficulty", game), {"difficulty": "easy"})

    assert response.status_code == 302
    assert response["Location"] == game_url("table", game)


def test_the_level_of_a_finished_game_stays_as_it_was(guest):
    game = start_game(guest)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, winner=0)

    response = guest.post(game_url("change_difficulty", game), {"difficulty": "hard"}, **HTMX)

    assert response.status_code == 409
    assert "La partie est terminée." in response.content.decode()
    assert Game.objects.get(pk=game.pk).difficulty == "normal"
