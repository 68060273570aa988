"""A game is only ever seen or played by its owner: every game URL answers 404 to others."""

from __future__ import annotations

import pytest
from django.urls import reverse

from play.models import Game
from tests.visits import HTMX, game_url, start_game

pytestmark = pytest.mark.django_db

ACTIONS = ["play_card", "pass_cards", "advance", "next_hand", "change_difficulty", "play_again"]
EVERY_POST = {"card": "2C", "cards": ["2C", "3C", "4C"], "move": "0", "difficulty": "easy"}


@pytest.fixture
def members_game(member) -> Game:
    member.post(reverse("game:new_game"))
    return Game.objects.get()


def moves_of(game: Game) -> int:
    return Game.objects.get(pk=game.pk).move_count


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "htmx"])
def test_another_guests_game_is_not_found(guest, other_guest, headers):
    game = start_game(other_guest)

    assert guest.get(game_url("table", game), **headers).status_code == 404
    for action in ACTIONS:
        response = guest.post(game_url(action, game), EVERY_POST, **headers)
        assert response.status_code == 404, action
    assert moves_of(game) == game.move_count
    assert Game.objects.count() == 1


def test_another_users_game_is_not_found(guest, members_game):
    assert guest.get(game_url("table", members_game)).status_code == 404
    for action in ACTIONS:
        assert guest.post(game_url(action, members_game), EVERY_POST).status_code == 404, action
    assert Game.objects.count() == 1


def test_a_users_game_is_not_found_by_another_user(django_user_model, members_game, client):
    client.force_login(django_user_model.objects.create_user("sacha", password="cœur-2024-x"))

    assert client.get(game_url("table", members_game)).status_code == 404
    for action in ACTIONS:
        assert client.post(game_url(action, members_game), EVERY_POST).status_code == 404, action


def test_a_game_that_does_not_exist_is_not_found(guest):
    missing = Game(pk=999_999)

    assert guest.get(game_url("table", missing)).status_code == 404
    for action in ACTIONS:
        assert guest.post(game_url(action, missing), EVERY_POST).status_code == 404, action


def test_an_unreadable_post_to_another_guests_game_is_still_not_found(guest, other_guest):
    game = start_game(other_guest)

    assert guest.post(game_url("play_card", game), {"move": "x"}).status_code == 404


def test_a_huge_game_number_is_not_found(guest):
    huge = Game(pk=10**30)

    assert guest.get(game_url("table", huge)).status_code == 404
    assert guest.post(game_url("play_card", huge), EVERY_POST).status_code == 404


def test_a_visitor_without_a_session_is_not_found(client, other_guest):
    game = start_game(other_guest)

    assert client.get(game_url("table", game)).status_code == 404
