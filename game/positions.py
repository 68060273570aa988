"""Reading a game (the selectors): the current hand rebuilt by the engine from the stored
history, and what the table waits for. Nothing here writes."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import QuerySet

from game.engine import Deal, Move as EngineMove, Phase, replay
from game.models import Game, Hand, Move
from game.ownership import Owner
from game.seats import BOT_SEATS, HUMAN


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
        hand.dealt_cards(),
        hand.pass_direction,
        [engine_move(move) for move in moves],
        totals=totals_before(game, hand),
        target=game.target,
    )


def load_position(game: Game) -> Position:
    """Two queries at most: the current hand (unless already joined) and its moves."""
    hand = game.current_hand
    if hand is None:
        raise Hand.DoesNotExist(f"game {game.pk} has no hand dealt")
    moves = list(hand.moves.all())
    return Position(game=game, hand=hand, deal=rebuild_deal(game, hand, moves), moves=moves)


def owned_games(owner: Owner) -> QuerySet[Game]:
    return Game.objects.filter(owner.games_filter())


def owned_games_of(owner: Owner, kind: str) -> QuerySet[Game]:
    """The owner's games of one kind: an action posted to the solo game's addresses never
    reaches a lesson, nor the tutorial's a solo game."""
    return owned_games(owner).filter(kind=kind)


def pending_bot_seat(deal: Deal) -> int | None:
    """The bot that must act next, if any: a pass not chosen yet, or a bot's turn to play."""
    if deal.phase == Phase.PASSING:
        return next((seat for seat in BOT_SEATS if not deal.pass_submitted(seat)), None)
    if deal.phase == Phase.PLAYING and deal.turn != HUMAN:
        return deal.turn
    return None


def bots_pending(position: Position) -> bool:
    """Whether the table waits for a bot (the page then asks the server to let it play)."""
    return pending_bot_seat(position.deal) is not None
