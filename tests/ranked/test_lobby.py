"""« En ce moment » (issue 37, the lobby a card room has): who is online, in each queue, at
live tables and against the bots, and the queue's tables one may watch, counted from facts
that lapse on their own (a queue place a socket vouches for, a seat at a table that moved
lately, a solo game that moved lately), so a closed tab or a killed process stops counting
without anyone saying so."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from play.models import Game, Seat
from play.ownership import Owner
from play.services import start_game
from ranked import services
from ranked.lobby import ACTIVE_MINUTES, QueueLength, lobby, read_lobby
from ranked.selectors import PRESENCE_SECONDS
from tests.ranked.builders import accounts, rated_table
from tests.ranked.test_queue_presence import silent_for
from tests.tables.helpers import guest_client, open_table, sit, start

pytestmark = pytest.mark.django_db


def idle_for(game: Game, minutes: float) -> None:
    """The game's last move was `minutes` ago."""
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(minutes=minutes))


def waiting(target: int, rated: bool) -> int:
    queues = {(queue.target, queue.rated): queue.waiting for queue in read_lobby().queues}
    return queues[(target, rated)]


def test_an_empty_site_says_so_with_every_queue_at_zero() -> None:
    now = read_lobby()
    assert (now.online, now.at_live_tables, now.playing_solo) == (0, 0, 0)
    assert now.queues == (
        QueueLength(50, True, 0),
        QueueLength(50, False, 0),
        QueueLength(100, True, 0),
        QueueLength(100, False, 0),
    )
    assert now.watchable == ()


def test_each_queue_counts_the_places_a_socket_vouches_for() -> None:
    anna, bob, carl, dina = accounts("anna", "bob", "carl", "dina")
    services.join(user_id=anna.pk, target=50, rated=True)
    services.join(user_id=bob.pk, target=50, rated=True)
    services.join(user_id=carl.pk, target=100, rated=False)
    services.join(user_id=dina.pk, target=50, rated=True)
    assert (waiting(50, True), waiting(100, False), waiting(50, False)) == (3, 1, 0)
    # Dina closed her tab and no socket came back: a ghost, counted nowhere.
    services.page_closed(user_id=dina.pk)
    silent_for(dina.pk, PRESENCE_SECONDS + 1)
    # Carl's process was killed: no « closed » was said, his page just stopped vouching.
    silent_for(carl.pk, PRESENCE_SECONDS + 1)
    assert (waiting(50, True), waiting(100, False)) == (2, 0)
    assert read_lobby().online == 2


def test_a_queue_table_in_progress_is_counted_and_offered_to_watch() -> None:
    people = accounts("ambre", "basile", "camille", "david")
    game = rated_table(people)
    now = read_lobby()
    assert (now.online, now.at_live_tables) == (4, 4)
    (table,) = now.watchable
    assert (table.token, table.target, table.rated, table.hand) == (game.live.token, 50, True, 1)
    # By seat, the queue having seated them in a random order.
    assert sorted(table.players) == ["ambre", "basile", "camille", "david"]
    # Camille left: a bot plays for her, she is no longer counted at the table.
    Seat.objects.filter(game=game, user=people[2]).update(away=True)
    assert read_lobby().at_live_tables == 3
    # Nothing moved for longer than ACTIVE_MINUTES (everyone gone, the worker down).
    idle_for(game, ACTIVE_MINUTES + 1)
    now = read_lobby()
    assert (now.online, now.at_live_tables, now.watchable) == (0, 0, ())


def test_a_table_among_friends_counts_its_people_but_keeps_its_link_secret() -> None:
    host, friend = guest_client(), guest_client()
    game = open_table(host)
    sit(friend, game, 1, "Bruno")
    start(host, game)
    now = read_lobby()
    assert (now.online, now.at_live_tables) == (2, 2)
    assert now.watchable == ()


def test_solo_players_count_while_their_game_moves_and_each_person_once() -> None:
    (anna,) = accounts("anna")
    guest = Owner(guest_id=uuid.uuid4())
    start_game(owner=guest, seed=1)
    start_game(owner=guest, seed=2)
    old = start_game(owner=Owner(guest_id=uuid.uuid4()), seed=3)
    idle_for(old, ACTIVE_MINUTES + 1)
    start_game(owner=Owner(user_id=anna.pk), seed=4)
    # Anna plays solo while she waits in the queue: one person online.
    services.join(user_id=anna.pk, target=50, rated=True)
    now = read_lobby()
    assert (now.online, now.playing_solo, now.at_live_tables) == (2, 2, 0)


def test_the_figures_cost_five_queries_and_are_shared_for_a_few_seconds(
    django_assert_num_queries: object,
) -> None:
    rated_table(accounts("ambre", "basile", "camille", "david"))
    # Queue places, seats, solo games, the tables to watch and their seats.
    with django_assert_num_queries(5):  # type: ignore[operator]
        first = lobby()
    with django_assert_num_queries(0):  # type: ignore[operator]
        assert lobby() == first
    cache.clear()
    assert lobby() == first


@pytest.mark.parametrize("page", ["game:home", "ranked:play"])
def test_the_home_page_and_live_play_show_who_is_here(page: str) -> None:
    people = accounts("ambre", "basile", "camille", "david")
    rated_table(people)
    html = Client().get(reverse(page)).content.decode()
    assert "En ce moment" in html
    assert "4 joueurs en ligne" in html
    assert "4 à des tables en direct" in html
    assert "Classée · 50 points" in html and "0 en attente" in html
    assert all(name in html for name in ("ambre", "basile", "camille", "david"))
    assert "Regarder" in html
