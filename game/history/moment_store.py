"""Where « Moments clés » are kept: computed on demand (« Analyser la manche »), one at a
time per process, in the request that asks for it (Django serves each ASGI request's sync
code in its own thread, so the tables are not held up), and kept in Django's cache: a
finished hand never changes."""

from __future__ import annotations

import threading

from django.core.cache import cache

from game.history.analysis import Analysis, analyse
from game.history.steps import HandRecord
from game.models import Game

ANALYSIS_VERSION = 1
CACHE_SECONDS = 60 * 60 * 24 * 30
# One analysis at a time per process: a second visitor waits rather than doubling the load.
_running = threading.Lock()


def cache_key(game: Game, hand_number: int) -> str:
    return f"history:moments:v{ANALYSIS_VERSION}:{game.pk}:{hand_number}"


def stored_analysis(game: Game, hand_number: int) -> Analysis | None:
    found: Analysis | None = cache.get(cache_key(game, hand_number))
    return found


def analysis_for(game: Game, record: HandRecord) -> Analysis:
    """The hand's analysis, from the cache or computed now (one at a time per process)."""
    key = cache_key(game, record.hand.number)
    found: Analysis | None = cache.get(key)
    if found is not None:
        return found
    with _running:
        found = cache.get(key)
        if found is None:
            found = analyse(record, seed=game.seed)
            cache.set(key, found, CACHE_SECONDS)
    return found
