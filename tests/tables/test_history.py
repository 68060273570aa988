"""A live table in « Mes parties »: every person who sat at it finds it, seen from their
own seat, with the same score sheet and replay as a solo game."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from play.cardnames import full_name
from play.models import Game, LiveTable
from tables import clock
from tests.tables.helpers import guest_client, open_table, position, sit, start

pytestmark = pytest.mark.django_db


def played_by_the_clock(game: Game, *, until_finished: bool) -> Game:
    for _ in range(3000):
        game.refresh_from_db()
        if game.is_finished or (not until_finished and game.move_count > 10):
            return game
        LiveTable.objects.filter(game=game).update(deadline=timezone.now() - timedelta(seconds=1))
        clock.tick()
    raise AssertionError("the clock did not move the table on")


@pytest.fixture
def players():
    host, friend = guest_client(), guest_client()
    game = open_table(host, "Alice")
    sit(friend, game, 2, "Bruno")
    return start(host, game), host, friend


def test_a_seated_friend_finds_the_game_in_their_history_from_their_seat(players) -> None:
    game, host, friend = players
    game = played_by_the_clock(game, until_finished=True)

    for client, you, other in ((host, 0, "Bruno"), (friend, 2, "Alice")):
        page = client.get(reverse("review:history")).content.decode()
        assert reverse("review:replay", args=[game.pk]) in page
        assert other in page and "Vous" in page
        expected = "Victoire" if game.winner == you else "Défaite"
        assert expected in page or expected.lower() in page.lower()
        sheet = client.get(reverse("review:replay", args=[game.pk])).content.decode()
        assert other in sheet and "Partager" not in sheet
        # The reader's own column is the one marked, whatever their seat.
        headers = re.findall(r'<th scope="col"( class="is-you")?>([^<]+)</th>', sheet)
        assert [name for marked, name in headers if marked] == ["Vous"], headers
    assert guest_client().get(reverse("review:replay", args=[game.pk])).status_code == 404


def test_a_game_in_progress_shows_each_person_only_their_own_hand(players) -> None:
    game, host, friend = players
    game = played_by_the_clock(game, until_finished=False)
    dealt = game.hands.get(number=1).dealt_cards()
    url = reverse("review:replay_step", args=[game.pk, 1, 0])

    for client, seat in ((host, 0), (friend, 2)):
        page = client.get(url).content.decode()
        shown = {
            other for other in range(4) if all(full_name(card) in page for card in dealt[other])
        }
        assert shown == {seat}
    assert position(game).seating.people == (0, 2)


def test_a_friend_gets_no_key_moments_of_the_host(players) -> None:
    game, _host, friend = players
    game = played_by_the_clock(game, until_finished=True)

    url = reverse("review:replay_moments", args=[game.pk, 1])
    assert friend.get(url, HTTP_HX_REQUEST="true").status_code == 404
