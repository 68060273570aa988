"""What the « Jouer en direct » pages read: where a player stands in the queue (the queue
page and its socket draw the same QueueView), their ratings and the leaderboard."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from enum import StrEnum

from django.db.models import QuerySet
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from play.models import Game, Seat, Target
from ranked.matching import BOTS_AFTER_SECONDS, search_range
from ranked.models import Proposal, QueueEntry, Rating
from ranked.skill import DISPLAY_START

# The people at a table.
TABLE_PEOPLE = 4
# A queue place whose page no socket has vouched for in this long is a ghost (its tab
# closed, or its server process killed): out of the queue. The socket vouches every
# ranked.consumers.HEARTBEAT_SECONDS.
PRESENCE_SECONDS = 30

NOTICES: dict[str, str | Promise] = {
    "dropped": _("Vous n’avez pas rejoint la table à temps : vous avez quitté la file."),
    "requeued": _(
        "Un joueur ne s’est pas présenté : vous restez en tête de la file, la recherche continue."
    ),
    "unanswered": _("Sans réponse de votre part, vous gardez votre place en Classée."),
}


class Stage(StrEnum):
    IDLE = "idle"  # not in a queue
    WAITING = "waiting"  # « Recherche de joueurs… »
    FOUND = "found"  # a table found, this player's confirmation to send
    CONFIRMED = "confirmed"  # confirmed, the others' awaited
    INVITED = "invited"  # asked from « Classée » to a friendly table with bots: to answer
    PLAYING = "playing"  # a live game in progress: its address


@dataclass(frozen=True)
class QueueView:
    stage: Stage
    target: int = Target.SHORT
    rated: bool = True
    rating: int = DISPLAY_START
    joined_at: datetime | None = None
    waited_seconds: int = 0
    waiting: int = 0
    # How many more people the table needs (« il en manque 2 »).
    missing: int = 0
    low: int = 0
    high: int = 0
    can_fill_with_bots: bool = False
    bots_after_seconds: int = BOTS_AFTER_SECONDS
    confirmed: int = 0
    people: int = 0
    # At an invitation (Stage.INVITED): who is at that table already.
    hosts: str = ""
    answer_seconds: int = 0
    game_url: str = ""
    notice: str | Promise = ""


def present(entries: QuerySet[QueueEntry]) -> QuerySet[QueueEntry]:
    """The entries whose queue page is open now: the only ones matched or counted."""
    since = timezone.now() - timedelta(seconds=PRESENCE_SECONDS)
    return entries.filter(page_open=True, seen_at__gte=since)


def invited(entry: QueueEntry, proposal: Proposal) -> bool:
    """A « Classée » place asked to a friendly table with bots (« Passer en Amicale avec
    des robots » pressed by someone waiting for the same length): it chooses, nobody
    confirms for it."""
    return entry.rated and not proposal.rated and not entry.confirmed


def queue_view(user_id: int, *, notice: str = "", table_url: str = "") -> QueueView:
    """Where this account stands: in which queue, for how long, how many wait with it and
    the ratings it accepts; or the table found, or the game it is playing."""
    entry = QueueEntry.objects.filter(user_id=user_id).select_related("proposal").first()
    shown_notice = NOTICES.get(notice, "")
    if entry is None:
        game = game_in_progress(user_id)
        url = table_url or (game.get_absolute_url() if game is not None else "")
        stage = Stage.PLAYING if url else Stage.IDLE
        return QueueView(stage=stage, game_url=url, notice=shown_notice)
    now = timezone.now()
    waited = (now - entry.joined_at).total_seconds()
    reach = search_range(waited)
    queued = QueueView(
        stage=Stage.WAITING,
        target=entry.target,
        rated=entry.rated,
        rating=entry.rating,
        joined_at=entry.joined_at,
        waited_seconds=int(waited),
        notice=shown_notice,
    )
    proposal = entry.proposal
    if proposal is not None:
        together = list(proposal.entries.select_related("user"))
        found = replace(
            queued,
            stage=Stage.CONFIRMED if entry.confirmed else Stage.FOUND,
            confirmed=sum(other.confirmed for other in together),
            people=len(together),
        )
        if invited(entry, proposal):
            hosts = [other.user.get_username() for other in together if other.confirmed]
            return replace(
                found,
                stage=Stage.INVITED,
                hosts=", ".join(hosts),
                answer_seconds=max(int((proposal.arrive_by - now).total_seconds()), 0),
            )
        return found
    waiting = present(
        QueueEntry.objects.filter(target=entry.target, rated=entry.rated, proposal__isnull=True)
    ).count()
    return replace(
        queued,
        waiting=waiting,
        # The player's own place counts even in the instant its page has not vouched yet.
        missing=max(TABLE_PEOPLE - max(waiting, 1), 0),
        low=entry.rating - reach,
        high=entry.rating + reach,
        can_fill_with_bots=waited >= BOTS_AFTER_SECONDS,
    )


def game_in_progress(user_id: int) -> Game | None:
    """The live table this account plays at now, if any (not one it abandoned)."""
    seat = (
        Seat.objects.filter(
            user_id=user_id,
            abandoned=False,
            game__kind=Game.Kind.LIVE,
            game__status=Game.Status.PLAYING,
        )
        .select_related("game__live")
        .order_by("-game__created_at")
        .first()
    )
    return None if seat is None else seat.game


def shown_rating(user_id: int, target: int) -> int:
    rating = Rating.objects.filter(user_id=user_id, target=target).values_list("shown", flat=True)
    return rating.first() or DISPLAY_START
