"""Which past games a visitor may see, and the history list.

A game is seen by its owner (an account, or a guest's session: game.ownership), or by
anyone holding its share link once it is finished. Anything else is `Game.DoesNotExist`,
which the views turn into a 404 without saying whether the game exists.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.paginator import Page, Paginator
from django.db.models import Q, QuerySet

from game.history.steps import HandRecord
from game.models import Game, Hand, Result
from game.ownership import Owner
from game.positions import owned_games
from game.seats import HUMAN, SEAT_NAMES

GAMES_PER_PAGE = 20
# The history filter, as it appears in the address (« ?resultat=gagnees »).
RESULT_FILTERS = {
    "gagnees": Q(status=Game.Status.FINISHED, winner=HUMAN),
    "perdues": Q(status=Game.Status.FINISHED) & ~Q(winner=HUMAN),
    "en-cours": Q(status=Game.Status.PLAYING),
}


def history_games(owner: Owner) -> QuerySet[Game]:
    """The owner's games, newest first; tutorial deals are not games of theirs to review."""
    return owned_games(owner).filter(kind=Game.Kind.SOLO).order_by("-created_at", "-pk")


def owned_game(owner: Owner, game_id: int) -> Game:
    return owned_games(owner).get(pk=game_id)


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


def game_row(game: Game) -> GameRow:
    hand = game.current_hand
    return GameRow(
        game=game,
        result=game.result,
        hands=hand.number if hand else 0,
        totals=[
            SeatTotal(name=str(SEAT_NAMES[seat]), total=total, is_human=seat == HUMAN)
            for seat, total in enumerate(game.totals or [0, 0, 0, 0])
        ],
    )


@dataclass(frozen=True)
class HistoryPage:
    page: Page
    rows: list[GameRow]
    result: str


def history_page(owner: Owner, *, result: str = "", page: str | int | None = 1) -> HistoryPage:
    """One page of the owner's games (two queries: the count and the page's rows)."""
    games = history_games(owner).select_related("current_hand")
    if result in RESULT_FILTERS:
        games = games.filter(RESULT_FILTERS[result])
    else:
        result = ""
    current = Paginator(games, GAMES_PER_PAGE).get_page(page)
    return HistoryPage(page=current, rows=[game_row(game) for game in current], result=result)
