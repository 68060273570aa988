"""The write paths of the « Jouer en direct » queue: join, cancel, confirm a found table,
complete an « Amicale » one with bots, and the matcher's own (forming tables, dropping
no-shows, ranked.matcher). Each runs in one transaction with the rows it changes locked,
and tells the browsers concerned once committed (ranked.news).

A found table is a Proposal: its four people confirm they are there (their queue page
does it on its own as soon as it hears the news); when the last one does, the table is
dealt (tables.services.seat_from_queue) and everyone is sent to it at once. Whoever has
not confirmed after ARRIVE_SECONDS is dropped from the queue; the others go back to it
with their first arrival time, so they are at its front. A table the bots complete
(« Compléter avec des robots ») goes on instead, a bot in each seat nobody took up; the
people it invited from « Classée » answer themselves (`confirm` or `decline`) and keep
their place there unless they accept.

A place lives only while its queue page does (ranked.consumers tells `page_seen` and
`page_closed`): a closed page is not matched, a table found waits no longer for it, and
a page silent for PRESENCE_SECONDS (its process killed) leaves the queue (`drop_ghosts`).
"""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth.models import User
from django.db import connection, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from play.models import Target
from play.services import Refused
from ranked import news
from ranked.matching import BOTS_AFTER_SECONDS, Seeker, form_tables
from ranked.models import Proposal, QueueEntry
from ranked.selectors import (
    PRESENCE_SECONDS,
    TABLE_PEOPLE,
    game_in_progress,
    invited,
    present,
    shown_rating,
)
from tables import services as table_services

ARRIVE_SECONDS = 20


def join(*, user_id: int, target: int, rated: bool) -> QueueEntry:
    """« Rechercher une partie »: a place in the queue of that length and kind (the same
    place, with its options changed, for someone already waiting)."""
    if target not in Target.values:
        raise Refused("bad_target", _("Choisissez une partie en 50 ou en 100 points."))
    with transaction.atomic():
        # The account's row, locked: two joins at once (two tabs) queue one after the other.
        User.objects.select_for_update().get(pk=user_id)
        game = game_in_progress(user_id)
        if game is not None:
            raise Refused("playing", _("Vous avez déjà une partie en direct en cours."))
        # Locked: a matcher holding it (a table being found for it) is waited for.
        entry = QueueEntry.objects.select_for_update().filter(user_id=user_id).first()
        if entry is not None and entry.proposal_id is not None:
            raise Refused("matched", _("Une table vient de vous être trouvée."))
        rating = shown_rating(user_id, target)
        if entry is None:
            entry = QueueEntry.objects.create(
                user_id=user_id, target=target, rated=rated, rating=rating, joined_at=timezone.now()
            )
        elif (entry.target, entry.rated) != (target, rated):
            news.queue_changed(entry.target, entry.rated)
            entry.target, entry.rated, entry.rating = target, rated, rating
            entry.joined_at = timezone.now()
            entry.save(update_fields=["target", "rated", "rating", "joined_at"])
        # The queue page opens next: the place is present until its socket says otherwise.
        QueueEntry.objects.filter(pk=entry.pk).update(page_open=True, seen_at=timezone.now())
        news.queue_changed(target, rated)
        news.wake_matcher()
    return entry


def cancel(*, user_id: int) -> None:
    """« Annuler »: out of the queue; a table found but not dealt yet goes back to the
    queue for the others, or on with a bot in this seat if the bots complete it."""
    with transaction.atomic():
        entry, proposal, together = _lock_own(user_id)
        if entry is None:
            return
        if proposal is not None:
            _go_on_without(proposal, together, [entry])
        entry.delete()
        news.queue_changed(entry.target, entry.rated)


def page_seen(*, user_id: int) -> None:
    """A socket of this account's queue page is open (connected, or still alive a few
    seconds later): its place is matched and counted. A page back after a reload keeps
    its place and its arrival time."""
    with transaction.atomic():
        entry = QueueEntry.objects.select_for_update().filter(user_id=user_id).first()
        if entry is None:
            return
        was_present = present(QueueEntry.objects.filter(pk=entry.pk)).exists()
        entry.page_open, entry.seen_at = True, timezone.now()
        entry.save(update_fields=["page_open", "seen_at"])
        if not was_present:
            news.queue_changed(entry.target, entry.rated)
            news.wake_matcher()


def page_closed(*, user_id: int) -> None:
    """The queue page's socket closed (the tab, or a reload): from now on the place is
    neither matched nor counted, and a table found for it ends at once (the matcher,
    woken here) rather than after ARRIVE_SECONDS. It comes back if the page reconnects
    within PRESENCE_SECONDS, else it leaves the queue."""
    with transaction.atomic():
        entry = QueueEntry.objects.select_for_update().filter(user_id=user_id).first()
        if entry is None or not entry.page_open:
            return
        entry.page_open = False
        entry.save(update_fields=["page_open"])
        news.queue_changed(entry.target, entry.rated)
        news.wake_matcher()


def drop_ghosts() -> int:
    """Places whose page no socket vouched for in PRESENCE_SECONDS (closed and not back,
    or served by a process that was killed): out of the queue. How many left."""
    since = timezone.now() - timedelta(seconds=PRESENCE_SECONDS)
    with transaction.atomic():
        ghosts = list(
            _lockable(QueueEntry.objects.filter(proposal__isnull=True, seen_at__lt=since))
        )
        QueueEntry.objects.filter(pk__in=[ghost.pk for ghost in ghosts]).delete()
        for target, rated in {(ghost.target, ghost.rated) for ghost in ghosts}:
            news.queue_changed(target, rated)
    return len(ghosts)


def confirm(*, user_id: int) -> str | None:
    """The queue page's « I am here » once a table is found; the table's address once the
    last of its people confirmed (the table is dealt then), else None."""
    with transaction.atomic():
        entry, proposal, entries = _lock_own(user_id)
        if entry is None or proposal is None:
            return None
        if not entry.confirmed:
            # An invitation from « Classée » accepted: this player's game is friendly now.
            entry.confirmed, entry.rated = True, proposal.rated
            entry.save(update_fields=["confirmed", "rated"])
        news.to_players(other.user_id for other in entries)
        if not all(other.confirmed for other in entries):
            return None
        return _deal(proposal, entries)


def decline(*, user_id: int) -> str | None:
    """« Rester en Classée »: an invitation to a friendly table with bots refused. The
    place in « Classée » is kept (with its arrival time) and a bot takes the seat offered;
    the table's address if this was the last answer it waited for, else None."""
    with transaction.atomic():
        entry, proposal, entries = _lock_own(user_id)
        if entry is None or proposal is None or not invited(entry, proposal):
            return None
        news.queue_changed(entry.target, entry.rated)
        return _go_on_without(proposal, entries, [entry])


def _lock_own(user_id: int) -> tuple[QueueEntry | None, Proposal | None, list[QueueEntry]]:
    """This player's entry and, if a table was found for it, the proposal and all its
    entries, locked in the one order every write path uses: the proposal's entries by id,
    then the proposal (so `confirm`, `cancel` and `drop_no_shows` never deadlock)."""
    for _attempt in range(3):
        found = QueueEntry.objects.filter(user_id=user_id).values_list("proposal_id", flat=True)
        proposal_id = found.first()
        if proposal_id is None:
            entry = QueueEntry.objects.select_for_update().filter(user_id=user_id).first()
            if entry is None or entry.proposal_id is None:
                return entry, None, []
            continue  # matched since it was read: lock it as a proposal's entry
        entries, proposal = _lock_proposal(proposal_id)
        entry = next((other for other in entries if other.user_id == user_id), None)
        if entry is not None and proposal is not None:
            return entry, proposal, entries
    raise Refused("busy", _("La file change en ce moment : réessayez dans un instant."))


def _lock_proposal(proposal_id: int) -> tuple[list[QueueEntry], Proposal | None]:
    entries = list(
        QueueEntry.objects.select_for_update()
        .filter(proposal_id=proposal_id)
        .select_related("user")
        .order_by("pk")
    )
    proposal = Proposal.objects.select_for_update().filter(pk=proposal_id).first()
    entries.sort(key=lambda entry: (entry.joined_at, entry.pk))
    return entries, proposal


def fill_with_bots(*, user_id: int) -> str | None:
    """« Compléter avec des robots »: after BOTS_AFTER_SECONDS, a table now with whoever
    else waits in « Amicale » for the same length (up to three) and bots. From a « Classée »
    place this is « Passer en Amicale avec des robots »: the game is friendly (bots never
    play a rated game), and the others waiting in « Classée » for that length are invited
    to it (seats left over): each accepts, or keeps their place and a bot sits instead.
    Alone, the table is dealt at once: its address; else None, the others to answer."""
    with transaction.atomic():
        entry = QueueEntry.objects.select_for_update().filter(user_id=user_id).first()
        if entry is None or entry.proposal_id is not None:
            raise Refused("not_waiting", _("Vous n’êtes plus dans la file."))
        if (timezone.now() - entry.joined_at).total_seconds() < BOTS_AFTER_SECONDS:
            raise Refused("too_soon", _("Les robots complètent une table après une minute."))
        others = _waiting_with(entry, rated=False, places=TABLE_PEOPLE - 1)
        if entry.rated:
            others += _waiting_with(entry, rated=True, places=TABLE_PEOPLE - 1 - len(others))
        people = [entry, *others]
        proposal = _propose(people, entry.target, rated=False, bots=TABLE_PEOPLE - len(people))
        # The one who asked is here, and now at a friendly table.
        QueueEntry.objects.filter(pk=entry.pk).update(confirmed=True, rated=False)
        if entry.rated:
            news.queue_changed(entry.target, True)
        if not others:
            return _deal(proposal, [entry])
        news.to_players(person.user_id for person in people)
        news.wake_matcher()
        news.queue_changed(entry.target, False)
        return None


def _waiting_with(entry: QueueEntry, *, rated: bool, places: int) -> list[QueueEntry]:
    """The first `places` others present in the queue of that kind for `entry`'s length,
    locked (skipping any a matcher holds)."""
    if places <= 0:
        return []
    waiting = QueueEntry.objects.filter(target=entry.target, rated=rated, proposal__isnull=True)
    return list(
        _lockable(present(waiting.exclude(pk=entry.pk))).order_by("joined_at", "pk")[:places]
    )


def form_tables_now(target: int, rated: bool) -> int:
    """One pass of the matcher over one queue: the tables it found (as proposals). The
    entries are locked with SKIP LOCKED on PostgreSQL: two matchers at once (several
    worker processes) share the queue without waiting for or matching the same person."""
    with transaction.atomic():
        waiting = list(
            _lockable(
                present(
                    QueueEntry.objects.filter(target=target, rated=rated, proposal__isnull=True)
                )
            )
        )
        now = timezone.now()
        by_key = {entry.pk: entry for entry in waiting}
        seekers = [
            Seeker(entry.pk, entry.rating, (now - entry.joined_at).total_seconds())
            for entry in waiting
        ]
        tables = form_tables(seekers)
        for table in tables:
            _propose([by_key[seeker.key] for seeker in table], target, rated=rated, bots=0)
        news.to_players(by_key[seeker.key].user_id for table in tables for seeker in table)
        if tables:
            news.wake_matcher()
        if waiting:
            news.queue_changed(target, rated)
    return len(tables)


def drop_no_shows() -> int:
    """Every proposal past its ARRIVE_SECONDS, or waiting on someone whose queue page has
    closed (who will not confirm): its unconfirmed people leave the queue (those invited
    from « Classée » stay in it), and the others go back to it, or play now with bots in
    the seats left if the bots complete the table. How many proposals were ended."""
    ended = 0
    closed = Q(entries__confirmed=False, entries__page_open=False)
    due = (
        Proposal.objects.filter(Q(arrive_by__lte=timezone.now()) | closed)
        .values_list("pk", flat=True)
        .distinct()
    )
    for proposal_id in list(due):
        with transaction.atomic():
            entries, proposal = _lock_proposal(proposal_id)
            if proposal is None or not entries:
                continue
            absent = [entry for entry in entries if not entry.confirmed]
            # An invitation from « Classée » left unanswered keeps its place there.
            unanswered = [entry for entry in absent if invited(entry, proposal)]
            gone = [entry.pk for entry in absent if entry not in unanswered]
            news.to_players((entry.user_id for entry in unanswered), notice="unanswered")
            news.to_players(
                (entry.user_id for entry in absent if entry.pk in gone), notice="dropped"
            )
            _go_on_without(proposal, entries, absent)
            QueueEntry.objects.filter(pk__in=gone).delete()
            ended += 1
    return ended


def _lockable(rows: QuerySet[QueueEntry]) -> QuerySet[QueueEntry]:
    """Rows locked for this transaction, skipping those another transaction holds, where
    the database can (PostgreSQL); SQLite locks the whole database for a write anyway."""
    if connection.features.has_select_for_update_skip_locked:
        return rows.select_for_update(skip_locked=True)
    return rows.select_for_update()


def _propose(entries: list[QueueEntry], target: int, *, rated: bool, bots: int) -> Proposal:
    """A table found for `entries`, each to confirm by ARRIVE_SECONDS (the caller tells
    them and wakes the matcher for that deadline, once for all the tables it found)."""
    proposal = Proposal.objects.create(
        target=target,
        rated=rated,
        bots=bots,
        arrive_by=timezone.now() + timedelta(seconds=ARRIVE_SECONDS),
    )
    QueueEntry.objects.filter(pk__in=[entry.pk for entry in entries]).update(
        proposal=proposal, confirmed=False
    )
    return proposal


def _go_on_without(
    proposal: Proposal, entries: list[QueueEntry], leaving: list[QueueEntry]
) -> str | None:
    """A table found, without `leaving` (who cancelled, declined or did not come). One the
    bots complete goes on while someone who confirmed stays: a bot takes each seat left,
    and once everyone staying confirmed it is dealt (its address). Any other goes back to
    the queue."""
    staying = [entry for entry in entries if entry not in leaving]
    if not proposal.bots or not any(entry.confirmed for entry in staying):
        _release(proposal, [entry.pk for entry in leaving])
        return None
    QueueEntry.objects.filter(pk__in=[entry.pk for entry in leaving]).update(
        proposal=None, confirmed=False
    )
    proposal.bots += len(leaving)
    proposal.save(update_fields=["bots"])
    if all(entry.confirmed for entry in staying):
        return _deal(proposal, staying)
    news.to_players(entry.user_id for entry in staying)
    return None


def _release(proposal: Proposal, leaving: list[int]) -> None:
    """A proposal that will not be dealt: everyone but `leaving` back to the queue, with
    their first arrival time (the queue's front)."""
    staying = proposal.entries.exclude(pk__in=leaving)
    news.to_players(staying.values_list("user_id", flat=True), notice="requeued")
    staying.update(proposal=None, confirmed=False)
    news.queue_changed(proposal.target, proposal.rated)
    proposal.delete()
    news.wake_matcher()


def _deal(proposal: Proposal, entries: list[QueueEntry]) -> str:
    """The last confirmation: the table dealt, its people out of the queue, sent to it."""
    game = table_services.seat_from_queue(
        people=[(entry.user_id, entry.user.get_username()) for entry in entries],
        target=proposal.target,
        rated=proposal.rated,
    )
    url = game.get_absolute_url()
    news.to_players((entry.user_id for entry in entries), url=url)
    QueueEntry.objects.filter(proposal=proposal).delete()
    proposal.delete()
    news.queue_changed(proposal.target, proposal.rated)
    return url
