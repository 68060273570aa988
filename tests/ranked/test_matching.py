"""The matching rule over plain values (ranked.matching): ranges that widen with waiting,
four people whose every pair accepts each other, the oldest served first, nobody twice."""

from __future__ import annotations

import random

from ranked.matching import (
    GATHER_SECONDS,
    START_RANGE,
    WIDEST_AFTER,
    WIDEST_RANGE,
    Seeker,
    accept_each_other,
    form_tables,
    search_range,
    seconds_to_next_change,
)


def seekers(*ratings: float, waited: float = GATHER_SECONDS) -> list[Seeker]:
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
    assert seconds_to_next_change(0) == GATHER_SECONDS == 2
    assert seconds_to_next_change(GATHER_SECONDS) == 8
    assert seconds_to_next_change(12.5) == 7.5
    assert seconds_to_next_change(WIDEST_AFTER) is None


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


def test_a_crowd_arriving_at_once_is_cut_into_neighbours_and_nobody_is_left_over() -> None:
    # Twelve ratings 27 apart (1350 to 1650), all within their first 10 s (±100): three
    # tables of neighbours. Serving the one who came first (the sixth rating) with the
    # group closest to them took the middle of the list and left both ends short of a table.
    people = [Seeker(key, 1350 + 27 * key, waited=5 if key == 5 else 0.1) for key in range(12)]
    tables = form_tables(people)
    assert len(tables) == 3
    for table in tables:
        ratings = sorted(seeker.rating for seeker in table)
        assert ratings[-1] - ratings[0] == 81


def test_of_two_cuts_seating_as_many_the_one_seating_who_waited_longest_wins() -> None:
    # Five close people: one table; the one left out is the newest, not the one who has
    # waited 40 s at the edge of the ratings.
    people = [
        Seeker(0, 1400, waited=40),
        Seeker(1, 1450, waited=1),
        Seeker(2, 1460, waited=1),
        Seeker(3, 1470, waited=1),
        Seeker(4, 1480, waited=0),
    ]
    (table,) = form_tables(people)
    assert {seeker.key for seeker in table} == {0, 1, 2, 3}


def test_nobody_is_seated_before_someone_has_waited_the_gathering_time() -> None:
    # Four close people who all just arrived: the pass waits for those who may follow.
    assert form_tables(seekers(1500, 1510, 1520, 1530, waited=1.9)) == []
    people = [*seekers(1500, 1510, 1520, waited=0.5), Seeker(3, 1530, waited=GATHER_SECONDS)]
    assert len(form_tables(people)) == 1
