"""The live table's socket (tables.consumers) through Channels' WebsocketCommunicator, on
the transactional database (the pushes go out after commit): each connection gets its own
seat's table with the move number, news after every move, and a bad frame gets a message
to that socket alone, which stays usable."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connection, connections
from django.http import HttpResponse
from django.test import Client
from django.test.utils import CaptureQueriesContext

from config.asgi import application
from game.engine import Phase
from play import services
from play.models import Game, Seat
from play.ownership import Owner
from play.turns import seats_to_act
from tables import clock, display
from tables.consumers import TableConsumer
from tests.ranked.builders import accounts, rated_table
from tests.tables.helpers import (
    HTMX,
    guest_client,
    live_url,
    open_table,
    position,
    sit,
    start,
    token_of,
)
from tests.tables.test_live_play import pass_of, post_pass

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

ORIGIN = [(b"origin", b"http://localhost"), (b"host", b"localhost")]


@pytest_asyncio.fixture(autouse=True)
async def close_connections() -> AsyncIterator[None]:
    """The consumer's queries run in asgiref's thread: its connection is closed after each
    test, or PostgreSQL could not drop the test database."""
    yield
    await sync_to_async(connections.close_all)()


@pytest.fixture(autouse=True)
def no_clock_task(settings) -> None:
    """These tests move the clock themselves (tests/tables/test_live_play.py)."""
    settings.TABLE_CLOCK_IN_PROCESS = False


def socket(client: Client | None, game: Game, token: str | None = None) -> WebsocketCommunicator:
    headers = list(ORIGIN)
    if client is not None:
        headers.append((b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode()))
    path = f"/ws/table/{token or token_of(game)}/"
    return WebsocketCommunicator(application, path, headers=headers)


async def connected(client: Client | None, game: Game) -> tuple[WebsocketCommunicator, dict]:
    communicator = await sync_to_async(socket)(client, game)
    accepted, _ = await communicator.connect()
    assert accepted
    return communicator, await receive(communicator)


async def receive(communicator: WebsocketCommunicator, kind: str | None = None) -> dict:
    while True:
        message = json.loads(await communicator.receive_from(timeout=5))
        if kind is None or message["kind"] == kind:
            return message


@pytest.fixture
def table() -> tuple[Game, Client, Client]:
    """Alice (host, south) and Bruno (north) with two Facile bots, the first hand dealt."""
    host, friend = guest_client(), guest_client()
    game = open_table(host, "Alice")
    sit(friend, game, 2, "Bruno")
    return start(host, game), host, friend


def play_first_hand_as_people(game: Game) -> dict[int, Client]:
    """Four accounts at a queue's « Amicale » table play its first hand themselves; their
    signed-in browsers by seat."""
    users = {seat.number: seat.user for seat in Seat.objects.filter(game=game)}
    live = Game.Kind.LIVE
    while (deal := position(game).deal).phase != Phase.FINISHED:
        for seat in seats_to_act(deal):
            owner = Owner(user_id=users[seat].pk)
            if deal.phase == Phase.PASSING:
                codes = pass_of(game, seat)
                services.submit_pass(game_id=game.pk, owner=owner, card_codes=codes, kind=live)
            else:
                code = deal.legal_cards(seat)[0].code
                services.play_card(game_id=game.pk, owner=owner, card_code=code, kind=live)
    clients = {}
    for seat, user in users.items():
        clients[seat] = Client()
        clients[seat].force_login(user)
    return clients


def pass_naming(client: Client, game: Game, socket_key: str) -> tuple[int, HttpResponse]:
    """South's pass posted from a page that names `socket_key` as its socket (live.js);
    the move number it makes, and the answer."""
    game.refresh_from_db()
    data = {"cards": pass_of(game, 0), "move": game.move_count}
    url = live_url("pass_cards", game)
    return game.move_count + 1, client.post(url, data, **HTMX, HTTP_X_TABLE_SOCKET=socket_key)


def hand_codes(game: Game, seat: int) -> set[str]:
    return {card.code for card in position(game).deal.hand(seat)}


async def test_each_socket_gets_its_own_seat_and_a_spectator_no_hand(table) -> None:
    game, host, friend = table
    hands = {seat: await sync_to_async(hand_codes)(game, seat) for seat in range(4)}

    spectator = await sync_to_async(guest_client)()

    for client, seat in ((host, 0), (friend, 2), (spectator, None)):
        communicator, first = await connected(client, game)
        assert first["kind"] == "table" and first["move"] == game.move_count
        html = first["html"]
        shown = {code for cards in hands.values() for code in cards if f'value="{code}"' in html}
        assert shown == (hands[seat] if seat is not None else set())
        await communicator.disconnect()


async def test_a_move_through_the_page_reaches_the_other_sockets(table) -> None:
    game, host, friend = table
    alice, _ = await connected(host, game)
    bruno, _ = await connected(friend, game)
    watcher, _ = await connected(await sync_to_async(guest_client)(), game)

    assert await sync_to_async(post_pass)(host, game, 0) == 200

    pushes = [await receive(communicator, "table") for communicator in (alice, bruno, watcher)]
    assert {pushed["move"] for pushed in pushes} == {game.move_count + 1}
    assert "En attente de Bruno…" in pushes[0]["html"]
    assert "Choisissez 3 cartes à passer à Chloé." in pushes[1]["html"]
    for communicator in (alice, bruno, watcher):
        await communicator.disconnect()


async def test_a_move_draws_each_perspective_once_for_the_sockets_that_show_it(
    table, monkeypatch
) -> None:
    """Two spectators and Alice in two tabs: after Alice's pass the process draws three
    tables (hers, Bruno's, the spectators'), not five; each socket gets its own seat's."""
    game, host, friend = table
    alice, _ = await connected(host, game)
    alice_again, _ = await connected(host, game)
    bruno, _ = await connected(friend, game)
    watchers = [(await connected(await sync_to_async(guest_client)(), game))[0] for _ in "ab"]
    drawn: list[str] = []
    draw = display.draw

    def counted(*args, **kwargs) -> str:
        drawn.append(html := draw(*args, **kwargs))
        return html

    monkeypatch.setattr(display, "draw", counted)

    assert await sync_to_async(post_pass)(host, game, 0) == 200

    sockets = (alice, alice_again, bruno, *watchers)
    pushes = [(await receive(communicator, "table"))["html"] for communicator in sockets]
    assert len(drawn) == 3
    assert pushes[0] == pushes[1] and "En attente de Bruno…" in pushes[0]
    assert "Choisissez 3 cartes à passer à Chloé." in pushes[2]
    assert pushes[3] == pushes[4] and 'name="card"' not in pushes[3]
    for communicator in sockets:
        await communicator.disconnect()


async def test_a_move_s_news_costs_a_socket_two_queries(table, monkeypatch) -> None:
    """The game (its hand and live table joined) and its seats, read once: the seat the
    socket shows comes from the drawing's own read (issue 38). The moves are not read
    again, this process keeps the position the pass left."""
    game, host, friend = table
    bruno, _ = await connected(friend, game)
    queries: list[list[str]] = []
    state = TableConsumer._state

    def counted(consumer: TableConsumer, force: bool, shared: bool) -> dict | None:
        with CaptureQueriesContext(connection) as captured:
            answer = state(consumer, force, shared)
        queries.append([query["sql"] for query in captured])
        return answer

    monkeypatch.setattr(TableConsumer, "_state", counted)

    assert await sync_to_async(post_pass)(host, game, 0) == 200

    assert (await receive(bruno, "table"))["move"] == game.move_count + 1
    assert len(queries) == 1 and len(queries[0]) == 2, queries
    await bruno.disconnect()


async def test_the_page_that_posted_a_move_gets_it_in_the_answer_not_again_by_its_socket(
    table,
) -> None:
    """Alice passes from the page of her first tab, which names its socket: that socket
    draws nothing for the move (the answer to the post carries it), her second tab's and
    Bruno's get it; the next move reaches the first tab again. A header that is not a
    socket's key changes nothing."""
    game, host, friend = table
    alice, first = await connected(host, game)
    alice_again, _ = await connected(host, game)
    bruno, _ = await connected(friend, game)

    moved, answer = await sync_to_async(pass_naming)(host, game, first["socket"])

    assert answer.status_code == 200 and "En attente de Bruno…" in answer.content.decode()
    assert (await receive(alice_again, "table"))["move"] == moved
    assert (await receive(bruno, "table"))["move"] == moved
    assert await alice.receive_nothing(timeout=0.3)

    # Bruno's pass ends the passing: the bot holding 2♣, if one does, leads at once.
    assert await sync_to_async(post_pass)(friend, game, 2) == 200
    assert (await receive(alice, "table"))["move"] > moved
    for communicator in (alice, alice_again, bruno):
        await communicator.disconnect()


async def test_a_post_naming_no_socket_s_key_reaches_every_socket(table) -> None:
    game, host, _friend = table
    alice, _ = await connected(host, game)

    moved, answer = await sync_to_async(pass_naming)(host, game, "x" * 500)

    assert answer.status_code == 200
    assert (await receive(alice, "table"))["move"] == moved
    await alice.disconnect()


async def test_a_hand_dealt_with_nobody_s_move_in_it_reaches_every_socket() -> None:
    """Four people: the next hand adds no move (nobody has passed yet), and is news all the
    same, at the same move number with the next hand number."""

    def table_after_a_hand() -> tuple[Game, dict[int, Client]]:
        game = rated_table(accounts("anna", "bob", "carl", "dina"), rated=False)
        return game, play_first_hand_as_people(game)

    game, clients = await sync_to_async(table_after_a_hand)()
    sockets = {seat: await connected(client, game) for seat, client in clients.items()}
    moves = {first["move"] for _socket, first in sockets.values()}
    assert {first["hand"] for _socket, first in sockets.values()} == {1}

    south = await sync_to_async(lambda: Seat.objects.get(game=game, number=0).user_id)()
    owner = Owner(user_id=south)
    outcome = await sync_to_async(services.next_hand)(
        game_id=game.pk, owner=owner, kind=Game.Kind.LIVE
    )
    assert outcome.error is None and outcome.new_moves == []

    for communicator, _first in sockets.values():
        pushed = await receive(communicator, "table")
        assert pushed["hand"] == 2 and {pushed["move"]} == moves
        assert "Manche 2" in pushed["html"] and 'data-hand-number="2"' in pushed["html"]
        await communicator.disconnect()


async def test_a_reconnection_gets_the_whole_current_table(table) -> None:
    game, host, friend = table
    bruno, first = await connected(friend, game)
    await bruno.disconnect()
    await sync_to_async(post_pass)(host, game, 0)
    await sync_to_async(post_pass)(friend, game, 2)

    bruno, again = await connected(friend, game)

    assert again["move"] > first["move"]
    current = await sync_to_async(lambda: Game.objects.get(pk=game.pk).move_count)()
    assert again["move"] == current
    await bruno.disconnect()


async def test_a_pass_over_the_socket_goes_through_the_services(table) -> None:
    game, host, _friend = table
    alice, _ = await connected(host, game)
    cards = await sync_to_async(pass_of)(game, 0)

    await alice.send_to(
        text_data=json.dumps({"type": "pass", "cards": cards, "move": game.move_count})
    )

    pushed = await receive(alice, "table")
    assert pushed["move"] == game.move_count + 1
    # Again: already done.
    await alice.send_to(
        text_data=json.dumps({"type": "pass", "cards": cards, "move": pushed["move"]})
    )
    refused = await receive(alice, "error")
    assert "La passe est déjà faite" in refused["message"]
    await alice.disconnect()


@pytest.mark.parametrize(
    "frame",
    [
        "{not json",
        "[]",
        json.dumps({"type": "launch"}),
        json.dumps({"type": "play", "card": "QS"}),
        json.dumps({"type": "play", "card": "ZZ", "move": 0}),
        json.dumps({"type": "play", "card": {"$gt": 1}, "move": 0}),
        json.dumps({"type": "pass", "cards": "2C", "move": 0}),
        json.dumps({"type": "emote", "phrase": "<script>"}),
        "x" * 1_000_000,
    ],
)
async def test_a_bad_frame_is_refused_to_that_socket_alone(table, frame: str) -> None:
    game, host, friend = table
    alice, _ = await connected(host, game)
    bruno, _ = await connected(friend, game)
    moves = game.move_count

    await alice.send_to(text_data=frame)

    assert (await receive(alice))["kind"] == "error"
    assert await bruno.receive_nothing(timeout=0.2)
    # Still usable.
    await alice.send_to(text_data=json.dumps({"type": "refresh"}))
    assert (await receive(alice))["kind"] == "table"
    assert await sync_to_async(lambda: Game.objects.get(pk=game.pk).move_count)() == moves
    await alice.disconnect()
    await bruno.disconnect()


async def test_a_refresh_shows_the_seat_as_it_is_even_at_the_same_move(table) -> None:
    """A browser whose socket died missed the push that a bot took its seat (issue 37,
    fault 7): back on the tab it asks again, and the answer is swapped in although no move
    was made since (`force`), with « Reprendre ma place »."""
    game, host, _friend = table
    alice, first = await connected(host, game)
    assert "Reprendre ma place" not in first["html"]
    await sync_to_async(Seat.objects.filter(game=game, number=0).update)(away=True)

    await alice.send_to(text_data=json.dumps({"type": "refresh"}))

    answer = await receive(alice, "table")
    assert (answer["move"], answer["force"]) == (first["move"], True)
    assert "Reprendre ma place" in answer["html"]
    await alice.disconnect()


async def test_a_card_of_another_seat_or_out_of_turn_is_refused(table) -> None:
    game, host, friend = table
    await sync_to_async(post_pass)(host, game, 0)
    await sync_to_async(post_pass)(friend, game, 2)
    deal = (await sync_to_async(position)(game)).deal
    moves = await sync_to_async(lambda: Game.objects.get(pk=game.pk).move_count)()
    waiting = 2 if deal.turn == 0 else 0
    client = friend if waiting == 2 else host
    communicator, _ = await connected(client, game)

    other_seat = 0 if waiting == 2 else 2
    for card in (deal.hand(waiting)[0], deal.hand(other_seat)[0]):
        frame = {"type": "play", "card": card.code, "move": moves}
        await communicator.send_to(text_data=json.dumps(frame))
        refused = await receive(communicator, "error")
        assert refused["message"]
    assert await sync_to_async(lambda: Game.objects.get(pk=game.pk).move_count)() == moves
    await communicator.disconnect()


async def test_a_flood_of_frames_is_cut_short_and_the_socket_recovers(table) -> None:
    game, host, _friend = table
    alice, _ = await connected(host, game)

    for _ in range(100):
        await alice.send_to(text_data=json.dumps({"type": "launch"}))
    answers = 0
    while not await alice.receive_nothing(timeout=0.3):
        await alice.receive_from()
        answers += 1

    assert answers <= 25  # the burst, then silence
    await asyncio.sleep(0.5)
    await alice.send_to(text_data=json.dumps({"type": "refresh"}))
    assert (await receive(alice))["kind"] == "table"
    await alice.disconnect()


async def test_quick_messages_show_by_the_sender_seat_for_everyone(table) -> None:
    game, host, friend = table
    alice, _ = await connected(host, game)
    bruno, _ = await connected(friend, game)

    await bruno.send_to(text_data=json.dumps({"type": "emote", "phrase": "bravo"}))

    shown = await receive(alice, "emote")
    assert (shown["place"], shown["text"]) == ("top", "Bien joué !")
    assert (await receive(bruno, "emote"))["place"] == "bottom"
    await bruno.send_to(text_data=json.dumps({"type": "emote", "phrase": "merci"}))
    assert "attendez" in (await receive(bruno, "error"))["message"]
    await alice.disconnect()
    await bruno.disconnect()


async def test_spectators_are_counted_for_everyone(table) -> None:
    game, host, _friend = table
    alice, _ = await connected(host, game)

    watcher, _ = await connected(await sync_to_async(guest_client)(), game)

    assert (await receive(alice, "spectators"))["text"] == "1 spectateur"
    await watcher.disconnect()
    assert (await receive(alice, "spectators"))["text"] == ""
    await alice.disconnect()


async def test_the_waiting_room_fills_live_and_commencer_moves_everyone_to_the_table() -> None:
    host, friend, late = await sync_to_async(
        lambda: (guest_client(), guest_client(), guest_client())
    )()
    game = await sync_to_async(open_table)(host, "Alice")
    alice, first = await connected(host, game)
    assert first["kind"] == "room"
    watcher, _ = await connected(late, game)

    assert await sync_to_async(sit)(friend, game, 3, "Bruno") == 200

    for communicator in (alice, watcher):
        room = await receive(communicator, "room")
        assert "Bruno" in room["html"]
    await sync_to_async(start)(host, game)
    for communicator in (alice, watcher):
        assert (await receive(communicator))["kind"] == "reload"
    await alice.disconnect()
    await watcher.disconnect()


async def test_an_unknown_table_is_closed_with_4404() -> None:
    communicator = WebsocketCommunicator(application, "/ws/table/" + "a" * 43 + "/", headers=ORIGIN)
    accepted, _ = await communicator.connect()
    assert accepted
    closed = await communicator.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": 4404}


async def test_a_frame_naming_another_table_acts_on_its_own_table_only(table) -> None:
    game, host, _friend = table
    other = await sync_to_async(lambda: start(host, open_table(host, "Alice")))()
    alice, _ = await connected(host, game)
    moves = {g.pk: g.move_count for g in (game, other)}
    cards = await sync_to_async(pass_of)(other, 0)

    frame = {"type": "pass", "cards": cards, "move": other.move_count, "table": other.pk}
    await alice.send_to(text_data=json.dumps(frame))

    # Those are the other table's cards: refused here, and the other table is untouched.
    assert (await receive(alice, "error"))["message"]
    counts = await sync_to_async(
        lambda: {g.pk: Game.objects.get(pk=g.pk).move_count for g in (game, other)}
    )()
    assert counts == moves
    await alice.disconnect()


async def test_the_clock_wakes_for_a_new_deadline_instead_of_polling() -> None:
    """Waiting on the channel layer: a deadline set after the clock went to sleep is met at
    once (SAFETY_WAIT is 5 s), here Difficile bots choosing their passes."""
    task = asyncio.create_task(clock.run_forever())
    await asyncio.sleep(0.3)  # the clock is now waiting: nothing is due

    def open_hard_table() -> Game:
        host = guest_client()
        return start(host, open_table(host, difficulty="hard"))

    game = await sync_to_async(open_hard_table)()
    passes = sync_to_async(lambda: game.moves.filter(kind="pass").count())
    started = asyncio.get_running_loop().time()
    while await passes() < 3:
        assert asyncio.get_running_loop().time() - started < clock.SAFETY_WAIT / 2
        await asyncio.sleep(0.05)
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
