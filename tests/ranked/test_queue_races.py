"""The queue under concurrency, on PostgreSQL (make test's rerun), each thread its own
connection: two matchers at once never put one person in two tables (SKIP LOCKED), and
four players confirming while one cancels end in one consistent state with no deadlock."""

from __future__ import annotations

import random

import pytest
from django.db import connection

from play.models import Game
from ranked import services
from ranked.models import Proposal, QueueEntry
from tests.play.test_races import at_once
from tests.ranked.builders import accounts, gathered

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor == "sqlite",
        reason="SQLite's in-memory test database is not shared between threads",
    ),
]


def test_two_matchers_at_once_share_the_queue_without_seating_anyone_twice() -> None:
    users = accounts(*(f"p{number}" for number in range(40)))
    rng = random.Random(3)
    for user in users:
        services.join(user_id=user.pk, target=50, rated=True)
    QueueEntry.objects.update(rating=1500)
    for entry in QueueEntry.objects.all():
        entry.rating = 1500 + rng.randint(-30, 30)
        entry.save(update_fields=["rating"])
    gathered()
    results = at_once([lambda: services.form_tables_now(50, True)] * 3)
    assert all(isinstance(result, int) for result in results), results
    # Matchers that split the rows between them (each skips what another holds) may each
    # leave a few over: the clock's next pass seats them, never anyone twice.
    leftover = services.form_tables_now(50, True)
    assert sum(results) + leftover == Proposal.objects.count() == 10
    for proposal in Proposal.objects.all():
        assert proposal.entries.count() == 4
    assert not QueueEntry.objects.filter(proposal__isnull=True).exists()


def test_confirmations_and_a_cancel_at_once_end_consistently() -> None:
    for _round in range(5):
        QueueEntry.objects.all().delete()
        Game.objects.all().delete()
        users = accounts(*(f"r{_round}-{number}" for number in range(4)))
        for user in users:
            services.join(user_id=user.pk, target=50, rated=True)
        gathered()
        assert services.form_tables_now(50, True) == 1
        calls = [lambda user=user: services.confirm(user_id=user.pk) for user in users]
        calls.append(lambda users=users: services.cancel(user_id=users[2].pk))
        results = at_once(calls)
        assert not any(isinstance(result, BaseException) for result in results), results
        cancelled = not QueueEntry.objects.filter(user=users[2]).exists()
        dealt = Game.objects.count()
        # Either the table was dealt before the cancel (the cancel found nothing to do, and
        # the player is at the table), or the cancel freed the others and no table exists.
        assert cancelled
        if dealt:
            assert dealt == 1 and not QueueEntry.objects.exists()
        else:
            assert not Proposal.objects.exists()
            assert QueueEntry.objects.filter(proposal__isnull=True).count() == 3
