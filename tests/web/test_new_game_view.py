"""Starting a game from the home page: « Jouer » in one click, or « Nouvelle partie »."""

from __future__ import annotations

import pytest
from django.urls import resolve, reverse

from game.models import Game

pytestmark = pytest.mark.django_db


def test_jouer_starts_a_game_with_the_defaults_and_opens_it(client):
    response = client.post(reverse("game:new_game"))

    game = Game.objects.get()
    assert response.status_code == 302
    assert resolve(response["Location"]).kwargs["game_id"] == game.pk
    assert (game.target, game.difficulty, game.training) == (100, "normal", False)
    assert game.guest_id is not None


def test_the_options_choose_length_level_and_training(client):
    client.post(reverse("game:new_game"), {"target": "50", "difficulty": "easy", "training": "on"})

    game = Game.objects.get()
    assert (game.target, game.difficulty, game.training) == (50, "easy", True)


def test_a_member_owns_the_game(member):
    member.post(reverse("game:new_game"))

    assert Game.objects.get().owner.username == "camille"


@pytest.mark.parametrize("data", [{"target": "75"}, {"difficulty": "expert"}])
def test_unknown_options_are_refused_on_the_home_page(client, data):
    response = client.post(reverse("game:new_game"), data)

    assert response.status_code == 400
    assert "Ces réglages ne sont pas valables." in response.content.decode()
    assert not Game.objects.exists()


def test_a_get_is_refused(client):
    assert client.get(reverse("game:new_game")).status_code == 405
