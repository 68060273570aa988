"""The ratings as players read them: one account's, per length, and the leaderboard.

Only established players (PROVISIONAL_GAMES rated games or more) are ranked: a rating of a
few games says little, so those players are listed apart (« Provisoire »). The ranking is
by the shown rating; equal ratings share a place (1, 2, 2, 4), and among them the rows are
listed by username, so that every page of the board, and the page said to hold a player's
row, agree. Every read here is a fixed number of queries, however many players or games.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Literal

from django.core.paginator import Page, Paginator
from django.db.models import Count, F, OuterRef, QuerySet, Subquery, Value
from django.db.models.expressions import Window
from django.db.models.functions import Coalesce, Rank, RowNumber
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _

from play.models import Target
from ranked.models import Rating, RatingChange
from ranked.skill import DISPLAY_START, PROVISIONAL_GAMES

ROWS_PER_PAGE = 50
# The provisional players listed under the board, the best first; the others wait for
# their fifth game.
PROVISIONAL_LISTED = 50
# How many of a player's latest rated games their profile's chart draws, per length.
CURVE_GAMES = 50
# The tie-break among equal ratings, after the rating itself: a stable order for paging.
BOARD_ORDER = ("-shown", "user__username")


@dataclass(frozen=True)
class LengthRating:
    """An account's rating for games of `target` points."""

    target: int
    shown: int
    games: int
    wins: int

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


def player_ratings(user_id: int) -> list[LengthRating]:
    """Both lengths, 50 then 100 points; 1500 and no game for one never played."""
    stored = {rating.target: rating for rating in Rating.objects.filter(user_id=user_id)}
    ratings = []
    for target in sorted(Target.values):
        rating = stored.get(target)
        ratings.append(
            LengthRating(target, rating.shown, rating.games, rating.wins)
            if rating is not None
            else LengthRating(target, DISPLAY_START, 0, 0)
        )
    return ratings


@dataclass(frozen=True)
class Place:
    """Where an established player stands on the board of their length: « 12e sur 230 »."""

    rank: int
    ranked_players: int

    @property
    def label(self) -> str:
        if self.rank == 1:
            return _("1er sur %(total)s") % {"total": self.ranked_players}
        return _("%(rank)se sur %(total)s") % {"rank": self.rank, "total": self.ranked_players}


@dataclass(frozen=True)
class LengthStanding:
    """An account's rating for one length as its profile shows it: the numbers, its place
    on the board once established, and the rating after each of its latest games."""

    rating: LengthRating
    # None while the rating is provisional (such players are not ranked).
    place: Place | None
    # The rating before the oldest game drawn, then after each game, oldest first; empty
    # before the first rated game of that length.
    curve: tuple[int, ...]


def player_standings(user_id: int) -> list[LengthStanding]:
    """Both lengths, 50 then 100 points, in two queries: the ratings with their places,
    and the latest CURVE_GAMES rating changes of each length."""
    stored = {
        rating.target: rating for rating in _with_places(Rating.objects.filter(user_id=user_id))
    }
    curves = _curves(user_id)
    standings = []
    for target in sorted(Target.values):
        rating = stored.get(target)
        if rating is None:
            standings.append(LengthStanding(LengthRating(target, DISPLAY_START, 0, 0), None, ()))
            continue
        length = LengthRating(target, rating.shown, rating.games, rating.wins)
        place = None if length.provisional else _place_of(rating)
        standings.append(LengthStanding(length, place, curves.get(target, ())))
    return standings


@dataclass(frozen=True)
class BoardRow:
    """One player on the board (or among the provisional ones, whose `rank` is None)."""

    rank: int | None
    user_id: int
    username: str
    shown: int
    games: int
    wins: int


@dataclass(frozen=True)
class BoardPage:
    """One page of the board of `target` points: the established players of that page and
    the provisional players (the same on every page)."""

    target: int
    page: Page
    rows: list[BoardRow]
    provisional: list[BoardRow]


def board_page(target: int, page: int | Literal["last"] | None) -> BoardPage:
    """The board's page `page` (1 if None; a number past the end is the last page), in
    three queries: the count, the page's rows (each ranked among all, before the page is
    cut) and the provisional players."""
    ranked = (
        _established(target)
        .annotate(rank=Window(Rank(), order_by=F("shown").desc()))
        .annotate(username=F("user__username"))
        .order_by(*BOARD_ORDER)
        .values("rank", "user_id", "username", "shown", "games", "wins")
    )
    paginator = Paginator(ranked, ROWS_PER_PAGE)
    current = paginator.get_page(paginator.num_pages if page == "last" else page)
    provisional = (
        Rating.objects.filter(target=target, games__gt=0, games__lt=PROVISIONAL_GAMES)
        .annotate(username=F("user__username"))
        .order_by(*BOARD_ORDER)
        .values("user_id", "username", "shown", "games", "wins")[:PROVISIONAL_LISTED]
    )
    return BoardPage(
        target=target,
        page=current,
        rows=[BoardRow(**row) for row in current.object_list],
        provisional=[BoardRow(rank=None, **row) for row in provisional],
    )


@dataclass(frozen=True)
class BoardSeat:
    """Where an established player's row is: their place, and the board's page holding it."""

    place: Place
    page: int


def board_seat(user_id: int, target: int) -> BoardSeat | None:
    """The player's place on the board of `target` points, in one query; None unless they
    are established there."""
    tied_before = Rating.objects.filter(
        target=OuterRef("target"),
        games__gte=PROVISIONAL_GAMES,
        shown=OuterRef("shown"),
        user__username__lt=OuterRef("user__username"),
    )
    rating = (
        _with_places(_established(target).filter(user_id=user_id))
        .annotate(tied_before=_count_of(tied_before))
        .first()
    )
    if rating is None:
        return None
    # Rows listed before theirs: every higher rating, then the equal ones sorted first.
    before: int = rating.above + rating.tied_before  # type: ignore[attr-defined]
    return BoardSeat(place=_place_of(rating), page=before // ROWS_PER_PAGE + 1)


def leaderboard_url(target: int, page: int | None = None) -> str:
    """« Classement » for games of `target` points, at `page` (the first if None)."""
    query = {"partie": target} if page is None else {"partie": target, "page": page}
    return f"{reverse('ranked:leaderboard')}?{urlencode(query)}"


def _established(target: int) -> QuerySet[Rating]:
    return Rating.objects.filter(target=target, games__gte=PROVISIONAL_GAMES)


def _count_of(ratings: QuerySet[Rating]) -> Coalesce:
    """How many rows `ratings` (a correlated queryset) has, as one column of the outer
    query: 0 rather than NULL when there are none."""
    counted = ratings.order_by().values("target").annotate(count=Count("pk")).values("count")
    return Coalesce(Subquery(counted), Value(0))


def _with_places(ratings: QuerySet[Rating]) -> QuerySet[Rating]:
    """Each rating with `above`, the established players of its length rated higher, and
    `ranked_players`, how many are established there (its place is `above` + 1)."""
    established = Rating.objects.filter(target=OuterRef("target"), games__gte=PROVISIONAL_GAMES)
    return ratings.annotate(
        above=_count_of(established.filter(shown__gt=OuterRef("shown"))),
        ranked_players=_count_of(established),
    )


def _place_of(rating: Rating) -> Place:
    # `above`, `ranked_players`: annotated by _with_places (the type checker cannot see it).
    above: int = rating.above  # type: ignore[attr-defined]
    ranked_players: int = rating.ranked_players  # type: ignore[attr-defined]
    return Place(rank=above + 1, ranked_players=ranked_players)


def _curves(user_id: int) -> dict[int, tuple[int, ...]]:
    """Per length, the rating before the player's oldest of their latest CURVE_GAMES rated
    games, then after each of them, oldest first (one query: the latest of each length,
    numbered from the newest)."""
    latest = (
        RatingChange.objects.filter(user_id=user_id)
        .annotate(
            recency=Window(
                RowNumber(),
                partition_by=F("target"),
                order_by=[F("rated_game__rated_at").desc(), F("rated_game_id").desc()],
            )
        )
        .filter(recency__lte=CURVE_GAMES)
        .order_by("target", "-recency")
        .values_list("target", "shown_before", "shown_after")
    )
    curves: dict[int, list[int]] = defaultdict(list)
    for target, shown_before, shown_after in latest:
        curve = curves[target]
        if not curve:
            curve.append(shown_before)
        curve.append(shown_after)
    return {target: tuple(curve) for target, curve in curves.items()}


@dataclass(frozen=True)
class GameRatingChange:
    """What a ranked game did to one player's rating, for the table's result panel."""

    seat: int
    before: int
    after: int
    # Still « provisoire » after this game (fewer than PROVISIONAL_GAMES rated games).
    provisional: bool

    @property
    def delta(self) -> int:
        return self.after - self.before


def game_rating_changes(game_id: int) -> list[GameRatingChange]:
    """Each player's rating before and after this game, by seat; empty until it is rated
    (a friendly game never is). Two queries, whatever the number of players."""
    changes = list(
        RatingChange.objects.filter(rated_game_id=game_id)
        .select_related("rated_game")
        .order_by("seat")
    )
    if not changes:
        return []
    rated_at = changes[0].rated_game.rated_at
    # The games each had counted once this one was: later games do not make it less new.
    counted = dict(
        RatingChange.objects.filter(
            user_id__in=[change.user_id for change in changes],
            target=changes[0].target,
            rated_game__rated_at__lte=rated_at,
        )
        .values_list("user_id")
        .annotate(games=Count("pk"))
        .values_list("user_id", "games")
    )
    return [
        GameRatingChange(
            seat=change.seat,
            before=change.shown_before,
            after=change.shown_after,
            provisional=counted.get(change.user_id, 0) < PROVISIONAL_GAMES,
        )
        for change in changes
    ]
