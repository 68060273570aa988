"""« Manche suivante »: the next hand, once the current one is over."""

from __future__ import annotations

import pytest

from play.models import Game
from tests.driving import play_until
from tests.visits import HTMX, game_url, hand_over, start_game

pytestmark = pytest.mark.django_db


def next_hand(client, game: Game, move: int | None = None, **headers):
    move = game.move_count if move is None else move
    return client.post(game_url("next_hand", game), {"move": move}, **headers)


def test_the_next_hand_is_dealt_and_passes_the_other_way(guest, guest_owner):
    game = play_until(start_game(guest), guest_owner, hand_over)

    response = next_hand(guest, game, **HTMX)

    page = response.content.decode()
    assert response.status_code == 200
    assert "Manche 2" in page
    assert "Passer à droite" in page
    assert Game.objects.get(pk=game.pk).current_hand.number == 2


def test_the_next_hand_waits_for_the_end_of_this_one(guest):
    game = start_game(guest)

    response = next_hand(guest, game, **HTMX)

    assert response.status_code == 409
    assert "La manche n’est pas terminée." in response.content.decode()
    assert Game.objects.get(pk=game.pk).current_hand.number == 1


def test_a_second_click_does_not_deal_twice(guest, guest_owner):
    game = play_until(start_game(guest), guest_owner, hand_over)
    next_hand(guest, game, **HTMX)

    response = next_hand(guest, game, **HTMX)

    assert response.status_code == 409
    assert "Cette action a déjà été prise en compte." in response.content.decode()
    assert Game.objects.get(pk=game.pk).current_hand.number == 2


def test_a_missing_move_is_refused(guest, guest_owner):
    game = play_until(start_game(guest), guest_owner, hand_over)

    response = guest.post(game_url("next_hand", game), {}, **HTMX)

    assert response.status_code == 400
    assert "Cette page n’est plus à jour : rechargez-la." in response.content.decode()
