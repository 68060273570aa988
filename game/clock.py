"""The table clock: it plays what live tables wait for past their deadline (game.live).

Deadlines live in the database, so any process may enforce them: `manage.py tableclock`
(a worker of its own, started by `make run` beside Daphne when tables are shared through
Redis) or, with the in-memory channel layer of a single process, a task inside that
process (tables.consumers starts it), since only that process can reach its sockets.
Each table is locked and checked again before anything is played (services.play_overdue),
so several clocks at once play each move once.
"""

from __future__ import annotations

import asyncio
import logging

from channels.db import database_sync_to_async
from django.utils import timezone

from game import services
from game.models import Game, LiveTable

logger = logging.getLogger(__name__)

# How often the clock looks for overdue tables: a bot's move at a live table waits for it.
TICK_SECONDS = 0.2


def due_tables() -> list[int]:
    """The live tables in play whose deadline has passed, oldest first."""
    return list(
        LiveTable.objects.filter(deadline__lte=timezone.now(), game__status=Game.Status.PLAYING)
        .order_by("deadline")
        .values_list("game_id", flat=True)
    )


def tick() -> int:
    """One round: every overdue table moved once; how many moved. A table whose move fails
    is logged and left for the next round, never stopping the others."""
    moved = 0
    for game_id in due_tables():
        try:
            moved += services.play_overdue(game_id)
        except Exception:
            logger.exception("Table clock: game %s", game_id)
    return moved


_task: asyncio.Task | None = None


def start_in_process() -> None:
    """The clock as a task of the running event loop (once per process)."""
    global _task
    if _task is None or _task.done():
        _task = asyncio.get_running_loop().create_task(_run_forever())


async def _run_forever() -> None:
    while True:
        try:
            moved = await database_sync_to_async(tick)()
        except Exception:
            logger.exception("Table clock")
            moved = 0
        if not moved:
            await asyncio.sleep(TICK_SECONDS)
