"""The queue's periodic work, a round of the tables' clock worker (tables.clock): drop the
no-shows of found tables and the ghosts of closed pages, then form tables in each queue.
Any number of clocks may run it at once (several processes): the services lock what they
change, skipping what another matcher holds.

The clock asks when to come back: at the next proposal's deadline, the moment a silent
page's place becomes a ghost, the end of a newcomer's gathering time, the next widening of
a waiting player's range, or the minute after which an « Amicale » queue offers bots (the
queue pages are redrawn then), whichever is first.
"""

from __future__ import annotations

from django.utils import timezone

from play.models import Target
from ranked import services
from ranked.matching import BOTS_AFTER_SECONDS, seconds_to_next_change
from ranked.models import Proposal, QueueEntry
from ranked.selectors import PRESENCE_SECONDS

QUEUES = [(target, rated) for target in Target.values for rated in (True, False)]


def run() -> int:
    """One pass: proposals ended plus tables formed. Only the queues someone waits in are
    locked and matched: an empty queue costs one read, never a write transaction (which
    SQLite would make the tables' own writes wait for)."""
    done = services.drop_no_shows() + services.drop_ghosts()
    waiting = set(
        QueueEntry.objects.filter(proposal__isnull=True).values_list("target", "rated").distinct()
    )
    for target, rated in QUEUES:
        if (target, rated) in waiting:
            done += services.form_tables_now(target, rated)
    return done


def seconds_to_next_pass() -> float | None:
    now = timezone.now()
    waits: list[float] = []
    deadline = Proposal.objects.order_by("arrive_by").values_list("arrive_by", flat=True).first()
    if deadline is not None:
        waits.append((deadline - now).total_seconds())
    waiting = QueueEntry.objects.filter(proposal__isnull=True).values_list(
        "joined_at", "rated", "seen_at"
    )
    for joined_at, rated, seen_at in waiting:
        waits.append(PRESENCE_SECONDS - (now - seen_at).total_seconds())
        waited = (now - joined_at).total_seconds()
        change = seconds_to_next_change(waited)
        if change is not None:
            waits.append(change)
        if not rated and waited < BOTS_AFTER_SECONDS:
            waits.append(BOTS_AFTER_SECONDS - waited)
    return min(waits) if waits else None
