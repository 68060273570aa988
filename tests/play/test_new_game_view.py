"""Starting a game from the home page: « Jouer » in one click, or « Nouvelle partie »."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from django.urls import resolve, reverse

from play.models import Game

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


def test_jouer_posted_several_times_at_once_keeps_every_game_reachable():
    """A double tap on « Jouer », or two tabs: the posts leave together from a browser that
    has only seen the home page; whichever cookie it keeps, it sees every game started."""
    browser = Client(enforce_csrf_checks=True)
    browser.get(reverse("game:home"))
    csrf = browser.cookies[settings.CSRF_COOKIE_NAME].value
    for _ in range(3):
        tab = Client(enforce_csrf_checks=True)
        tab.cookies = browser.cookies  # the cookies the page was shown with, no later ones
        response = tab.post(reverse("game:new_game"), {"csrfmiddlewaretoken": csrf})
        assert response.status_code == 302

    assert Game.objects.count() == 3
    for game in Game.objects.all():
        assert browser.get(reverse("game:table", args=[game.pk])).status_code == 200


def test_a_stolen_csrf_cookie_gives_no_one_elses_games(client):
    """The guest's identity is in the session alone: knowing someone's CSRF cookie (it is
    readable by scripts, and a value one can choose) reaches none of their games."""
    client.get(reverse("game:home"))
    client.post(reverse("game:new_game"))
    victim_game = Game.objects.get()
    thief = Client()
    thief.cookies[settings.CSRF_COOKIE_NAME] = client.cookies[settings.CSRF_COOKIE_NAME].value
    thief.post(reverse("game:new_game"))

    assert thief.get(reverse("game:table", args=[victim_game.pk])).status_code == 404
    assert Game.objects.values("guest_id").distinct().count() == 2


def test_two_browsers_are_two_guests(client, other_guest):
    for visitor in (client, other_guest):
        visitor.get(reverse("game:home"))
        visitor.post(reverse("game:new_game"))
    assert Game.objects.values("guest_id").distinct().count() == 2
