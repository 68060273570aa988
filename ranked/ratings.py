"""The ratings' write path: a ranked game's end counted into its players' ratings, once,
in the transaction that records that end (play.pages.register_game_end), and the same
computation replayed from the stored games by `manage.py rebuild_ratings`.

A player a bot replaced for the rest of the game (away, or « Abandonner la partie ») is
still a player of it: the one who was away is ranked by their seat's total, the one who
abandoned takes the last place whatever it is (ranked.skill.final_ranks). Leaving is never
a way to dodge a loss.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from play.models import Game, LiveTable, Seat
from ranked.models import RatedGame, Rating, RatingChange
from ranked.skill import Skill, Standing, final_ranks, rate


def record_game(game: Game) -> None:
    """At a ranked game's end, in its transaction: the players' new ratings. A second call
    for the same game (there is none: the game row is locked and ends once) would meet the
    primary key of RatedGame and roll the whole end back rather than count it twice."""
    if game.kind != Game.Kind.LIVE or not LiveTable.objects.filter(pk=game.pk, rated=True).exists():
        return
    seats = _people(game)
    ratings = _locked_ratings(game.target, [seat.user_id for seat in seats])
    rated = RatedGame.objects.create(game=game, rated_at=timezone.now())
    _rate(game, rated, seats, ratings)


def rebuild() -> int:
    """Every rating computed again from the stored ranked games, in the order they were
    rated: the same numbers as the live updates gave. How many games were replayed."""
    with transaction.atomic():
        RatingChange.objects.all().delete()
        Rating.objects.all().delete()
        count = 0
        rated_games = RatedGame.objects.select_related("game").order_by("rated_at", "game_id")
        for rated in rated_games:
            seats = _people(rated.game)
            ratings = _locked_ratings(rated.game.target, [seat.user_id for seat in seats])
            _rate(rated.game, rated, seats, ratings)
            count += 1
    return count


def _people(game: Game) -> list[Seat]:
    return list(Seat.objects.filter(game=game, is_bot=False, user__isnull=False).order_by("number"))


def _locked_ratings(target: int, user_ids: list[int | None]) -> dict[int, Rating]:
    """The players' ratings of that length, created at the start value if new, locked in
    one order (by user) so that two games ending at once never deadlock."""
    ids = sorted(user_id for user_id in user_ids if user_id is not None)
    existing = set(
        Rating.objects.filter(target=target, user_id__in=ids).values_list("user_id", flat=True)
    )
    Rating.objects.bulk_create(
        [Rating(user_id=user_id, target=target) for user_id in ids if user_id not in existing],
        ignore_conflicts=True,
    )
    locked = Rating.objects.select_for_update().filter(target=target, user_id__in=ids)
    return {rating.user_id: rating for rating in locked.order_by("user_id")}


def _rate(game: Game, rated: RatedGame, seats: list[Seat], ratings: dict[int, Rating]) -> None:
    totals = list(game.totals)
    ranks = final_ranks([Standing(totals[seat.number], seat.abandoned) for seat in seats])
    before = [_skill(ratings[seat.user_id]) for seat in seats if seat.user_id is not None]
    after = rate(before, ranks)
    changes = []
    for seat, rank, old, new in zip(seats, ranks, before, after, strict=True):
        assert seat.user_id is not None
        rating = ratings[seat.user_id]
        won = game.winner == seat.number and not seat.abandoned
        changes.append(
            RatingChange(
                rated_game=rated,
                user_id=seat.user_id,
                target=game.target,
                seat=seat.number,
                rank=rank,
                won=won,
                abandoned=seat.abandoned,
                mu_before=old.mu,
                sigma_before=old.sigma,
                mu_after=new.mu,
                sigma_after=new.sigma,
                shown_before=old.shown,
                shown_after=new.shown,
            )
        )
        rating.mu, rating.sigma, rating.shown = new.mu, new.sigma, new.shown
        rating.games += 1
        rating.wins += won
        rating.save(update_fields=["mu", "sigma", "shown", "games", "wins", "updated_at"])
    RatingChange.objects.bulk_create(changes)


def _skill(rating: Rating) -> Skill:
    return Skill(rating.mu, rating.sigma)
