"""A share link's replay names the player (their account's name, « Invité » for a guest)
instead of calling its visitor « vous »; a link its owner revoked says so, still as a 404."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from play.models import Game
from play.ownership import Owner
from review import sharing
from tests.review.builders import recorded_game
from tests.visits import HTMX

pytestmark = pytest.mark.django_db

STOPPED = "Le joueur a cessé de partager cette partie."


def shared_game(owner: Owner) -> Game:
    return sharing.share_game(game=recorded_game(owner))


def member_owner(username: str = "margaux") -> Owner:
    return Owner(user_id=get_user_model().objects.create_user(username, password="x" * 12).pk)


def shared_steps(token: str, query: str = "") -> list:
    """The replay of hand 1's first tricks as a stranger sees it."""
    stranger = Client()
    steps = []
    for step in range(0, 10):
        url = reverse("review:shared_step", args=[token, 1, step]) + query
        response = stranger.get(url, **HTMX)
        assert response.status_code == 200
        steps.append(response.context["replay"])
    return steps


def test_the_shared_replay_names_the_players_account_and_never_says_you():
    token = shared_game(member_owner()).share_token

    steps = shared_steps(token)

    assert steps[0].you.name == "margaux"
    captions = " ".join(step.caption for step in steps)
    assert "margaux joue" in captions
    assert "vous" not in captions.lower()
    exchange = Client().get(reverse("review:shared_step", args=[token, 1, 1])).content.decode()
    assert "Passées à Léa" in exchange and "Reçues de Chloé" in exchange
    assert "Passées à Vous" not in exchange and "Voir depuis votre place" not in exchange


def test_a_guests_shared_game_names_its_player_invite():
    token = shared_game(Owner(guest_id="00000000-0000-4000-8000-000000000001")).share_token

    step = shared_steps(token, "?place=1")[0]

    assert step.you.name == "Léa"
    assert [seat.name for seat in step.opponents] == ["Hugo", "Chloé", "Invité"]
    labels = [choice.label for choice in step.seat_choices if not choice.current]
    assert labels == [
        "Voir depuis la place d’Invité",
        "Voir depuis la place de Hugo",
        "Voir depuis la place de Chloé",
    ]
    assert step.moments_url is None  # the player's key moments only from the player's seat
    assert shared_steps(token)[0].moments_url is not None
    # « de » elided before a vowel wherever the player is named, for a screen reader too.
    invite = next(seat for seat in step.opponents if seat.name == "Invité")
    assert invite.hand_label == "Main d’Invité" and step.you.hand_label == "Main de Léa"
    # Hand 1 passes left: Léa's three cards came from the player.
    exchange = shared_steps(token, "?place=1")[1]
    assert exchange.you.received_line.startswith("Reçues d’Invité : ")


def test_the_shared_sheet_names_the_player():
    token = shared_game(member_owner()).share_token

    response = Client().get(reverse("review:shared", args=[token]))

    sheet = response.context["sheet"]
    assert sheet.names == ["margaux", "Léa", "Hugo", "Chloé"]
    assert [row.name for row in sheet.standings if row.is_human] == ["margaux"]
    assert ">Vous<" not in response.content.decode()


def test_a_revoked_link_says_the_player_stopped_sharing_it(guest):
    game = shared_game(Owner(guest_id="00000000-0000-4000-8000-000000000002"))
    old = game.share_token
    sharing.revoke_share(game=game)

    # Every address of the link says so: the sheet, a step, « Rejouer ce moment », its
    # posts and « Moments clés » (the site's 404 page: pages.views.page_not_found).
    for method, url in (
        ("get", reverse("review:shared", args=[old])),
        ("get", reverse("review:shared_step", args=[old, 1, 0])),
        ("get", reverse("review:shared_practice", args=[old, 1, 8])),
        ("post", reverse("review:shared_practice_restart", args=[old, 1, 8])),
        ("get", reverse("review:shared_moments", args=[old, 1]) + "?etape=2"),
    ):
        response = getattr(Client(), method)(url, HTTP_HX_REQUEST="true")
        assert response.status_code == 404, url
        assert STOPPED in response.content.decode()
        assert response["X-Robots-Tag"] == "noindex, nofollow"

    # Shared again: a new link, and the old one still says it was taken back.
    sharing.share_game(game=game)
    assert Client().get(reverse("review:shared", args=[old])).status_code == 404
    assert STOPPED in Client().get(reverse("review:shared", args=[old])).content.decode()


@pytest.mark.parametrize("token", ["n" * 43, "A" * 22, "x", "a" * 42 + "_"])
def test_a_link_the_site_never_made_is_just_not_found(token):
    response = Client().get(reverse("review:shared", args=[token]))

    assert response.status_code == 404
    assert STOPPED not in response.content.decode()


def test_tokens_are_the_sites_own_and_unguessable():
    tokens = {sharing.new_token() for _ in range(50)}

    assert len(tokens) == 50
    assert all(len(token) == 43 and sharing.was_issued(token) for token in tokens)
    forged = next(iter(tokens))
    forged = forged[:-2] + ("AA" if forged[-2:] != "AA" else "BB")
    assert not sharing.was_issued(forged)
