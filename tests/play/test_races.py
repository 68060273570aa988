"""Concurrent posts for one game, sent as real requests from threads, each with its own
database connection: every answer is a table (never a 500) and the game moves on once.

Run on PostgreSQL (make test's rerun): a waiting request must read the game's current hand
after it holds the game's row lock, not from the snapshot it started with. SQLite's
in-memory test database is not shared between threads' connections; the load test
(make load) covers SQLite with many writers.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable

import pytest
from django.db import connection
from django.test import Client

from game.engine import Phase
from play import services
from play.models import Game
from play.positions import Position
from tests.driving import play_until
from tests.visits import HTMX, game_url, owner_of_client, pass_codes, start_game

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor == "sqlite",
        reason="SQLite's in-memory test database is not shared between threads",
    ),
]

RACERS = 12


def at_once(requests: list[Callable[[], int]]) -> list[int | BaseException]:
    """Run the requests together (a barrier releases them at once); their status codes."""
    barrier = threading.Barrier(len(requests))
    results: list[int | BaseException] = [0] * len(requests)

    def run(index: int, request: Callable[[], int]) -> None:
        try:
            barrier.wait()
            results[index] = request()
        except BaseException as error:
            results[index] = error
        finally:
            connection.close()

    threads = [
        threading.Thread(target=run, args=(index, request))
        for index, request in enumerate(requests)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def client_like(client: Client) -> Client:
    """Another tab of the same browser: same session cookie, own connection."""
    twin = Client(raise_request_exception=True)
    twin.cookies = client.cookies
    return twin


def finished_hand(client: Client) -> Game:
    game = start_game(client)
    owner = owner_of_client(client)
    return play_until(game, owner, lambda position: position.deal.phase == Phase.FINISHED)


def next_hand_post(client: Client, game: Game, move: int) -> Callable[[], int]:
    return lambda: (
        client_like(client).post(game_url("next_hand", game), {"move": move}, **HTMX).status_code
    )


def test_many_next_hand_at_once_deal_one_hand_and_answer_each(client: Client) -> None:
    game = finished_hand(client)
    move = game.move_count
    results = at_once([next_hand_post(client, game, move) for _ in range(RACERS)])
    assert sorted(results, key=str) == sorted([200] + [409] * (RACERS - 1), key=str), results
    assert game.hands.count() == 2


@pytest.mark.parametrize("trial", range(3))
def test_a_pass_racing_next_hand(client: Client, trial: int) -> None:
    """Whichever gets the lock first, the other answers with a table: the pass is refused
    (the hand it was meant for is over, or the move number it saw is past)."""
    game = finished_hand(client)
    move = game.move_count
    cards = pass_codes(game)
    results = at_once(
        [
            next_hand_post(client, game, move),
            lambda: (
                client_like(client)
                .post(game_url("pass_cards", game), {"cards": cards, "move": move}, **HTMX)
                .status_code
            ),
        ]
    )
    assert results == [200, 409], results
    assert game.hands.count() == 2


def test_many_advances_at_once_on_a_difficile_game_run_one_search(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = start_game(client, difficulty="hard")
    # Each search: the move number it started from, and when it started and ended.
    searches: list[tuple[int, float, float]] = []
    real_bot_moves = services._bot_moves

    def counted(position: Position) -> list:
        started = time.monotonic()
        moves = real_bot_moves(position)
        searches.append((position.game.move_count, started, time.monotonic()))
        return moves

    monkeypatch.setattr(services, "_bot_moves", counted)

    def advance_post() -> tuple[int, str]:
        response = client_like(client).post(game_url("advance", game), **HTMX)
        return response.status_code, response.content.decode()

    answers: list[tuple[int, str]] = []
    results = at_once([lambda: answers.append(advance_post()) or 200 for _ in range(RACERS)])

    assert results == [200] * RACERS, results
    assert [status for status, _ in answers] == [200] * RACERS
    # One search at a time, each from a new position: a racer that arrives once the first
    # search has written its moves (a slow machine) may rightly search the next ones.
    searches.sort(key=lambda search: search[1])
    assert searches, "nobody searched"
    for before, after in itertools.pairwise(searches):
        assert after[1] >= before[2], searches
        assert after[0] > before[0], searches
    # A search may leave bots to play (its time budget); each other request
    # was told the bots are busy, or came once nothing was left for the bots to do.
    not_busy = [html for _, html in answers if 'data-bots-busy="1"' not in html]
    assert len([html for html in not_busy if 'data-bots-pending="1"' in html]) <= len(searches)
    game.refresh_from_db()
    assert game.move_count > 0 and game.bots_thinking_until is None


def test_many_rejouer_at_once_start_one_game(client: Client) -> None:
    game = start_game(client)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, winner=0)
    places: list[str] = []

    def rejouer() -> int:
        response = client_like(client).post(game_url("play_again", game))
        places.append(response["Location"])
        return response.status_code

    results = at_once([rejouer for _ in range(RACERS)])

    assert results == [302] * RACERS, results
    assert len(set(places)) == 1
    assert Game.objects.count() == 2
