"""Which way the three cards go, by hand number."""

from __future__ import annotations

from enum import Enum


class PassDirection(Enum):
    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    NONE = "none"

    @property
    def offset(self) -> int:
        """Seats clockwise from the passer to the receiver."""
        return _OFFSETS[self]

    def receiver(self, seat: int) -> int:
        return (seat + _OFFSETS[self]) % 4

    @classmethod
    def for_hand(cls, number: int) -> PassDirection:
        """docs/rules.md: hand 1 left, 2 right, 3 across, 4 no pass, then the cycle again."""
        if number < 1:
            raise ValueError(f"hand numbers start at 1, not {number}")
        return _CYCLE[(number - 1) % 4]


_OFFSETS = {
    PassDirection.LEFT: 1,
    PassDirection.RIGHT: 3,
    PassDirection.ACROSS: 2,
    PassDirection.NONE: 0,
}
_CYCLE = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.NONE)
