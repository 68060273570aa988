"""Accounts, queue tables and finished ranked games for the queue's and ratings' tests."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from play import services
from play.models import Game, LiveTable, Seat
from ranked import ratings
from ranked.matching import GATHER_SECONDS
from ranked.models import QueueEntry
from tables import clock
from tables.services import seat_from_queue


def accounts(*names: str) -> list[User]:
    return [User.objects.create_user(name, password="x" * 12) for name in names]


def gathered() -> None:
    """The newcomers' gathering time over (their arrival moved back to GATHER_SECONDS ago;
    those who waited longer keep their time): the next pass may seat them."""
    since = timezone.now() - timedelta(seconds=GATHER_SECONDS)
    QueueEntry.objects.filter(joined_at__gt=since).update(joined_at=since)


def match_now() -> int:
    """The clock's round (the queue's matcher among it) once the newcomers have gathered."""
    gathered()
    return clock.tick()


def rated_table(users: list[User], target: int = 50, rated: bool = True) -> Game:
    with transaction.atomic():
        return seat_from_queue(
            people=[(user.pk, user.username) for user in users], target=target, rated=rated
        )


def finish(game: Game, totals_by_user: dict[int, int], abandoned: set[int] = frozenset()) -> None:
    """The game's end as the write path records it (services._finish_hand_if_over calls the
    ratings' listener in that transaction), with these totals."""
    seats = {seat.user_id: seat for seat in Seat.objects.filter(game=game, is_bot=False)}
    totals = [0, 0, 0, 0]
    for user_id, total in totals_by_user.items():
        totals[seats[user_id].number] = total
    with transaction.atomic():
        Seat.objects.filter(game=game, user_id__in=abandoned).update(abandoned=True, away=True)
        game = Game.objects.select_for_update().get(pk=game.pk)
        game.totals = totals
        low = min(totals)
        game.winner = totals.index(low) if totals.count(low) == 1 else None
        game.status = Game.Status.FINISHED
        game.finished_at = timezone.now()
        ratings.record_game(game)
        game.save()


def play_out(game: Game) -> Game:
    """Every seat away: the table clock plays the whole game with bots, deadline after
    deadline, through services.play_overdue (the real end of a game)."""
    Seat.objects.filter(game=game).update(away=True)
    for _round in range(2000):
        game.refresh_from_db()
        if game.is_finished:
            return game
        LiveTable.objects.filter(pk=game.pk).update(
            deadline=timezone.now(), deadline_move=game.move_count
        )
        services.play_overdue(game.pk)
    raise AssertionError("the game did not end")
