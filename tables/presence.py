"""How many people watch a table without a seat (« 2 spectateurs »), counted in the cache
(Redis when shared by several processes): each spectator's socket adds one on connect and
takes it off on disconnect. A process killed mid-watch leaves its spectators counted until
the count's key expires (a day), which the table tolerates: it is a figure shown, not a
rule."""

from __future__ import annotations

from django.core.cache import cache

KEEP_SECONDS = 24 * 3600


def _key(game_id: int) -> str:
    return f"table-spectators:{game_id}"


def spectators(game_id: int) -> int:
    return max(int(cache.get(_key(game_id), 0)), 0)


def arrived(game_id: int) -> int:
    cache.add(_key(game_id), 0, KEEP_SECONDS)
    return cache.incr(_key(game_id))


def left(game_id: int) -> int:
    try:
        return max(cache.decr(_key(game_id)), 0)
    except ValueError:
        return 0
