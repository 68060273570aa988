"""Passing three cards (« Passer à gauche » / « à droite » / « en face »)."""

from __future__ import annotations

import pytest

from play.models import Game
from tests.driving import position_of
from tests.visits import HTMX, game_url, pass_codes, start_game

pytestmark = pytest.mark.django_db


def pass_cards(client, game: Game, cards: list[str], move: int | None = None, **headers):
    move = game.move_count if move is None else move
    return client.post(game_url("pass_cards", game), {"cards": cards, "move": move}, **headers)


def unchanged(game: Game) -> bool:
    return Game.objects.get(pk=game.pk).move_count == game.move_count


def test_three_cards_are_passed_and_three_received_cards_are_marked(guest):
    game = start_game(guest)
    chosen = pass_codes(game)

    response = pass_cards(guest, game, chosen, **HTMX)

    page = response.content.decode()
    assert response.status_code == 200
    assert page.count('<span class="received"') == 3
    assert {card.code for card in position_of(game).deal.passed(0)} == set(chosen)


def test_a_plain_form_post_is_redirected_back_to_the_table(guest):
    game = start_game(guest)

    response = pass_cards(guest, game, pass_codes(game))

    assert response.status_code == 302
    assert response["Location"] == game_url("table", game)


@pytest.mark.parametrize("count", [0, 2, 4])
def test_anything_but_three_cards_is_refused(guest, count):
    game = start_game(guest)
    hand = [card.code for card in position_of(game).deal.hand(0)]

    response = pass_cards(guest, game, hand[:count], **HTMX)

    assert response.status_code == 409
    assert "Choisissez exactement 3 cartes à passer." in response.content.decode()
    assert unchanged(game)


def test_cards_from_another_hand_are_refused(guest):
    game = start_game(guest)
    others = [card.code for card in position_of(game).deal.hand(1)[:3]]

    response = pass_cards(guest, game, others, **HTMX)

    assert response.status_code == 409
    assert "Choisissez exactement 3 cartes différentes de votre main" in response.content.decode()
    assert unchanged(game)


def test_an_unknown_card_code_is_refused(guest):
    game = start_game(guest)

    response = pass_cards(guest, game, ["2C", "3C", "1X"], **HTMX)

    assert response.status_code == 409
    assert "Carte inconnue." in response.content.decode()
    assert unchanged(game)


def test_a_second_pass_is_refused(guest):
    game = start_game(guest)
    pass_cards(guest, game, pass_codes(game))
    game.refresh_from_db()

    response = pass_cards(guest, game, ["2C", "3C", "4C"], **HTMX)

    assert response.status_code == 409
    assert "La passe est déjà faite." in response.content.decode()
    assert unchanged(game)


def test_a_stale_move_is_refused(guest):
    game = start_game(guest)

    response = pass_cards(guest, game, pass_codes(game), move=game.move_count + 1, **HTMX)

    assert response.status_code == 409
    assert "Cette action a déjà été prise en compte." in response.content.decode()
    assert unchanged(game)
