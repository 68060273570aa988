"""Round trips through whatever channel layer this run configures: in-memory by default,
Redis when REDIS_URL is set (scripts/test_extra_services.py reruns these with it)."""

import asyncio
import uuid

import pytest
import pytest_asyncio
from channels.layers import get_channel_layer

pytestmark = [pytest.mark.channel_layer, pytest.mark.asyncio]


@pytest_asyncio.fixture
async def layer():
    layer = get_channel_layer()
    yield layer
    # Redis keeps a connection pool per event loop; each test has its own loop.
    close = getattr(layer, "close_pools", None)
    if close is not None:
        await close()


async def test_a_message_sent_to_a_channel_is_received(layer):
    channel = await layer.new_channel()

    await layer.send(channel, {"type": "table.card", "card": "QS"})
    message = await asyncio.wait_for(layer.receive(channel), timeout=5)

    assert message == {"type": "table.card", "card": "QS"}


async def test_a_group_message_reaches_every_member(layer):
    group = f"table-{uuid.uuid4().hex}"
    seats = [await layer.new_channel() for _ in range(2)]
    for seat in seats:
        await layer.group_add(group, seat)

    await layer.group_send(group, {"type": "table.trick", "winner": 2})
    received = [await asyncio.wait_for(layer.receive(seat), timeout=5) for seat in seats]

    assert received == [{"type": "table.trick", "winner": 2}] * 2
    for seat in seats:
        await layer.group_discard(group, seat)


async def test_a_table_s_worth_of_sockets_leaving_at_once_all_leave_their_group(layer):
    """A process's sockets closing together (a network cut, a server stopping its clients)
    each leave their group at the same moment: with Redis that is as many connections at
    once, past redis-py's default of 100 (make load saw « Too many connections »)."""
    group = f"table-{uuid.uuid4().hex}"
    seats = [f"{await layer.new_channel()}" for _ in range(SOCKETS_AT_ONCE)]
    await asyncio.gather(*(layer.group_add(group, seat) for seat in seats))

    await asyncio.gather(*(layer.group_discard(group, seat) for seat in seats))

    await layer.group_send(group, {"type": "table.moved"})
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(layer.receive(seats[0]), timeout=0.5)


async def test_a_burst_of_news_for_a_busy_process_is_kept_not_dropped(layer):
    """A process's sockets share one queue with Redis (each process's channels are one
    key), so a process that reads it late, both cores busy, must still find every table's
    news there: at channels' default capacity (100) make load dropped some, and a player
    who missed the move before theirs waited for the turn clock."""
    group = f"table-{uuid.uuid4().hex}"
    seats = [await layer.new_channel() for _ in range(2)]
    for seat in seats:
        await layer.group_add(group, seat)

    for move in range(NEWS_AT_ONCE):
        await layer.group_send(group, {"type": "table.moved", "move": move})
    for seat in seats:
        received = [await asyncio.wait_for(layer.receive(seat), 5) for _ in range(NEWS_AT_ONCE)]
        assert [message["move"] for message in received] == list(range(NEWS_AT_ONCE))

    for seat in seats:
        await layer.group_discard(group, seat)


# Two and a half times channels' default capacity.
NEWS_AT_ONCE = 250

# More than redis-py's pool gives by default, as many as make load's 75 tables close at once.
SOCKETS_AT_ONCE = 300
