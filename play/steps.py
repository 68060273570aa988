"""A stored hand as a sequence of steps, and the position at each one.

The steps of a hand: 0 is the deal; on a hand with a pass, step 1 is the exchange (the four
passes, which happen at once: docs/rules.md); then one step per card played. Every position
comes from one pass of the engine over the stored moves (`replay_steps`), made once per
record: any step, the final position and the key moments' walk then cost nothing more.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from game.engine import Card, Deal, Move as EngineMove, PassDirection, replay_steps
from play.models import Hand, Move

PASSES = 4


def step_after(plays: int, direction: PassDirection) -> int:
    """The step at which the hand's first `plays` cards are on the table (0 the deal, 1 the
    exchange when there is one, then one per card)."""
    return plays + (direction is not PassDirection.NONE)


class StepNotFound(LookupError):
    """A hand or a step the stored history does not reach (a 404 for the views)."""


@dataclass(frozen=True)
class HandRecord:
    """One stored hand: its cards as dealt, its pass direction and its moves, in order."""

    hand: Hand
    dealt: list[list[Card]]
    direction: PassDirection
    moves: list[EngineMove]

    @classmethod
    def of(cls, hand: Hand, moves: Iterable[Move]) -> HandRecord:
        return cls(
            hand=hand,
            dealt=hand.dealt_cards(),
            direction=hand.pass_direction,
            moves=[EngineMove.from_codes(move.seat, move.cards) for move in moves],
        )

    @cached_property
    def positions(self) -> list[Deal]:
        """The deal after each number of moves, from none to all of them (one replay)."""
        return list(replay_steps(self.dealt, self.direction, self.moves))

    @property
    def has_pass(self) -> bool:
        return self.direction is not PassDirection.NONE

    @property
    def play_offset(self) -> int:
        """The step at which the first trick is about to be led."""
        return step_after(0, self.direction)

    @property
    def last_step(self) -> int:
        """The last step the history reaches (the exchange needs all four passes)."""
        if not self.has_pass:
            return len(self.moves)
        return 0 if len(self.moves) < PASSES else len(self.moves) - PASSES + 1

    def move_count(self, step: int) -> int:
        """How many of the hand's moves are made at `step`."""
        if not 0 <= step <= self.last_step:
            raise StepNotFound(step)
        if not self.has_pass or step == 0:
            return step
        return step + PASSES - 1

    def deal_at(self, step: int) -> Deal:
        return self.positions[self.move_count(step)]

    @property
    def final(self) -> Deal:
        """The position the history reaches."""
        return self.positions[-1]

    def pass_of(self, seat: int) -> list[Card] | None:
        """The cards `seat` passed, if its pass is in the history."""
        for move in self.moves[:PASSES] if self.has_pass else ():
            if move.is_pass and move.seat == seat:
                return list(move.cards)
        return None

    def next_move_of(self, seat: int, step: int) -> int | None:
        """How many moves are made when `seat` next moves, from `step` on (None: it has no
        move left in the history)."""
        made = self.move_count(step)
        return next(
            (index for index in range(made, len(self.moves)) if self.moves[index].seat == seat),
            None,
        )

    def decision_step(self, play_index: int) -> int:
        """The step at which the `play_index`-th card of the hand (from 0) was chosen."""
        return self.play_offset + play_index

    def trick_end_step(self, trick_number: int) -> int:
        """The step at which trick `trick_number` (from 1) is complete."""
        return self.play_offset + 4 * trick_number

    def trick_of_step(self, step: int) -> int | None:
        """The trick (from 1) that the card played at `step` belongs to."""
        if step <= self.play_offset:
            return None
        return (step - self.play_offset - 1) // 4 + 1
