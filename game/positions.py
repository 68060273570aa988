"""Reading a game: the current hand rebuilt by the engine from the stored history."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine import Card, Deal, Move as EngineMove, PassDirection, replay
from game.models import Game, Hand, Move
from game.ownership import Owner


@dataclass
class Position:
    """A game, its current hand and that hand's deal as the engine rebuilt it."""

    game: Game
    hand: Hand
    deal: Deal
    moves: list[Move] = field(default_factory=list)


def totals_before(game: Game, hand: Hand) -> list[int]:
    """The match totals when `hand` was dealt: a finished hand's scores are already counted."""
    scores = hand.scores or [0, 0, 0, 0]
    return [total - score for total, score in zip(game.totals, scores, strict=True)]


def engine_move(move: Move) -> EngineMove:
    return EngineMove.from_codes(move.seat, move.cards)


def rebuild_deal(game: Game, hand: Hand, moves: list[Move]) -> Deal:
    """The hand's position after its stored moves, each validated again by the engine."""
    return replay(
        [[Card.from_code(code) for code in cards.split()] for cards in hand.dealt],
        PassDirection(hand.direction),
        [engine_move(move) for move in moves],
        totals=totals_before(game, hand),
        target=game.target,
    )


def load_position(game: Game) -> Position:
    """Two queries at most: the current hand (unless already joined) and its moves."""
    hand = game.current_hand
    moves = list(hand.moves.all())
    return Position(game=game, hand=hand, deal=rebuild_deal(game, hand, moves), moves=moves)


def owned_games(owner: Owner):
    return Game.objects.filter(owner.games_filter())
