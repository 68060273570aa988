"""What one seat may know: the only thing a bot or a screen is given."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .direction import PassDirection
from .phase import Phase
from .rules import trick_winner
from .trick import Trick

Plays = tuple[tuple[int, Card], ...]


def derive_voids(tricks: tuple[Trick, ...], current: Plays) -> tuple[frozenset[str], ...]:
    """The suits each seat has shown it lacks, by not following the suit led."""
    voids: list[set[str]] = [set(), set(), set(), set()]
    for plays in [trick.plays for trick in tricks] + [current]:
        if not plays:
            continue
        lead = plays[0][1].suit
        for seat, card in plays[1:]:
            if card.suit != lead:
                voids[seat].add(lead)
    return tuple(frozenset(suits) for suits in voids)


def moon_threat(points: list[int]) -> int | None:
    """docs/rules.md: the seat that alone has taken every point played so far (at least one)."""
    total = sum(points)
    if total == 0:
        return None
    for seat, taken in enumerate(points):
        if taken == total:
            return seat
    return None


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Everything one seat may know at one moment, and nothing more."""

    seat: int
    phase: Phase
    direction: PassDirection
    turn: int | None
    hand: tuple[Card, ...]
    legal: tuple[Card, ...]
    passed: tuple[Card, ...] | None
    received: tuple[Card, ...] | None
    pass_submitted: bool
    tricks: tuple[Trick, ...]
    current_trick: Plays
    points_taken: tuple[int, ...]
    hearts_broken: bool
    queen_played: bool
    totals: tuple[int, ...] | None
    target: int | None
    played: frozenset[Card]
    unseen: frozenset[Card]
    voids: tuple[frozenset[str], ...]
    moon_threat: int | None

    @property
    def plays(self) -> Plays:
        """Every card played in this hand so far, in order: the tricks, then the current one."""
        return tuple(play for trick in self.tricks for play in trick.plays) + self.current_trick

    @property
    def winning_play(self) -> tuple[int, Card] | None:
        """The seat winning the current trick so far, and its card; None before the lead."""
        if not self.current_trick:
            return None
        seat = trick_winner(self.current_trick)
        return next(play for play in self.current_trick if play[0] == seat)

    @property
    def lead_suit(self) -> str | None:
        return self.current_trick[0][1].suit if self.current_trick else None

    @property
    def is_first_trick(self) -> bool:
        return not self.tricks

    @property
    def is_my_turn(self) -> bool:
        return self.turn == self.seat

    def suit_cards(self, suit: str) -> list[Card]:
        return [card for card in self.hand if card.suit == suit]


__all__ = ["PlayerView", "derive_voids", "moon_threat"]
