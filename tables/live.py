"""A live table's deadline and news, after each write of the table's one write path
(play.services calls `schedule` through play.pages.live_table_moved, registered by
tables.apps).

Every write at a live table sets the table's next deadline in the database (LiveTable) and,
once committed, tells everyone connected to the table its new move number (a channel-layer
group; tables.consumers renders each connection's own seat). The deadline is enforced by
the table clock (tables.clock), never by a request waiting.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime, timedelta

from asgiref.sync import async_to_sync
from channels.layers import BaseChannelLayer, get_channel_layer
from django.db import transaction
from django.utils import timezone

from game.engine import Phase
from play.models import LiveTable
from play.positions import Position, pending_bot_seat, people_to_act

# How long the hand's result stays on screen before the clock deals the next hand (when
# the table has a clock; without one, a player's « Manche suivante » deals it).
HAND_PAUSE = timedelta(seconds=15)


# The channel-layer group every running table clock listens to for new deadlines
# (tables.clock).
CLOCK_GROUP = "table-clock"


def group_name(game_id: int) -> str:
    """The channel-layer group of everyone connected to a table."""
    return f"table-{game_id}"


def announce(game_id: int, event: str, **values: object) -> None:
    """After the transaction commits (never before: a browser would fetch a state that may
    still roll back): `event` to every connection of the table."""
    _send_after_commit(group_name(game_id), {"type": event, **values})


def _send_after_commit(group: str, message: dict[str, object]) -> None:
    send_all_after_commit([(group, message)])


def send_all_after_commit(news: Sequence[tuple[str, dict[str, object]]]) -> None:
    """Each (group, message), after the commit, in one trip to the channel layer: a pass of
    the queue's matcher tells hundreds of players at once, and one event loop per message
    was most of its time."""

    def send() -> None:
        layer = get_channel_layer()
        if layer is not None:
            async_to_sync(_send_all)(layer, news)

    if news:
        transaction.on_commit(send)


async def _send_all(layer: BaseChannelLayer, news: Sequence[tuple[str, dict[str, object]]]) -> None:
    # One after the other: at once, hundreds would exceed the Redis connection pool.
    for group, message in news:
        await layer.group_send(group, message)


# A socket's key (token_urlsafe: 12 characters), and what a post may name as one.
SOCKET_KEY_BYTES = 9
SOCKET_KEY = re.compile(r"[A-Za-z0-9_-]{12}")

# The socket of the page whose post this request answers (tables.views.answering): that
# page gets the table in the answer to its post, so its socket need not draw it again.
_answering: ContextVar[str | None] = ContextVar("answering", default=None)


@contextmanager
def answering(socket_key: str | None) -> Iterator[None]:
    """While a post of the page behind `socket_key` (tables.consumers) is served: its moves'
    news names that socket, which skips the drawing the answer already carries."""
    token = _answering.set(socket_key)
    try:
        yield
    finally:
        _answering.reset(token)


def announce_move(game_id: int, hand: int, move: int) -> None:
    """The table's news carries where it is: its hand and move numbers, in this order (a
    hand dealt with nobody's move in it, four people to pass, is news at the same move),
    and the socket whose page already has it in the answer to its post, if any."""
    announce(game_id, "table.moved", hand=hand, move=move, answered=_answering.get())


def announce_seats(game_id: int) -> None:
    """The waiting room changed: someone sat down or left, or the table started."""
    announce(game_id, "table.seats")


def next_deadline(position: Position, table: LiveTable, now: datetime) -> datetime | None:
    """When the table's next move is due, if it is: at once for bots that think outside a
    request (the clock lets them), a person's clock, the pause after a hand."""
    game, deal = position.game, position.deal
    if game.is_finished:
        return None
    if pending_bot_seat(deal, position.seating) is not None:
        # Bots that answer at once have already played in the action's transaction; these
        # search (Difficile) or were left for the next request by the time budget.
        return now
    if people_to_act(position):
        seconds = table.pass_seconds if deal.phase == Phase.PASSING else table.turn_seconds
        return None if seconds is None else now + timedelta(seconds=seconds)
    if deal.phase == Phase.FINISHED and table.turn_seconds is not None:
        return now + HAND_PAUSE
    return None


def schedule(position: Position) -> None:
    """In the write's transaction: the table's next deadline, and the news after commit."""
    game = position.game
    table = game.live
    table.deadline = next_deadline(position, table, timezone.now())
    table.deadline_move = game.move_count
    table.save(update_fields=["deadline", "deadline_move"])
    announce_move(game.pk, position.hand.number, game.move_count)
    if table.deadline is not None:
        wake_clocks()


def wake_clocks() -> None:
    """After the commit: the clocks wait for the next deadline they know of, and the one
    just written may come sooner (a table's move, a queue's new player)."""
    _send_after_commit(CLOCK_GROUP, {"type": "clock.wake"})


def send_after_commit(group: str, event: str, **values: object) -> None:
    """`event` to a channel-layer group of another app's (the queue's), after the commit."""
    _send_after_commit(group, {"type": event, **values})
