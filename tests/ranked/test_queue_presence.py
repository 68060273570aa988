"""A queue place lives only while its queue page does (issue 37, fault 2: a searcher who
had closed her tab was still counted 34 minutes later): a closed page is neither counted
nor matched, comes back with its place after a reload, and leaves the queue once no socket
vouched for it for PRESENCE_SECONDS (also when its process was killed: no « closed » was
ever said); a table found for a page that closed ends at once, not after the 20 s given to
arrive."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from play.models import Game
from ranked import services
from ranked.models import Proposal, QueueEntry
from ranked.selectors import PRESENCE_SECONDS, Stage, queue_view
from tests.ranked.builders import accounts, match_now

pytestmark = pytest.mark.django_db


def silent_for(user_id: int, seconds: float) -> None:
    """No socket of this page has vouched for it for `seconds`."""
    QueueEntry.objects.filter(user_id=user_id).update(
        seen_at=timezone.now() - timedelta(seconds=seconds)
    )


def test_a_closed_page_is_neither_counted_nor_matched_then_leaves_the_queue() -> None:
    users = accounts("anna", "bob", "carl", "dina")
    for user in users:
        services.join(user_id=user.pk, target=50, rated=True)
    services.page_closed(user_id=users[3].pk)
    assert queue_view(users[0].pk).waiting == 3
    match_now()
    assert not Proposal.objects.exists()
    # Still closed when PRESENCE_SECONDS have passed: a ghost, out of the queue.
    silent_for(users[3].pk, PRESENCE_SECONDS + 1)
    match_now()
    assert not QueueEntry.objects.filter(user=users[3]).exists()
    assert queue_view(users[3].pk).stage == Stage.IDLE
    assert QueueEntry.objects.count() == 3


def test_a_page_reloaded_keeps_its_place_and_is_matched() -> None:
    users = accounts("anna", "bob", "carl", "dina")
    for user in users:
        services.join(user_id=user.pk, target=50, rated=True)
    joined = QueueEntry.objects.get(user=users[0]).joined_at
    services.page_closed(user_id=users[0].pk)
    services.page_seen(user_id=users[0].pk)
    assert QueueEntry.objects.get(user=users[0]).joined_at == joined
    assert queue_view(users[1].pk).waiting == 4
    match_now()
    assert Proposal.objects.get().entries.count() == 4


def test_a_page_whose_process_was_killed_leaves_the_queue() -> None:
    """The page never said it closed: only its silence tells."""
    users = accounts("anna", "bob")
    for user in users:
        services.join(user_id=user.pk, target=50, rated=True)
    silent_for(users[0].pk, PRESENCE_SECONDS - 5)
    match_now()
    assert queue_view(users[1].pk).waiting == 2
    silent_for(users[0].pk, PRESENCE_SECONDS + 1)
    assert queue_view(users[1].pk).waiting == 1
    match_now()
    assert list(QueueEntry.objects.values_list("user_id", flat=True)) == [users[1].pk]


def test_a_table_found_for_a_page_that_closed_ends_at_once() -> None:
    users = accounts("anna", "bob", "carl", "dina")
    for user in users:
        services.join(user_id=user.pk, target=50, rated=True)
    match_now()
    for user in users[:3]:
        services.confirm(user_id=user.pk)
    services.page_closed(user_id=users[3].pk)
    # Well before the proposal's 20 s are out.
    assert Proposal.objects.get().arrive_by > timezone.now()
    match_now()
    assert not Proposal.objects.exists() and not Game.objects.exists()
    assert not QueueEntry.objects.filter(user=users[3]).exists()
    back = QueueEntry.objects.filter(proposal__isnull=True)
    assert set(back.values_list("user_id", flat=True)) == {user.pk for user in users[:3]}
