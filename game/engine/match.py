"""A whole game (« partie »): hands until someone reaches the target with a single lowest total."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .cards import Card
from .deal import FINISHED, Deal, deal_hands, wrong_phase
from .direction import PassDirection
from .errors import IllegalMove

DEFAULT_TARGET = 100
SHORT_TARGET = 50


def is_game_over(totals: Sequence[int], target: int = DEFAULT_TARGET) -> bool:
    """PRODUCT.md: someone reached the target and exactly one player has the lowest total."""
    lowest = min(totals)
    return max(totals) >= target and list(totals).count(lowest) == 1


def winner(totals: Sequence[int], target: int = DEFAULT_TARGET) -> int | None:
    """The seat with the single lowest total once the game is over, else None."""
    if not is_game_over(totals, target):
        return None
    return list(totals).index(min(totals))


class Match:
    """Totals and hand numbers across deals; the pass cycle follows the hand number."""

    def __init__(
        self,
        target: int = DEFAULT_TARGET,
        hand_scores: Sequence[Sequence[int]] = (),
    ) -> None:
        if target <= 0:
            raise ValueError("the target must be positive")
        self.target = target
        self.hand_scores: list[list[int]] = []
        self.totals = [0, 0, 0, 0]
        for scores in hand_scores:
            self.record_scores(scores)

    @property
    def hand_number(self) -> int:
        """The hand being played or to play next (1-based); the last one once the game is over."""
        played = len(self.hand_scores)
        return played if self.is_over else played + 1

    @property
    def direction(self) -> PassDirection:
        return PassDirection.for_hand(self.hand_number)

    @property
    def is_over(self) -> bool:
        return is_game_over(self.totals, self.target)

    @property
    def winner(self) -> int | None:
        return winner(self.totals, self.target)

    def ranking(self) -> list[int]:
        """Seats from the lowest total to the highest (ties keep seat order)."""
        return sorted(range(4), key=lambda seat: (self.totals[seat], seat))

    def new_deal(
        self,
        hands: Sequence[Sequence[Card | str]] | None = None,
        rng: random.Random | int | None = None,
    ) -> Deal:
        """The deal of the current hand, shuffled from `rng` unless `hands` are given."""
        if self.is_over:
            raise IllegalMove("game_over")
        return Deal.start(
            hands if hands is not None else deal_hands(rng),
            self.direction,
            totals=self.totals,
            target=self.target,
        )

    def record(self, deal: Deal) -> None:
        if deal.phase != FINISHED:
            raise wrong_phase(deal.phase, "scores")
        self.record_scores(deal.scores())

    def record_scores(self, scores: Sequence[int]) -> None:
        if self.is_over:
            raise IllegalMove("game_over")
        if len(scores) != 4:
            raise ValueError("a hand has four scores")
        self.hand_scores.append(list(scores))
        self.totals = [total + score for total, score in zip(self.totals, scores, strict=True)]

    def __repr__(self) -> str:
        return f"<Match to {self.target}: totals={self.totals} hand={self.hand_number}>"
