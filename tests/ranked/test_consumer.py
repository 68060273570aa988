"""The queue page's socket (ranked.consumers) through Channels' WebsocketCommunicator, on
the transactional database (the news goes out after commit): a guest is refused, each
player hears the queue change, a table found is confirmed by the page's « ready » frame and
every player is sent to the table dealt; a bad frame gets a message, the socket open."""

from __future__ import annotations

import html
import json
import re
from collections.abc import AsyncIterator
from datetime import timedelta

import pytest
import pytest_asyncio
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User
from django.db import connections
from django.test import Client
from django.utils import timezone

from config.asgi import application
from play.models import Game, Seat
from ranked import services
from ranked.matching import BOTS_AFTER_SECONDS
from ranked.models import QueueEntry
from tests.ranked.builders import accounts, match_now

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

ORIGIN = [(b"origin", b"http://localhost"), (b"host", b"localhost")]


@pytest_asyncio.fixture(autouse=True)
async def close_connections() -> AsyncIterator[None]:
    yield
    await sync_to_async(connections.close_all)()


@pytest.fixture(autouse=True)
def no_clock_task(settings) -> None:
    """These tests run the matcher themselves (match_now)."""
    settings.TABLE_CLOCK_IN_PROCESS = False


def signed_in_socket(user: User | None) -> WebsocketCommunicator:
    headers = list(ORIGIN)
    if user is not None:
        client = Client()
        client.force_login(user)
        headers.append((b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode()))
    return WebsocketCommunicator(application, "/ws/direct/", headers=headers)


async def receive(communicator: WebsocketCommunicator, stage: str | None = None) -> dict:
    while True:
        message = json.loads(await communicator.receive_from(timeout=5))
        if stage is None or message.get("stage") == stage:
            return message


async def test_a_guest_s_socket_is_closed_with_4403() -> None:
    communicator = await sync_to_async(signed_in_socket)(None)
    accepted, _ = await communicator.connect()
    assert accepted
    closed = await communicator.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": 4403}


async def test_four_sockets_hear_the_table_found_confirm_it_and_are_sent_to_it() -> None:
    users = await sync_to_async(accounts)("anna", "bob", "carl", "dina")
    sockets = []
    for user in users:
        await sync_to_async(services.join)(user_id=user.pk, target=50, rated=True)
        communicator = await sync_to_async(signed_in_socket)(user)
        accepted, _ = await communicator.connect()
        assert accepted
        first = await receive(communicator)
        assert first["stage"] == "waiting" and "Recherche de joueurs…" in first["html"]
        sockets.append(communicator)
    # A fifth player joining: those waiting hear how many wait now.
    (eve,) = await sync_to_async(accounts)("eve")
    await sync_to_async(services.join)(user_id=eve.pk, target=50, rated=True)
    changed = await receive(sockets[0])
    assert "Joueurs en attente" in changed["html"]
    await sync_to_async(match_now)()
    for communicator in sockets:
        await receive(communicator, "found")
        await communicator.send_to(text_data=json.dumps({"type": "ready"}))
    urls = {(await receive(communicator, "playing"))["url"] for communicator in sockets}
    game = await sync_to_async(Game.objects.select_related("live").get)()
    assert urls == {game.get_absolute_url()}
    for communicator in sockets:
        await communicator.disconnect()


async def test_a_bad_frame_gets_a_message_and_the_socket_stays_open() -> None:
    (anna,) = await sync_to_async(accounts)("anna")
    await sync_to_async(services.join)(user_id=anna.pk, target=50, rated=True)
    communicator = await sync_to_async(signed_in_socket)(anna)
    await communicator.connect()
    await receive(communicator)
    for frame in ("not json", json.dumps({"type": "play"}), "x" * 5000, json.dumps([1])):
        await communicator.send_to(text_data=frame)
        assert (await receive(communicator))["kind"] == "error"
    await communicator.send_to(text_data=json.dumps({"type": "refresh"}))
    assert (await receive(communicator))["stage"] == "waiting"
    await communicator.disconnect()


def browser_of(user: User) -> tuple[Client, list[tuple[bytes, bytes]]]:
    """A signed-in browser that checks CSRF as a real one is checked, after it opened the
    queue page (which sets its CSRF cookie); and its socket's handshake headers."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    assert client.get("/direct/file/").status_code == 200
    cookies = "; ".join(f"{name}={morsel.value}" for name, morsel in client.cookies.items())
    return client, [*ORIGIN, (b"cookie", cookies.encode())]


async def test_the_pushed_fill_with_bots_form_posts_with_its_own_token() -> None:
    """Issue 37, fault 1: the block pushed over the socket had a form without a CSRF token,
    so « Compléter avec des robots » always answered 403."""
    (anna,) = await sync_to_async(accounts)("anna")
    await sync_to_async(services.join)(user_id=anna.pk, target=50, rated=False)
    client, headers = await sync_to_async(browser_of)(anna)
    waited = timezone.now() - timedelta(seconds=BOTS_AFTER_SECONDS + 1)
    await sync_to_async(QueueEntry.objects.update)(joined_at=waited)
    communicator = WebsocketCommunicator(application, "/ws/direct/", headers=headers)
    await communicator.connect()
    pushed = (await receive(communicator, "waiting"))["html"]
    form = re.search(r'<form method="post" action="([^"]+)"[^>]*>(.*?)</form>', pushed, re.S)
    assert form and "Compléter avec des robots" in form[2]
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form[2])
    assert token, form[2]

    answer = await sync_to_async(client.post)(
        html.unescape(form[1]), {"csrfmiddlewaretoken": token[1]}
    )
    # Alone in the queue: the table is dealt at once, three bots with her.
    assert answer.status_code == 302 and answer["Location"].startswith("/table/")
    assert not await sync_to_async(QueueEntry.objects.exists)()
    bots = Seat.objects.filter(game__live__token=answer["Location"].split("/")[2], is_bot=True)
    assert await sync_to_async(bots.count)() == 3
    await communicator.disconnect()


async def test_the_queue_page_s_socket_keeps_its_place_while_it_is_open() -> None:
    """Issue 37, fault 2: the socket opening says the page is there, its closing that it
    is not (the place is then neither counted nor matched)."""
    (anna,) = await sync_to_async(accounts)("anna")
    await sync_to_async(services.join)(user_id=anna.pk, target=50, rated=True)
    await sync_to_async(QueueEntry.objects.update)(page_open=False)
    communicator = await sync_to_async(signed_in_socket)(anna)
    await communicator.connect()
    await receive(communicator, "waiting")
    entry = await sync_to_async(QueueEntry.objects.get)(user=anna)
    assert entry.page_open
    await communicator.disconnect()
    entry = await sync_to_async(QueueEntry.objects.get)(user=anna)
    assert not entry.page_open
