"""« Avancer »: the browser asks for the bots' moves that did not fit one request."""

from __future__ import annotations

import pytest

from play import positions, table_play
from play.models import Game
from tests.driving import position_of
from tests.visits import HTMX, game_url, start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def slow_bots(monkeypatch):
    """Every bot uses up the time budget: one bot move per request."""
    monkeypatch.setattr(table_play, "BOT_TIME_BUDGET", -1)


def test_a_table_waiting_for_the_bots_asks_the_browser_to_advance(guest, slow_bots):
    game = start_game(guest)

    page = guest.get(game_url("table", game)).content.decode()

    assert 'data-bots-pending="1"' in page
    assert game_url("advance", game) in page
    # Hugo chooses his pass while the player chooses theirs: his seat thinks, the status
    # asks the player for theirs.
    assert "seat seat--top is-turn is-thinking" in page
    assert "Choisissez 3 cartes à passer à Léa." in page


def test_advancing_lets_the_next_bot_move(guest, slow_bots):
    game = start_game(guest)

    response = guest.post(game_url("advance", game), **HTMX)

    assert response.status_code == 200
    assert Game.objects.get(pk=game.pk).move_count == game.move_count + 1


def test_advancing_until_the_bots_are_done_leaves_the_table_to_the_human(guest, slow_bots):
    game = start_game(guest)
    for _ in range(3):
        guest.post(game_url("advance", game), **HTMX)

    page = guest.get(game_url("table", game), **HTMX).content.decode()

    assert not positions.bots_pending(position_of(game))
    assert 'data-bots-pending=""' in page
    assert "Passer à gauche" in page


def test_advancing_with_nothing_to_do_changes_nothing(guest):
    game = start_game(guest)

    response = guest.post(game_url("advance", game), **HTMX)

    assert response.status_code == 200
    assert Game.objects.get(pk=game.pk).move_count == game.move_count


def test_a_plain_form_post_is_redirected_back_to_the_table(guest, slow_bots):
    game = start_game(guest)

    response = guest.post(game_url("advance", game))

    assert response.status_code == 302


def test_a_finished_game_does_not_advance(guest):
    game = start_game(guest)
    Game.objects.filter(pk=game.pk).update(status="finished", winner=0)

    response = guest.post(game_url("advance", game), **HTMX)

    assert response.status_code == 409
    assert "La partie est terminée." in response.content.decode()
