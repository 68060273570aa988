"""Reading what the tutorial keeps of a player (the selectors). Nothing here writes."""

from __future__ import annotations

from datetime import datetime

from django.db.models import Min

from play.models import Game
from play.ownership import Owner
from play.positions import owned_games_of
from tutorial.models import TutorialCompletion


def completed_on(owner: Owner) -> datetime | None:
    """When the owner first played the tutorial's deal to its end; None if never.

    The finished tutorial game is the record of it: its `finished_at` is the date, for a
    guest (who has no TutorialCompletion) and for an account whose guest games followed it
    at sign-up. TutorialCompletion, written for a signed-in player, says the same thing and
    is read too (the earlier of the two wins), so no second date has to be kept in step.
    Two queries at most.
    """
    finished = owned_games_of(owner, Game.Kind.TUTORIAL).filter(status=Game.Status.FINISHED)
    dates = [finished.aggregate(first=Min("finished_at"))["first"]]
    if owner.user_id is not None:
        recorded = TutorialCompletion.objects.filter(user_id=owner.user_id)
        dates.append(recorded.values_list("completed_at", flat=True).first())
    known = [date for date in dates if date is not None]
    return min(known) if known else None
