"""Who plays with whom: four people of close ratings, the allowed gap widening with the
time they have waited. Pure Python over plain values (no Django), so that the matcher
(ranked.matcher) and its tests, and the cost of one pass, are about this alone.

The rule: a seeker who has waited `w` seconds accepts anyone within `search_range(w)` of
their own rating (START_RANGE, then WIDEN_BY more every WIDEN_EVERY seconds, up to
WIDEST_RANGE); four people make a table when each pair accepts each other. As many tables
as possible are formed, seating first those who waited longest, of the closest ratings
(form_tables).
"""

from __future__ import annotations

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
# A pass forms tables once someone in the queue has waited this long: people arriving
# together (a crowd, a club night) are cut into tables all at once, as lichess's pools
# match in waves, rather than the first four neighbours taken from the middle of them.
GATHER_SECONDS = 2.0
# A queue offers a table with bots after this long: « Compléter avec des robots » in
# « Amicale », « Passer en Amicale avec des robots » in « Classée » (a rated game is four
# people).
BOTS_AFTER_SECONDS = 60


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


def seconds_to_next_change(waited: float) -> float | None:
    """When a pass may next seat this seeker where the last one did not: the end of their
    GATHER_SECONDS, then each widening of their range; None once it is as wide as it gets."""
    if waited < GATHER_SECONDS:
        return GATHER_SECONDS - max(waited, 0.0)
    if waited >= WIDEST_AFTER:
        return None
    return WIDEN_EVERY - (max(waited, 0.0) % WIDEN_EVERY)


def accept_each_other(first: Seeker, second: Seeker) -> bool:
    gap = abs(first.rating - second.rating)
    return gap <= min(search_range(first.waited), search_range(second.waited))


def form_tables(seekers: Sequence[Seeker]) -> list[tuple[Seeker, ...]]:
    """Tables of four, each pair within both their ranges; nobody in two tables.

    Over the seekers sorted by rating, each table is four neighbours, and of all the ways
    to cut that list into such tables (skipping people), the one that seats the most;
    among those, the one that seats those who waited longest; then the closest ratings.
    One pass of dynamic programming, O(n log n) for the sort: a crowd arriving at once is
    cut into tables of neighbours, where serving one person at a time (the oldest, with
    the group closest to them) split some groups and left them waiting a widening or two.
    Measured in make bench (the matcher's line). Nothing before someone has waited
    GATHER_SECONDS."""
    if not any(seeker.waited >= GATHER_SECONDS for seeker in seekers):
        return []
    by_rating = sorted(seekers, key=lambda seeker: (seeker.rating, seeker.key))
    # best[i]: the best cut of the first i seekers, as its score and its last table's
    # start (None: seeker i - 1 is not seated).
    best: list[tuple[Score, int | None]] = [(Score(), None)]
    for end in range(1, len(by_rating) + 1):
        choice: tuple[Score, int | None] = (best[end - 1][0], None)
        first = end - TABLE_SIZE
        if first >= 0:
            people = by_rating[first:end]
            if all(accept_each_other(a, b) for a, b in combinations(people, 2)):
                seated = best[first][0].plus(people)
                if seated > choice[0]:
                    choice = (seated, first)
        best.append(choice)
    tables: list[tuple[Seeker, ...]] = []
    end = len(by_rating)
    while end > 0:
        table_start = best[end][1]
        if table_start is None:
            end -= 1
            continue
        tables.append(tuple(by_rating[table_start:end]))
        end = table_start
    return tables[::-1]


@dataclass(frozen=True, order=True)
class Score:
    """How good a cut is, compared in this order: tables, then the seconds waited by the
    people seated, then the ratings' spread (less is better, hence negative)."""

    tables: int = 0
    waited: float = 0.0
    closeness: float = 0.0

    def plus(self, table: Sequence[Seeker]) -> Score:
        return Score(
            self.tables + 1,
            self.waited + sum(seeker.waited for seeker in table),
            self.closeness - (table[-1].rating - table[0].rating),
        )
