"""Live tables on two Daphne processes sharing PostgreSQL and Redis, as deployed
(docs/deploy.md, « Running on several processes or machines »): a card played through one process
shows within a second on a socket held by the other, and killing one process mid-hand
(SIGKILL) loses no acknowledged move while its players go on through the other.

Runs in the PostgreSQL and Redis stage of `make test` (scripts/test_extra_services.py,
-m multiprocess); elsewhere it is SKIPPED, saying so.
"""

from __future__ import annotations

import os
import signal
import time

import pytest

from loadtest.servers import Cluster, tail
from tests.multiprocess.conftest import ARTIFACTS
from tests.multiprocess.players import NEXT_HAND, Latencies, Player, move_of

pytestmark = pytest.mark.multiprocess


def report(label: str, latencies: Latencies) -> None:
    line = (
        f"{label}: {len(latencies.seconds)} moves, p50 {latencies.percentile(50) * 1000:.0f} ms,"
        f" p95 {latencies.percentile(95) * 1000:.0f} ms, max {max(latencies.seconds) * 1000:.0f} ms"
    )
    print(line)
    with (ARTIFACTS / "latency.txt").open("a") as out:
        out.write(line + "\n")


def play_and_time(actor: Player, watcher: Player, latencies: Latencies) -> int | None:
    """The actor's move if it has one; the time until the watcher's socket shows it."""
    sent = time.monotonic()
    move = actor.act()
    if move is None:
        return None
    push = watcher.table_after(move - 1)
    latencies.seconds.append(push.received - sent)
    return move


def test_two_processes_share_the_table_and_survive_a_kill(cluster: Cluster) -> None:
    first, second = cluster.servers
    alice, bruno = Player(first.url), Player(second.url)
    created = alice.post(
        "/amis/creer/",
        {
            "name": "Alice",
            "target": 50,
            "difficulty": "easy",
            "clock": "on",
            "spectators_allowed": "on",
        },
    )
    assert created.status_code == 302, created.text[:500]
    token = created.headers["Location"].rstrip("/").rsplit("/", 1)[1]
    assert bruno.post(f"/table/{token}/prendre-place/", {"seat": 2, "name": "Bruno"}).ok
    assert alice.post(f"/table/{token}/commencer/").ok
    alice.connect(token)
    bruno.connect(token)
    alice.table_after(-1)
    bruno.table_after(-1)

    across = Latencies()
    acknowledged = 0
    # Through both processes until a dozen moves are acknowledged.
    while acknowledged < 12:
        moved = False
        for actor, watcher in ((alice, bruno), (bruno, alice)):
            move = play_and_time(actor, watcher, across)
            if move is not None:
                acknowledged, moved = move, True
        if not moved:
            time.sleep(0.05)
    report("card through one process, shown by the other", across)
    assert max(across.seconds) < 1.0

    # Alice's process dies mid-hand: her moves so far were acknowledged; she reopens the
    # link on the other process and finds them all; Bruno's socket never noticed.
    os.killpg(first.process.pid, signal.SIGKILL)
    first.process.wait()
    alice.base_url = second.url
    alice.connect(token)
    reopened = alice.table_after(-1)
    assert reopened.message["move"] >= acknowledged
    page = alice.http.get(f"{second.url}/table/{token}/", timeout=10).text
    assert move_of(page) >= acknowledged

    same = Latencies()
    played = 0
    deadline = time.monotonic() + 60
    while played < 6 and time.monotonic() < deadline:
        moved = False
        for actor, watcher in ((alice, bruno), (bruno, alice)):
            if play_and_time(actor, watcher, same) is not None:
                played, moved = played + 1, True
        next_hand = NEXT_HAND.search(alice.latest_table())
        if next_hand:
            alice.post(next_hand.group(1), {"move": move_of(alice.table)})
        if not moved:
            time.sleep(0.05)
    assert played >= 6, tail(second.log)
    report("after the kill, both on the surviving process", same)
    assert max(same.seconds) < 1.0
