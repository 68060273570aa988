"""Who plays with whom: four people of close ratings, the allowed gap widening with the
time they have waited. Pure Python over plain values (no Django), so that the matcher
(ranked.matcher) and its tests, and the cost of one pass, are about this alone.

The rule: a seeker who has waited `w` seconds accepts anyone within `search_range(w)` of
their own rating (START_RANGE, then WIDEN_BY more every WIDEN_EVERY seconds, up to
WIDEST_RANGE); four people make a table when each pair accepts each other. The oldest
seeker is served first; among the tables that include them, the one with the smallest
spread of ratings is formed.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

TABLE_SIZE = 4
START_RANGE = 100
WIDEN_BY = 50
WIDEN_EVERY = 10.0
WIDEST_RANGE = 400
# Once the range is this wide (after 60 s), it widens no more: the « widening limit ».
WIDEST_AFTER = WIDEN_EVERY * (WIDEST_RANGE - START_RANGE) / WIDEN_BY


@dataclass(frozen=True)
class Seeker:
    """One person in a queue: `key` names them to the caller (a queue entry's id)."""

    key: int
    rating: float
    # Seconds since they joined (a requeued person keeps their first arrival).
    waited: float


def search_range(waited: float) -> int:
    """How far from their own rating someone who has waited `waited` seconds accepts."""
    steps = int(max(waited, 0.0) // WIDEN_EVERY)
    return min(START_RANGE + WIDEN_BY * steps, WIDEST_RANGE)


def seconds_to_next_widening(waited: float) -> float | None:
    """When this seeker's range next widens; None once it is as wide as it gets."""
    if waited >= WIDEST_AFTER:
        return None
    return WIDEN_EVERY - (max(waited, 0.0) % WIDEN_EVERY)


def accept_each_other(first: Seeker, second: Seeker) -> bool:
    gap = abs(first.rating - second.rating)
    return gap <= min(search_range(first.waited), search_range(second.waited))


def form_tables(seekers: Sequence[Seeker]) -> list[tuple[Seeker, ...]]:
    """Tables of four, each pair within both their ranges; nobody in two tables.

    Oldest first: for each seeker still free, the free people within their range (found
    by rating in a sorted list), and of the groups of four consecutive ratings around
    them the closest one whose every pair accepts each other. O(n · k) for n seekers with
    k within a range: about 50–140 ms for 1,000 seekers on this machine (make bench)."""
    by_rating = sorted(seekers, key=lambda seeker: (seeker.rating, seeker.key))
    ratings = [seeker.rating for seeker in by_rating]
    free = [True] * len(by_rating)
    index_of = {seeker.key: index for index, seeker in enumerate(by_rating)}
    tables: list[tuple[Seeker, ...]] = []
    for seeker in sorted(seekers, key=lambda seeker: (-seeker.waited, seeker.key)):
        here = index_of[seeker.key]
        if not free[here]:
            continue
        reach = search_range(seeker.waited)
        low = bisect.bisect_left(ratings, seeker.rating - reach)
        high = bisect.bisect_right(ratings, seeker.rating + reach)
        nearby = [
            index
            for index in range(low, high)
            if free[index] and (index == here or accept_each_other(seeker, by_rating[index]))
        ]
        group = _closest_group(nearby, here, by_rating)
        if group is None:
            continue
        for index in group:
            free[index] = False
        tables.append(tuple(by_rating[index] for index in group))
    return tables


def _closest_group(nearby: list[int], here: int, by_rating: list[Seeker]) -> list[int] | None:
    """Of the windows of four consecutive `nearby` indices holding `here`, the one with the
    smallest spread whose every pair accepts each other."""
    if len(nearby) < TABLE_SIZE:
        return None
    position = nearby.index(here)
    best: list[int] | None = None
    best_spread = 0.0
    for start in range(max(position - TABLE_SIZE + 1, 0), position + 1):
        window = nearby[start : start + TABLE_SIZE]
        if len(window) < TABLE_SIZE:
            break
        people = [by_rating[index] for index in window]
        if not all(accept_each_other(a, b) for a, b in combinations(people, 2)):
            continue
        spread = people[-1].rating - people[0].rating
        if best is None or spread < best_spread:
            best, best_spread = window, spread
    return best
