"""Where a practice starts: the player's own decision at a replay step, or the next one.

A replay step where the player is not to move yet (the deal, before the bots' passes;
another seat's card) starts at the player's next decision in the game: what happened up to
it is what the bots would play again (they are deterministic: docs/bots.md), so the
practice begins where the player first has a choice. A step after the player's last card
has nothing left to try (`NoChoiceLeft`).
"""

from __future__ import annotations

from dataclasses import dataclass

from play.models import Game, Hand
from play.seats import HUMAN
from play.steps import HandRecord


class NoChoiceLeft(LookupError):
    """The player has no move left in the hand from this step on."""


@dataclass(frozen=True)
class Moment:
    """A finished hand of a game, at the player's decision the practice starts from."""

    game: Game
    hands: list[Hand]
    record: HandRecord
    # The replay step showing that decision (step 0 for the pass).
    step: int
    # How many of the hand's stored moves are made when the player decides.
    start: int

    @property
    def hand_number(self) -> int:
        return self.record.hand.number

    @property
    def key(self) -> str:
        """The practice's name in the visitor's session."""
        return f"{self.game.pk}:{self.hand_number}:{self.step}"


def moment_at(game: Game, hands: list[Hand], record: HandRecord, step: int) -> Moment:
    """The player's decision at `step`, or their next one in the hand; StepNotFound for a
    step the history does not reach, NoChoiceLeft past the player's last move."""
    start = record.next_move_of(HUMAN, step)
    if start is None:
        raise NoChoiceLeft(step)
    return Moment(game, hands, record, _step_showing(record, start), start)


def _step_showing(record: HandRecord, made: int) -> int:
    """The last step at which at most `made` moves are made: the position the player chose
    from (during the exchange, the deal: the passes are one step, play.steps)."""
    return max(step for step in range(record.last_step + 1) if record.move_count(step) <= made)
