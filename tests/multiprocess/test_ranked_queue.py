"""« Jouer en direct » on two Daphne processes and the table clock worker (which runs the
matcher), as deployed: twelve accounts in three clusters of rating, signed in on either
process and arriving over 30 s, end up at three tables of four close ratings, each seated
once, every table dealt, nobody waiting past the widening limit.

Runs in the PostgreSQL and Redis stage of `make test` (scripts/test_extra_services.py,
-m multiprocess); elsewhere it is SKIPPED, saying so.
"""

from __future__ import annotations

from collections import defaultdict

import pytest

from loadtest.servers import Cluster
from ranked.matching import START_RANGE, TABLE_SIZE, WIDEST_AFTER
from tests.multiprocess.conftest import ARTIFACTS
from tests.multiprocess.players import Latencies
from tests.multiprocess.queue_players import (
    Account,
    create_accounts,
    seat_everyone,
    seat_rows,
    signed_in,
)

pytestmark = pytest.mark.multiprocess

CLUSTERS = (1200, 1500, 1800)
# Within a cluster, at most 80 apart: every pair accepts each other from the first second.
OFFSETS = (-40, -13, 13, 40)
ARRIVALS_OVER = 30.0


def cluster_of(rating: int) -> int:
    return min(CLUSTERS, key=lambda centre: abs(centre - rating))


def test_the_queue_seats_close_ratings_together_across_processes(cluster: Cluster) -> None:
    # Round-robin over the clusters: a cluster's fourth arrives about 25 s after its first,
    # before anyone's range (±200 at 20 s) reaches another cluster (220 away at the least).
    ratings = [centre + offset for offset in OFFSETS for centre in CLUSTERS]
    accounts = create_accounts(cluster, ratings)
    players = signed_in(cluster, accounts)
    step = ARRIVALS_OVER / (len(players) - 1)
    try:
        arrivals = [number * step for number in range(len(players))]
        # Past the widening limit, the wait itself fails the test.
        seated = seat_everyone(players, arrivals, timeout=WIDEST_AFTER)
    finally:
        for player in players:
            player.close()

    times = Latencies([person.seconds for person in seated])
    line = (
        f"queue to table, {len(seated)} players joining over {ARRIVALS_OVER:.0f} s on"
        f" {len(cluster.servers)} processes: p50 {times.percentile(50):.1f} s,"
        f" max {max(times.seconds):.1f} s"
    )
    print(line)
    with (ARTIFACTS / "queue.txt").open("a") as out:
        out.write(line + "\n")

    tables: defaultdict[str, list[Account]] = defaultdict(list)
    for person in seated:
        tables[person.url].append(person.account)
    assert len(tables) == len(CLUSTERS), tables
    for table in tables.values():
        table_ratings = [account.rating for account in table]
        assert len(table) == TABLE_SIZE, table
        assert len({cluster_of(rating) for rating in table_ratings}) == 1, table
        assert max(table_ratings) - min(table_ratings) <= START_RANGE, table
    assert max(times.seconds) < WIDEST_AFTER, times.seconds

    # The database agrees: each account holds one seat, at the table it was sent to, with
    # three other people (no bots), and every table's first hand is dealt.
    url_of = {person.account.username: person.url for person in seated}
    rows = seat_rows(cluster)
    assert sorted(row.username for row in rows) == sorted(url_of)
    for row in rows:
        assert (row.url, row.people, row.dealt) == (url_of[row.username], TABLE_SIZE, True), row
