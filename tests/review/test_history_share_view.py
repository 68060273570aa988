"""Sharing a finished game: a read-only public replay behind an unguessable link, which the
owner may revoke; nobody else sees the game."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from play.models import Game
from tests.review.builders import recorded_game
from tests.visits import owner_of_client

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r"^[A-Za-z0-9_-]{43}$")


def share(client, game) -> int:
    return client.post(reverse("review:share", args=[game.pk])).status_code


def revoke(client, game) -> int:
    return client.post(reverse("review:unshare", args=[game.pk])).status_code


def public_urls(token: str) -> list[str]:
    return [
        reverse("review:shared", args=[token]),
        reverse("review:shared_step", args=[token, 1, 0]),
        reverse("review:shared_step", args=[token, 2, 9]),
    ]


def token_of(game: Game) -> str | None:
    return Game.objects.get(pk=game.pk).share_token


def test_the_owner_shares_a_finished_game_and_anyone_with_the_link_sees_its_replay(guest):
    game = recorded_game(owner_of_client(guest))

    assert share(guest, game) == 302
    token = token_of(game)

    assert TOKEN.match(token)
    stranger = Client()
    for url in public_urls(token):
        assert stranger.get(url).status_code == 200, url
    sheet = stranger.get(reverse("review:shared", args=[token])).content.decode()
    assert "Partie partagée" in sheet
    assert "Créer un lien de partage" not in sheet and "Retirer le lien" not in sheet
    assert reverse("review:shared_step", args=[token, 1, 0]) in sheet
    assert reverse("review:replay_step", args=[game.pk, 1, 0]) not in sheet


def test_the_public_replay_reveals_the_finished_game_but_never_the_owners_pages(guest):
    game = recorded_game(owner_of_client(guest))
    share(guest, game)
    token = token_of(game)
    stranger = Client()

    step = stranger.get(reverse("review:shared_step", args=[token, 1, 0])).content.decode()

    # Every hand in view, the player's named for the visitor: « Main d’Invité ».
    assert step.count('class="rhand"') == 4
    assert "Main d’Invité" in step and step.count("Main de ") == 3
    assert stranger.get(reverse("review:replay", args=[game.pk])).status_code == 404


def test_the_owners_sheet_shows_the_link_to_copy(guest):
    game = recorded_game(owner_of_client(guest))
    share(guest, game)

    html = guest.get(reverse("review:replay", args=[game.pk])).content.decode()

    assert f"http://testserver/partage/{token_of(game)}/" in html
    assert "Retirer le lien" in html


def test_sharing_twice_keeps_the_same_link(guest):
    game = recorded_game(owner_of_client(guest))
    share(guest, game)
    first = token_of(game)

    share(guest, game)

    assert token_of(game) == first


def test_a_revoked_link_is_not_found_and_a_new_share_makes_a_new_link(guest):
    game = recorded_game(owner_of_client(guest))
    share(guest, game)
    old = token_of(game)

    assert revoke(guest, game) == 302
    assert token_of(game) is None
    for url in public_urls(old):
        assert Client().get(url).status_code == 404, url

    share(guest, game)
    assert token_of(game) not in (None, old)
    assert Client().get(public_urls(old)[0]).status_code == 404


def test_nobody_else_can_share_or_revoke(guest, other_guest, member):
    game = recorded_game(owner_of_client(guest))

    assert share(other_guest, game) == 404
    assert share(member, game) == 404
    assert share(Client(), game) == 404
    assert token_of(game) is None
    share(guest, game)
    token = token_of(game)
    assert revoke(other_guest, game) == 404
    assert token_of(game) == token


def test_a_game_in_progress_cannot_be_shared_nor_seen_through_a_token(guest):
    game = recorded_game(owner_of_client(guest), finished=False, plays_in_last=5)

    assert share(guest, game) == 409
    assert token_of(game) is None
    Game.objects.filter(pk=game.pk).update(share_token="x" * 43)
    assert Client().get(reverse("review:shared", args=["x" * 43])).status_code == 404


def test_an_unknown_token_is_not_found():
    assert Client().get(reverse("review:shared", args=["n" * 43])).status_code == 404


def test_sharing_takes_a_post(guest):
    game = recorded_game(owner_of_client(guest))

    assert guest.get(reverse("review:share", args=[game.pk])).status_code == 405
    assert guest.get(reverse("review:unshare", args=[game.pk])).status_code == 405
