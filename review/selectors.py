"""Which past games a visitor may see, and the history list.

A game is seen by its owner (an account, or a guest's session: play.ownership), by the
people seated at it when it is a live table (each from their own seat), or by anyone
holding its share link once it is finished. Anything else is `Game.DoesNotExist`,
which the views turn into a 404 without saying whether the game exists.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.paginator import Page, Paginator
from django.db.models import F, OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce

from play.models import Game, Hand, Result, Seat
from play.ownership import Owner
from play.positions import owned_games, owned_games_of, seated_games
from play.seating import Perspective, seating_of
from play.seats import HUMAN
from play.steps import HandRecord

GAMES_PER_PAGE = 20
# A lesson is neither won nor lost: the same guided deal for everyone.
_CONTESTED = ~Q(kind=Game.Kind.TUTORIAL)
# The history filter, as it appears in the address (« ?resultat=gagnees »); `seat` is the
# viewer's seat (history_games).
RESULT_FILTERS = {
    "gagnees": Q(status=Game.Status.FINISHED, winner=F("seat")) & _CONTESTED,
    "perdues": Q(status=Game.Status.FINISHED) & ~Q(winner=F("seat")) & _CONTESTED,
    "en-cours": Q(status=Game.Status.PLAYING),
}


def solo_games(owner: Owner) -> QuerySet[Game]:
    """The owner's games against the bots (the statistics count these)."""
    return owned_games(owner).filter(kind=Game.Kind.SOLO)


def finished_lessons(owner: Owner) -> QuerySet[Game]:
    """The tutorial deals the owner played to their end: reviewed like any game, but kept
    out of the statistics (solo_games), since every learner gets the same deal."""
    return owned_games_of(owner, Game.Kind.TUTORIAL).filter(status=Game.Status.FINISHED)


def history_games(owner: Owner, *, lessons: bool = False) -> QuerySet[Game]:
    """The owner's solo games and the live tables they sat at once started, newest first,
    each with the viewer's `seat`; with `lessons`, their finished tutorial deals too (« Mes
    parties » lists them; a profile's games and figures do not: it says « Tutoriel terminé »
    on its own). A lesson in progress is resumed from « Apprendre à jouer », not from here."""
    started = seated_games(owner).exclude(status=Game.Status.WAITING)
    games = solo_games(owner) | started
    if lessons:
        games |= finished_lessons(owner)
    return games.annotate(seat=Coalesce(_seat_of(owner), Value(HUMAN))).order_by(
        "-created_at", "-pk"
    )


def _seat_of(owner: Owner) -> Subquery:
    """The owner's seat at each game (none at a solo game: seat 0 is theirs)."""
    seats = Seat.objects.filter(game=OuterRef("pk"), is_bot=False)
    if owner.user_id is not None:
        seats = seats.filter(user_id=owner.user_id)
    else:
        seats = seats.filter(guest_id=owner.guest_id, user__isnull=True)
    return Subquery(seats.values("number")[:1])


def owned_game(owner: Owner, game_id: int) -> Game:
    """A game of the owner's own (to share it, or to take its share link back)."""
    return owned_games(owner).get(pk=game_id)


def reviewable_games(owner: Owner) -> QuerySet[Game]:
    """The games the owner may review: theirs, or a live table they sat at once started
    (the replay's rule, which a profile also asks to know which of its games to link)."""
    games = owned_games(owner) | seated_games(owner)
    return games.exclude(status=Game.Status.WAITING)


def played_game(owner: Owner, game_id: int) -> tuple[Game, Perspective]:
    """A game the owner may review, and their view of it: theirs, or a live table they sat
    at (seen from their seat)."""
    game = reviewable_games(owner).get(pk=game_id)
    seating = seating_of(game)
    seat = seating.seat_of(owner)
    return game, Perspective(seating, HUMAN if seat is None else seat)


def shared_game(token: str) -> Game:
    """The finished game behind a share link; a revoked or unknown token finds nothing."""
    if not token:
        raise Game.DoesNotExist
    return Game.objects.get(share_token=token, status=Game.Status.FINISHED)


def load_hand(game: Game, hand_number: int) -> tuple[list[Hand], HandRecord]:
    """Every hand of the game (for the totals before it and the hand count) and one hand's
    record: two queries. `Hand.DoesNotExist` for a hand the game has not dealt."""
    hands = list(game.hands.all())
    hand = next((hand for hand in hands if hand.number == hand_number), None)
    if hand is None:
        raise Hand.DoesNotExist
    return hands, HandRecord.of(hand, hand.moves.all())


@dataclass(frozen=True)
class SeatTotal:
    name: str
    total: int
    is_human: bool


@dataclass(frozen=True)
class GameRow:
    """One line of « Mes parties »."""

    game: Game
    result: Result
    hands: int
    totals: list[SeatTotal]

    @property
    def is_lesson(self) -> bool:
        """A tutorial deal: shown as « Apprendre à jouer », neither won nor lost."""
        return self.game.kind == Game.Kind.TUTORIAL


def game_row(game: Game, seat: int = HUMAN) -> GameRow:
    hand = game.current_hand
    perspective = Perspective(seating_of(game), seat)
    totals = game.totals or [0, 0, 0, 0]
    return GameRow(
        game=game,
        result=game.result_for(seat),
        hands=hand.number if hand else 0,
        totals=[
            SeatTotal(
                name=perspective.name(other),
                total=totals[other],
                is_human=perspective.is_viewer(other),
            )
            for other in perspective.seats_from_bottom()
        ],
    )


@dataclass(frozen=True)
class HistoryPage:
    page: Page
    rows: list[GameRow]
    result: str


def history_page(owner: Owner, *, result: str = "", page: str | int | None = 1) -> HistoryPage:
    """One page of the owner's games (two queries: the count and the page's rows)."""
    games = (
        history_games(owner, lessons=True)
        .select_related("current_hand", "live")
        .prefetch_related("seats")
    )
    if result in RESULT_FILTERS:
        games = games.filter(RESULT_FILTERS[result])
    else:
        result = ""
    current = Paginator(games, GAMES_PER_PAGE).get_page(page)
    # `seat`: annotated by history_games, which the type checker cannot see.
    rows = [game_row(game, game.seat) for game in current]  # type: ignore[attr-defined]
    return HistoryPage(page=current, rows=rows, result=result)
