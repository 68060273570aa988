"""The « Jouer en direct » matcher's cost per pass over a crowded queue: the rule alone
(`ranked.matching.form_tables` over plain Seekers) and the matcher's whole pass over one
queue (`ranked.services.form_tables_now`: the entries locked and read, the tables found,
each written as a proposal, the news sent after the commit) in a throwaway database (the
configured one's test database: SQLite in memory for `make bench`). Both see the same
ratings (around 1500, sd 200) and waits (0 to 90 s, so ranges of ±100 to ±400)."""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from ranked.matching import Seeker, form_tables


@dataclass(frozen=True)
class PassTimings:
    what: str
    passes: int
    tables: int
    p50_ms: float
    max_ms: float

    def __str__(self) -> str:
        return (
            f"{self.what}: p50 {self.p50_ms:7.2f} ms   max {self.max_ms:7.2f} ms   "
            f"({self.tables} tables a pass, {self.passes} passes)"
        )


@dataclass(frozen=True)
class MatcherTimings:
    players: int
    rule: PassTimings
    database: PassTimings

    def __str__(self) -> str:
        return (
            f"matcher, one pass over {self.players:,} waiting players\n"
            f"  {self.rule}\n  {self.database}"
        )


def crowd(players: int, seed: int) -> list[Seeker]:
    rng = random.Random(seed)
    return [Seeker(key, round(rng.gauss(1500, 200)), rng.uniform(0, 90)) for key in range(players)]


def _timed(
    what: str, one_pass: Callable[[], int], passes: int, before: Callable[[], object] | None = None
) -> PassTimings:
    """`passes` calls of `one_pass` (which says how many tables it formed), each timed
    alone, `before` each one untimed."""
    durations: list[float] = []
    tables = 0
    for _ in range(passes):
        if before is not None:
            before()
        started = time.perf_counter()
        tables = one_pass()
        durations.append(time.perf_counter() - started)
    return PassTimings(
        what, passes, tables, statistics.median(durations) * 1000, max(durations) * 1000
    )


def time_matcher(players: int = 1000, passes: int = 5, seed: int = 5) -> MatcherTimings:
    seekers = crowd(players, seed)
    rule = _timed("form_tables (the rule)", lambda: len(form_tables(seekers)), passes)
    return MatcherTimings(players, rule, _time_database_pass(seekers, passes))


def _time_database_pass(seekers: list[Seeker], passes: int) -> PassTimings:
    """The same crowd as QueueEntry rows of one queue in the configured database's test
    database, created for this and dropped after."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from datetime import timedelta

    from django.contrib.auth.models import User
    from django.db import connection
    from django.utils import timezone

    from ranked.models import Proposal, QueueEntry
    from ranked.services import form_tables_now

    configured = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        users = User.objects.bulk_create(
            User(username=f"attente{seeker.key}", password="!") for seeker in seekers
        )
        now = timezone.now()
        QueueEntry.objects.bulk_create(
            QueueEntry(
                user=user,
                target=50,
                rated=True,
                rating=seeker.rating,
                joined_at=now - timedelta(seconds=seeker.waited),
            )
            for user, seeker in zip(users, seekers, strict=True)
        )

        # Each pass over the same queue: the proposals of the one before deleted, untimed
        # (their entries wait again).
        return _timed(
            f"form_tables_now ({connection.vendor})",
            lambda: form_tables_now(50, True),
            passes,
            before=lambda: Proposal.objects.all().delete(),
        )
    finally:
        connection.creation.destroy_test_db(configured, verbosity=0)
