"""A table the queue dealt, as its players see and use it: « Classée » in its bar, no
« Indice » and no suggestion anywhere in the page at a rated one (an « Amicale » keeps it),
« Abandonner la partie » for good (a bot finishes; no « Reprendre ma place »)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from play.models import Game, Seat
from play.positions import load_position
from tests.ranked.builders import accounts, play_out, rated_table

pytestmark = pytest.mark.django_db


def page_of(user, game: Game) -> tuple[Client, str]:
    client = Client()
    client.force_login(user)
    return client, client.get(game.get_absolute_url()).content.decode()


def passer(game: Game):
    """Someone still to choose their pass (all four, at the start of hand 1)."""
    return Seat.objects.filter(game=game).order_by("number").first().user


@pytest.mark.parametrize("rated", [True, False])
def test_a_rated_table_gives_no_hint_and_an_amicale_one_does(rated: bool) -> None:
    users = accounts("anna", "bob", "carl", "dina")
    game = rated_table(users, rated=rated)
    _client, page = page_of(passer(game), game)
    assert ("Classée" if rated else "Amicale") in page
    assert ("Indice" in page) is not rated
    assert ("data-hint" in page) is not rated


def test_abandoning_hands_the_seat_to_a_bot_for_good() -> None:
    users = accounts("anna", "bob", "carl", "dina")
    game = rated_table(users)
    anna = passer(game)
    client, page = page_of(anna, game)
    assert "Abandonner la partie" in page
    response = client.post(reverse("tables:abandon", args=[game.pk]))
    assert response.status_code == 302
    seat = Seat.objects.get(game=game, user=anna)
    assert seat.abandoned and seat.away
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Reprendre ma place" not in page and "Abandonner la partie" not in page
    refused = client.post(reverse("tables:resume", args=[game.pk]), HTTP_HX_REQUEST="true")
    assert refused.status_code == 409
    assert "Vous avez abandonné cette partie" in refused.content.decode()
    assert Seat.objects.get(game=game, user=anna).abandoned
    # Its pass is the bot's now: the table waits for it no more (the clock plays at once).
    table = Game.objects.select_related("live").get(pk=game.pk).live
    assert table.deadline is not None and table.deadline_move == game.move_count
    assert load_position(game).seating.occupants[seat.number].bot_plays


def test_someone_not_at_the_table_cannot_abandon_it() -> None:
    users = accounts("anna", "bob", "carl", "dina", "eve")
    game = rated_table(users[:4])
    client = Client()
    client.force_login(users[4])
    assert client.post(reverse("tables:abandon", args=[game.pk])).status_code == 404
    assert client.get(reverse("tables:abandon", args=[game.pk])).status_code == 405


@pytest.mark.parametrize(("rated", "label"), [(True, "Classée"), (False, "Amicale")])
def test_a_queue_game_is_listed_as_classee_or_amicale(rated: bool, label: str) -> None:
    """« Mes parties » and the profile say which queue a finished game came from (a host's
    table says « Entre amis », a solo game the bots' level)."""
    users = accounts("anna", "bob", "carl", "dina")
    game = play_out(rated_table(users, rated=rated))
    client = Client()
    client.force_login(users[0])

    history = client.get(reverse("review:history")).content.decode()
    profile = client.get(reverse("players:mine"), follow=True).content.decode()

    meta = re.search(r'<p class="game-row__meta">(.*?)</p>', history, re.S)
    assert meta is not None and f"· {label}" in meta.group(1)
    assert "Normal" not in meta.group(1) and "Entre amis" not in meta.group(1)
    recent = re.search(r'<span class="profile__game-text">(.*?)</span>', profile, re.S)
    assert game.is_finished and recent is not None and f"· {label}" in recent.group(1)
