"""The table clock: it plays what live tables wait for past their deadline (tables.live).

It does not poll: after each round it waits on the channel layer until the next deadline
is due, or until a write sets a new one (tables.live sends `clock.wake` to CLOCK_GROUP after
its commit), whichever comes first; SAFETY_WAIT bounds the wait, should a wake-up be lost.

Deadlines live in the database, so any process may enforce them: `manage.py tableclock`
(a worker of its own, started by `make run` beside Daphne when tables are shared through
Redis) or, with the in-memory channel layer of a single process, a task inside that
process (tables.consumers starts it), since only that process can reach its sockets.
Each table is locked and checked again before anything is played (services.play_overdue),
so several clocks at once play each move once.

Other apps' deadlines ride on the same worker (`register_round`): the « Jouer en direct »
queue's matcher (ranked.matcher) forms tables and drops no-shows in each round.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.db.models import Min
from django.utils import timezone

from play import services
from play.models import Game, LiveTable
from tables.live import CLOCK_GROUP

logger = logging.getLogger(__name__)

# The longest a clock waits without looking at the database.
SAFETY_WAIT = 5.0


def due_tables() -> list[int]:
    """The live tables in play whose deadline has passed, oldest first."""
    return list(
        LiveTable.objects.filter(deadline__lte=timezone.now(), game__status=Game.Status.PLAYING)
        .order_by("deadline")
        .values_list("game_id", flat=True)
    )


@dataclass(frozen=True)
class Round:
    """Another app's work for the clock: `run` does what is due (how many things it did),
    `seconds_to_next` says when something next will be (None: nothing waits)."""

    name: str
    run: Callable[[], int]
    seconds_to_next: Callable[[], float | None]


_ROUNDS: list[Round] = []


def register_round(round_: Round) -> None:
    """Called from an AppConfig.ready: every clock runs it after the tables, each round."""
    _ROUNDS.append(round_)


def tick() -> int:
    """One round: every overdue table moved once, then the other apps' rounds; how many
    things moved. A table or a round that fails is logged and left for the next round,
    never stopping the others."""
    moved = 0
    for game_id in due_tables():
        try:
            moved += services.play_overdue(game_id)
        except Exception:
            logger.exception("Table clock: game %s", game_id)
    for round_ in _ROUNDS:
        try:
            moved += round_.run()
        except Exception:
            logger.exception("Table clock: %s", round_.name)
    return moved


def seconds_to_next_deadline() -> float:
    """How long until a table in play or another round is due (0: one is), at most
    SAFETY_WAIT."""
    next_deadline: datetime | None = LiveTable.objects.filter(
        game__status=Game.Status.PLAYING
    ).aggregate(next=Min("deadline"))["next"]
    waits = [SAFETY_WAIT]
    if next_deadline is not None:
        waits.append((next_deadline - timezone.now()).total_seconds())
    for round_ in _ROUNDS:
        wait = round_.seconds_to_next()
        if wait is not None:
            waits.append(wait)
    return max(min(waits), 0.0)


_task: asyncio.Task | None = None


def start_in_process() -> None:
    """The clock as a task of the running event loop (once per process)."""
    global _task
    if _task is None or _task.done():
        _task = asyncio.get_running_loop().create_task(run_forever())


async def run_forever() -> None:
    """Rounds of `tick`, each followed by a wait for the next deadline or a wake-up."""
    layer = get_channel_layer()
    assert layer is not None, "the table clock needs a channel layer (settings.CHANNEL_LAYERS)"
    channel = await layer.new_channel()
    while True:
        # Again each round: a group's membership expires (channels' group_expiry).
        await layer.group_add(CLOCK_GROUP, channel)
        try:
            moved = await database_sync_to_async(tick)()
            wait = 0.0 if moved else await database_sync_to_async(seconds_to_next_deadline)()
        except Exception:
            logger.exception("Table clock")
            wait = SAFETY_WAIT
        if wait > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(layer.receive(channel), wait)
