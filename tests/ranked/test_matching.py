"""The matching rule over plain values (ranked.matching): ranges that widen with waiting,
four people whose every pair accepts each other, the oldest served first, nobody twice."""

from __future__ import annotations

import random

from ranked.matching import (
    START_RANGE,
    WIDEST_AFTER,
    WIDEST_RANGE,
    Seeker,
    accept_each_other,
    form_tables,
    search_range,
    seconds_to_next_widening,
)


def seekers(*ratings: float, waited: float = 0.0) -> list[Seeker]:
    return [Seeker(key, rating, waited) for key, rating in enumerate(ratings)]


def test_the_range_starts_at_100_and_widens_by_50_every_10_seconds_up_to_its_limit() -> None:
    assert search_range(0) == START_RANGE == 100
    assert search_range(9.9) == 100
    assert search_range(10) == 150
    assert search_range(25) == 200
    assert search_range(WIDEST_AFTER) == WIDEST_RANGE == 400
    assert search_range(3600) == 400
    assert WIDEST_AFTER == 60


def test_the_next_widening_is_announced_until_the_limit() -> None:
    assert seconds_to_next_widening(0) == 10
    assert seconds_to_next_widening(12.5) == 7.5
    assert seconds_to_next_widening(WIDEST_AFTER) is None


def test_four_close_ratings_make_a_table() -> None:
    tables = form_tables(seekers(1500, 1520, 1480, 1550))
    assert [sorted(seeker.key for seeker in table) for table in tables] == [[0, 1, 2, 3]]


def test_a_gap_wider_than_the_range_waits_until_the_range_widens() -> None:
    # 1500 and 1650 are 150 apart: not at first (±100), once both waited 10 s (±150).
    assert form_tables(seekers(1500, 1550, 1600, 1650)) == []
    assert len(form_tables(seekers(1500, 1550, 1600, 1650, waited=10))) == 1


def test_acceptance_is_mutual_the_newcomer_s_narrow_range_counts() -> None:
    old = Seeker(1, 1500, waited=30)  # ±250
    new = Seeker(2, 1700, waited=0)  # ±100
    assert not accept_each_other(old, new)
    assert accept_each_other(old, Seeker(3, 1600, waited=0))


def test_the_oldest_is_served_first_with_the_closest_group() -> None:
    # Six people; the oldest (1500, waited 15 s: ±150) gets the three closest to them, and
    # the far one (1640) is left, though within the oldest's range.
    people = [
        Seeker(0, 1500, waited=15),
        Seeker(1, 1510, waited=1),
        Seeker(2, 1520, waited=1),
        Seeker(3, 1530, waited=1),
        Seeker(4, 1640, waited=20),
        Seeker(5, 1490, waited=1),
    ]
    (table,) = form_tables(people)
    assert {seeker.key for seeker in table} == {0, 5, 1, 2}


def test_spread_ratings_make_tables_of_close_ratings_and_nobody_is_seated_twice() -> None:
    rng = random.Random(7)
    people = [
        Seeker(key, centre + rng.uniform(-40, 40), waited=rng.uniform(0, 5))
        for key, centre in enumerate([1200] * 4 + [1500] * 4 + [1800] * 4)
    ]
    tables = form_tables(people)
    assert len(tables) == 3
    seated = [seeker.key for table in tables for seeker in table]
    assert sorted(seated) == list(range(12))
    for table in tables:
        assert max(s.rating for s in table) - min(s.rating for s in table) <= 100


def test_three_people_are_no_table() -> None:
    assert form_tables(seekers(1500, 1500, 1500)) == []


def test_a_crowd_of_1000_is_matched_into_disjoint_tables_of_mutual_ranges() -> None:
    rng = random.Random(1)
    people = [Seeker(key, rng.gauss(1500, 200), rng.uniform(0, 70)) for key in range(1000)]
    tables = form_tables(people)
    seated = [seeker.key for table in tables for seeker in table]
    assert len(seated) == len(set(seated))
    assert len(tables) > 200
    for table in tables:
        assert len(table) == 4
        assert all(accept_each_other(a, b) for a in table for b in table if a is not b)
