"""A whole game (« partie »): hands until someone reaches the target with a single lowest total."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .cards import Card
from .deal import Deal, deal_hands
from .direction import PassDirection
from .errors import IllegalMove, wrong_phase
from .phase import Phase

DEFAULT_TARGET = 100
SHORT_TARGET = 50


def is_game_over(totals: Sequence[int], target: int = DEFAULT_TARGET) -> bool:
    """docs/rules.md: someone reached the target and exactly one player has the lowest total."""
    lowest = min(totals)
    return max(totals) >= target and list(totals).count(lowest) == 1


def winner(totals: Sequence[int], target: int = DEFAULT_TARGET) -> int | None:
    """The seat with the single lowest total once the game is over, else None."""
    if not is_game_over(totals, target):
        return None
    return list(totals).index(min(totals))


def single_lowest(totals: Sequence[int]) -> int | None:
    """The seat alone on the lowest total, or None when two or more share it."""
    lowest = min(totals)
    return list(totals).index(lowest) if list(totals).count(lowest) == 1 else None


class Match:
    """Totals and hand numbers across deals; the pass cycle follows the hand number.

    `hand_limit` ends the game after that many hands whatever the totals (a one-hand game,
    such as a lesson): its winner is the single lowest total, or nobody on a tie.
    """

    def __init__(
        self,
        target: int = DEFAULT_TARGET,
        hand_scores: Sequence[Sequence[int]] = (),
        *,
        hand_limit: int | None = None,
    ) -> None:
        if target <= 0:
            raise ValueError("the target must be positive")
        if hand_limit is not None and hand_limit < 1:
            raise ValueError("a hand limit is at least one hand")
        self.target = target
        self.hand_limit = hand_limit
        self.hand_scores: list[list[int]] = []
        self.totals = [0, 0, 0, 0]
        self.hands_played = 0
        for scores in hand_scores:
            self.record_scores(scores)

    @classmethod
    def resume(
        cls,
        target: int,
        totals: Sequence[int],
        hands_played: int,
        *,
        hand_limit: int | None = None,
    ) -> Match:
        """A match known by its totals after `hands_played` hands (the site stores those,
        not every hand's scores): `hand_scores` then lists only the hands recorded since."""
        if len(totals) != 4 or hands_played < 0:
            raise ValueError("four totals and a number of hands played")
        match = cls(target, hand_limit=hand_limit)
        match.totals = list(totals)
        match.hands_played = hands_played
        return match

    @property
    def hand_number(self) -> int:
        """The hand being played or to play next (1-based); the last one once the game is over."""
        return self.hands_played if self.is_over else self.hands_played + 1

    @property
    def direction(self) -> PassDirection:
        return PassDirection.for_hand(self.hand_number)

    @property
    def is_over(self) -> bool:
        if self.hand_limit is not None and self.hands_played >= self.hand_limit:
            return True
        return is_game_over(self.totals, self.target)

    @property
    def winner(self) -> int | None:
        return single_lowest(self.totals) if self.is_over else None

    def ranking(self) -> list[int]:
        """Seats from the lowest total to the highest (ties keep seat order)."""
        return sorted(range(4), key=lambda seat: (self.totals[seat], seat))

    def rank_of(self, seat: int) -> int:
        """The seat's place by total, 1 for the fewest points; equal totals share a place."""
        return 1 + sorted(self.totals).index(self.totals[seat])

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
        if deal.phase != Phase.FINISHED:
            raise wrong_phase(deal.phase, "scores")
        self.record_scores(deal.scores())

    def record_scores(self, scores: Sequence[int]) -> None:
        if self.is_over:
            raise IllegalMove("game_over")
        if len(scores) != 4:
            raise ValueError("a hand has four scores")
        self.hand_scores.append(list(scores))
        self.totals = [total + score for total, score in zip(self.totals, scores, strict=True)]
        self.hands_played += 1

    def __repr__(self) -> str:
        return f"<Match to {self.target}: totals={self.totals} hand={self.hand_number}>"
