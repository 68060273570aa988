"""Who is here now, as the home page and « Jouer en direct » show it before one commits to a
queue (« En ce moment »): people online, each queue's length, people at live tables, and
the queue's tables in progress one may watch.

Everything is read from the database, from facts that stop being true on their own when a
tab closes or a process is killed: a queue place counts while a socket vouches for it
(ranked.selectors.present), a live table's seat while its person plays there (not away, not
abandoned) and the table moved within ACTIVE_MINUTES, a solo player (or one in the tutorial)
while their game moved within ACTIVE_MINUTES. « En ligne » is the distinct people among
those three; a visitor who only reads a page is not counted (no write per page view). The
figures are kept in the cache for CACHE_SECONDS, so a busy home page costs the database one
read of them per few seconds, shared by every process.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timedelta
from uuid import UUID

from django.core.cache import cache
from django.db.models import Q
from django.utils import timezone

from play.models import Game, Seat, Target
from ranked.models import QueueEntry
from ranked.selectors import present

# A table or a solo game still counts as being played this long after its last move (a
# slow thinker, a player reading the score sheet between hands).
ACTIVE_MINUTES = 5
# How long the figures are reused before they are read again.
CACHE_SECONDS = 5
CACHE_KEY = "lobby:now"
# The tables one may watch, most recently moved first.
WATCHABLE_SHOWN = 5


@dataclass(frozen=True)
class QueueLength:
    target: int
    rated: bool
    waiting: int


@dataclass(frozen=True)
class WatchableTable:
    token: str
    target: int
    rated: bool
    hand: int
    players: tuple[str, ...]


@dataclass(frozen=True)
class Lobby:
    online: int
    at_live_tables: int
    playing_solo: int
    queues: tuple[QueueLength, ...]
    watchable: tuple[WatchableTable, ...]


def lobby() -> Lobby:
    """The figures as they stood at most CACHE_SECONDS ago."""
    now = cache.get(CACHE_KEY)
    if not isinstance(now, Lobby):
        now = read_lobby()
        cache.set(CACHE_KEY, now, CACHE_SECONDS)
    return now


def read_lobby() -> Lobby:
    """The figures now, in five queries."""
    since = timezone.now() - timedelta(minutes=ACTIVE_MINUTES)
    queued = list(present(QueueEntry.objects.all()).values_list("user_id", "target", "rated"))
    live_people = set(
        Seat.objects.filter(
            _moved_since(since, "game__"),
            game__kind=Game.Kind.LIVE,
            is_bot=False,
            away=False,
            abandoned=False,
        ).values_list("user_id", "guest_id")
    )
    solo_people = set(
        Game.objects.filter(
            _moved_since(since), kind__in=[Game.Kind.SOLO, Game.Kind.TUTORIAL]
        ).values_list("owner_id", "guest_id")
    )
    everyone = {_person(user_id, None) for user_id, _target, _rated in queued}
    everyone |= {_person(*person) for person in live_people | solo_people}
    return Lobby(
        online=len(everyone),
        at_live_tables=len(live_people),
        playing_solo=len(solo_people),
        queues=_queue_lengths(queued),
        watchable=_watchable(since),
    )


def _moved_since(since: datetime, through: str = "") -> Q:
    """Games in progress whose last move is after `since` (read through a relation when
    `through` names it: "game__" from a seat)."""
    return Q(**{f"{through}status": Game.Status.PLAYING, f"{through}updated_at__gte": since})


def _person(user_id: int | None, guest_id: UUID | None) -> str:
    """One key per person across accounts and guests."""
    return f"user:{user_id}" if user_id is not None else f"guest:{guest_id}"


def _queue_lengths(queued: list[tuple[int, int, bool]]) -> tuple[QueueLength, ...]:
    """Every queue, an empty one too: « 0 en attente » tells a lone player to take the bots'
    offer rather than wait."""
    counts = Counter((target, rated) for _user_id, target, rated in queued)
    return tuple(
        QueueLength(target=target, rated=rated, waiting=counts.get((target, rated), 0))
        for target in (Target.SHORT, Target.FULL)
        for rated in (True, False)
    )


def _watchable(since: datetime) -> tuple[WatchableTable, ...]:
    """The queue's tables in progress that accept spectators. A table among friends is
    left out: its link is its secret, shared by its host only."""
    games = (
        Game.objects.filter(
            _moved_since(since),
            kind=Game.Kind.LIVE,
            live__from_queue=True,
            live__spectators_allowed=True,
        )
        .select_related("live", "current_hand")
        .prefetch_related("seats")
        .order_by("-updated_at")[:WATCHABLE_SHOWN]
    )
    return tuple(
        WatchableTable(
            token=game.live.token,
            target=game.target,
            rated=game.live.rated,
            hand=game.current_hand.number if game.current_hand else 1,
            players=tuple(seat.name for seat in game.seats.all()),
        )
        for game in games
    )
