"""« Jouer en direct » with a crowd arriving at once:

    .venv/bin/python -m loadtest.queue --players 40

Starts the site as deployed (loadtest.servers.start_cluster: two Daphne processes and the
table clock worker, which runs the matcher, on a fresh PostgreSQL database `queue_load` and
a Redis database, emptied first), creates N accounts whose 50-point ratings are spread
evenly over 1500 ± SPREAD/2, signs each in through the login form on either process in
turn, then has all of them press « Rechercher des joueurs » (« Classée », 50 points) at
the same moment, each confirming the table found over the queue page's socket as the page
does (tests/multiprocess/queue_players.py). Prints the time from each one's post to the
push that sends them to their dealt table, p50 / p95 / max, and the tables formed.

Few players far apart wait for their ranges to widen (±100, 50 more every 10 s): that is
the rule, not the load. N is a multiple of 4, so that everyone gets a table; one who gets
none within the widening limit and the arrival time fails the run.
Each player comes from an address of its own (X-Forwarded-For, Daphne's --proxy-headers),
since the site counts password checks per address. Logs in test-artifacts/load/queue/.
LOAD_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432) and LOAD_REDIS_URL
(default redis://127.0.0.1:6379/1, as `make load`) name the servers.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter

from loadtest.servers import ROOT, ServerError, start_cluster
from ranked.matching import TABLE_SIZE, WIDEST_AFTER
from tests.multiprocess.players import Latencies
from tests.multiprocess.queue_players import (
    QueueError,
    create_accounts,
    seat_everyone,
    signed_in,
)

DATABASE = "queue_load"
OUT = ROOT / "test-artifacts" / "load" / "queue"
CENTRE = 1500
# Past the widening limit everyone accepts everyone within 400: a table found by then is
# dealt within seconds unless someone does not show up (20 s, ranked.services).
GIVE_UP_AFTER = WIDEST_AFTER + 30


def spread_ratings(count: int, spread: int) -> list[int]:
    """`count` ratings evenly spaced over CENTRE ± spread/2."""
    if count == 1:
        return [CENTRE]
    return [round(CENTRE - spread / 2 + spread * index / (count - 1)) for index in range(count)]


def run(players: int, spread: int) -> str:
    """The report of one run with `players` people joining at once."""
    database_server = os.environ.get("LOAD_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432")
    redis_url = os.environ.get("LOAD_REDIS_URL", "redis://127.0.0.1:6379/1")
    with start_cluster(database_server, DATABASE, redis_url, OUT, proxy_headers=True) as cluster:
        accounts = create_accounts(cluster, spread_ratings(players, spread))
        people = signed_in(cluster, accounts, own_addresses=True)
        try:
            seated = seat_everyone(people, [0.0] * len(people), timeout=GIVE_UP_AFTER)
        finally:
            for person in people:
                person.close()
    times = Latencies([person.seconds for person in seated])
    sizes = Counter(Counter(person.url for person in seated).values())
    return (
        f"{players} players (ratings {CENTRE} ± {spread // 2}) joining at once on"
        f" {len(cluster.servers)} processes: queue to table p50 {times.percentile(50):.2f} s,"
        f" p95 {times.percentile(95):.2f} s, max {max(times.seconds):.2f} s;"
        f" {sizes[TABLE_SIZE]} tables of {TABLE_SIZE}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--players", type=int, default=40, help="accounts joining at once")
    parser.add_argument(
        "--spread", type=int, default=300, help="their ratings span this much around 1500"
    )
    args = parser.parse_args()
    if args.players < TABLE_SIZE or args.players % TABLE_SIZE:
        parser.error(f"--players: a multiple of {TABLE_SIZE}")
    try:
        print(run(args.players, args.spread))
    except (ServerError, QueueError) as error:
        print(f"FAILED: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
