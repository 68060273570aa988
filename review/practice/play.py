"""A practice's position, the player's move and the bots' replies.

On every request the engine rebuilds the position: the hand as dealt, its stored moves up
to the moment, then the practice's own moves (store), each validated again. The player's
move is checked by the engine like any move at the table (refused, nothing changes); the
bots answer as in the game: the hand's level, `table_play.bot_move` seeded by the game, so a
request only computes the moves not made yet. The Position handed to the table is built in
memory: its Game is a copy that nobody saves, drawn with the totals before the hand.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, replace

from django.utils.translation import gettext as _

from game.engine import Card, Deal, IllegalMove, Move as EngineMove, Phase, replay
from play.models import Game, Move
from play.positions import Position
from play.seating import Seating, seating_of
from play.seats import HUMAN
from play.table_play import bot_replies, immediate_replies
from review.practice.moment import Moment
from review.practice.store import MAX_MOVES
from review.replay import totals_before


class BadMove(ValueError):
    """A post that names no move the player could make (unknown cards, not three to pass)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass
class Practice:
    moment: Moment
    position: Position
    # Made since the moment, the player's and the bots', in order.
    moves: list[EngineMove]
    starting_totals: list[int]

    @property
    def deal(self) -> Deal:
        return self.position.deal

    @property
    def level(self) -> str:
        """The bots' level: the hand's, as it was played."""
        return self.moment.record.hand.difficulty

    @property
    def finished(self) -> bool:
        return self.deal.phase == Phase.FINISHED

    @property
    def passing(self) -> bool:
        """Whether the player's move is the pass (else a card)."""
        return self.deal.phase == Phase.PASSING and not self.deal.pass_submitted(HUMAN)

    def apply(self, move: EngineMove) -> EngineMove:
        """The move, played (IllegalMove, and nothing changed, if the rules refuse it)."""
        self.position.deal = move.applied_to(self.position.deal)
        self.moves.append(move)
        self.position.game.move_count += 1
        self.position.game.totals = _totals_shown(self.starting_totals, self.deal)
        return move


def practice_of(moment: Moment, moves: Sequence[EngineMove], restarts: int = 0) -> Practice:
    """The practice after `moves` (those the session kept); from the moment itself if they
    no longer fit it."""
    record, game = moment.record, moment.game
    before = totals_before(game, moment.hands, moment.hand_number)
    history = record.moves[: moment.start]

    def rebuilt(made: Sequence[EngineMove]) -> Deal:
        return replay(
            record.dealt, record.direction, [*history, *made], totals=before, target=game.target
        )

    try:
        deal = rebuilt(moves)
    except IllegalMove:
        moves = []
        deal = rebuilt(moves)
    position = Position(
        game=_table_game(moment, _totals_shown(before, deal), len(moves), restarts),
        hand=record.hand,
        deal=deal,
        seating=_seating(game),
    )
    return Practice(moment, position, list(moves), before)


def player_move(practice: Practice, codes: Sequence[str]) -> EngineMove:
    """The move a post names for the player: their three cards while they pass, else one
    card; BadMove for anything that names no such move (the rules are the engine's)."""
    try:
        cards = [Card.from_code(code.strip()) for code in codes]
    except (ValueError, AttributeError):
        raise BadMove(_("Carte inconnue.")) from None
    if practice.passing:
        if len(cards) != 3:
            raise BadMove(_("Choisissez exactement 3 cartes à passer."))
        return EngineMove.passing(HUMAN, cards)
    if len(cards) != 1:
        raise BadMove(_("Choisissez d’abord une carte."))
    return EngineMove.playing(HUMAN, cards[0])


def play(practice: Practice, move: EngineMove) -> list[EngineMove]:
    """The player's move (IllegalMove, nothing changed, if the rules refuse it), then the
    bots' replies when they answer at once; a searching level's (Difficile) are asked for
    by the page, as at the table (`bots_reply`, docs/architecture.md « Advance »)."""
    practice.apply(move)
    return [move, *immediate_replies(practice.position, practice.apply)]


def bots_reply(practice: Practice, budget: float | None = None) -> list[EngineMove]:
    """The bots' moves until the player must act, within one bot's time budget (the page
    asks again for the rest): the table's own loop (`table_play.bot_replies`), played here
    in memory only."""
    return bot_replies(practice.position, practice.apply, budget)


def table_moves(moves: Sequence[EngineMove]) -> list[Move]:
    """The moves as the table deals them out (play.table: their kind and cards), unsaved."""
    return [
        Move(
            seat=move.seat,
            kind=Move.Kind.PASS if move.is_pass else Move.Kind.PLAY,
            cards=move.codes,
        )
        for move in moves
    ]


def _totals_shown(before: Sequence[int], deal: Deal) -> list[int]:
    """As at the table: the totals before the hand, with its scores once it is over."""
    if deal.phase != Phase.FINISHED:
        return list(before)
    return [total + score for total, score in zip(before, deal.scores(), strict=True)]


def _table_game(moment: Moment, totals: list[int], made: int, restarts: int) -> Game:
    """The game as the table draws it during the practice: the totals shown, the
    hand's level (no « from the next hand » note), and the move number the page posts back
    (a stale tab's post is refused): each start of the practice numbers its moves apart
    from the others'. A copy: the game itself is never changed."""
    game = copy.copy(moment.game)
    game.current_hand = moment.record.hand
    game.difficulty = moment.record.hand.difficulty
    game.totals = totals
    game.move_count = moment.start + made + restarts * (MAX_MOVES + 1)
    return game


def _seating(game: Game) -> Seating:
    """The player at seat 0 and bots everywhere else: at a live table the other people's
    seats are played by bots of the hand's level too, since nobody else is asked."""
    player, *others = seating_of(game).occupants
    bots = (replace(other, is_bot=True, away=False, missed_turns=0) for other in others)
    return Seating((player, *bots))
