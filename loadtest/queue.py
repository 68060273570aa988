"""« Jouer en direct » with a crowd arriving at once:

    .venv/bin/python -m loadtest.queue --players 40
    .venv/bin/python -m loadtest.queue --small

Starts the site as deployed (loadtest.servers.start_cluster: two Daphne processes and the
table clock worker, which runs the matcher, on a fresh PostgreSQL database `queue_load` and
a Redis database, emptied first), creates N accounts whose 50-point ratings are spread
evenly over 1500 ± SPREAD/2, signs each in through the login form on either process in
turn, then has all of them press « Rechercher des joueurs » (« Classée », 50 points) at
the same moment, each confirming the table found over the queue page's socket as the page
does (tests/multiprocess/queue_players.py). Prints the time from each one's post to the
push that sends them to their dealt table, p50 / p95 / max, and the tables formed.

With --small, the people a young site has: 1, 2, 3, then 4 people joining « Amicale »
(50 points) at once, one group after the other on the same cluster; under four, the first
of them presses « Compléter avec des robots » as soon as the page offers it
(BOTS_AFTER_SECONDS), which seats the group with bots. Prints each group's time from the
posts to the tables, and how many tables it made (one, with everyone at it).

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
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager

from loadtest.servers import ROOT, Cluster, ServerError, start_cluster
from ranked.matching import BOTS_AFTER_SECONDS, TABLE_SIZE, WIDEST_AFTER
from tests.multiprocess.players import Latencies
from tests.multiprocess.queue_players import (
    QueueError,
    QueuePlayer,
    Seated,
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


def _cluster() -> AbstractContextManager[Cluster]:
    """The site as deployed, on the servers LOAD_POSTGRES_URL and LOAD_REDIS_URL name."""
    database_server = os.environ.get("LOAD_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432")
    redis_url = os.environ.get("LOAD_REDIS_URL", "redis://127.0.0.1:6379/1")
    return start_cluster(database_server, DATABASE, redis_url, OUT, proxy_headers=True)


def run(players: int, spread: int) -> str:
    """The report of one run with `players` people joining at once."""
    with _cluster() as cluster:
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


FILL_WITH_BOTS = "/direct/robots/"


def run_small() -> str:
    """The report of 1, 2, 3 and 4 people joining « Amicale » together, the bots' offer
    taken by the first of them once it is made."""
    lines = []
    with _cluster() as cluster:
        for size in range(1, TABLE_SIZE + 1):
            accounts = create_accounts(cluster, [CENTRE] * size, prefix=f"groupe{size}_")
            people = signed_in(cluster, accounts, own_addresses=True)
            try:
                seated = _seat_group(people)
            finally:
                for person in people:
                    person.close()
            times = Latencies([person.seconds for person in seated])
            tables = len({person.url for person in seated})
            lines.append(
                f"{size} in « Amicale »: queue to table p50 {times.percentile(50):.1f} s,"
                f" max {max(times.seconds):.1f} s, {tables} table(s)"
                + ("" if size == TABLE_SIZE else ", « Compléter avec des robots » taken")
            )
    return "\n".join(lines)


def _seat_group(people: list[QueuePlayer]) -> list[Seated]:
    """Everyone joins at once; under four, the first asks for the bots once offered."""
    with ThreadPoolExecutor(len(people)) as pool:
        waits = [
            pool.submit(person.queue_up, 50, "amicale", BOTS_AFTER_SECONDS + 30)
            for person in people
        ]
        if len(people) < TABLE_SIZE:
            time.sleep(BOTS_AFTER_SECONDS + 0.5)
            answer = people[0].post(FILL_WITH_BOTS)
            if answer.status_code != 302:
                raise QueueError(f"« Compléter avec des robots » answered {answer.status_code}")
        return [wait.result() for wait in waits]


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--players", type=int, default=40, help="accounts joining at once")
    parser.add_argument(
        "--spread", type=int, default=300, help="their ratings span this much around 1500"
    )
    parser.add_argument(
        "--small", action="store_true", help="1, 2, 3 and 4 people, the bots' offer taken"
    )
    args = parser.parse_args()
    if args.small:
        print(run_small())
        return 0
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
