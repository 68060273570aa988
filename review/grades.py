"""How much a choice of the player's cost, as a class, and how accurate a hand was.

A choice's class comes from its loss, the points it costs on average against the best
choice the analysis knows (review.analysis: « Difficile »'s, weighed over the same
worlds), as a chess review grades a move:

- « Imprécision » (?!) from 1 point, « Erreur » (?) from 3, « Gaffe » (??) from 7;
- under a point a choice costs nothing worth telling (it is not a key moment).

**Accuracy** is the share of the player's decisions (the pass, and every card with more
than one legal option) that cost less than a point: the ones with no class. A hand's is its
decisions' share; a game's pools every decision of its analysed hands (not an average of
the hands' percentages, so a short hand weighs as little as it has decisions). Exact
counts, shown as a whole percentage.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum


class Severity(StrEnum):
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def symbol(self) -> str:
        """The chess review's marks, the same wherever a class is shown."""
        return SYMBOLS[self]


SYMBOLS = {Severity.INACCURACY: "?!", Severity.MISTAKE: "?", Severity.BLUNDER: "??"}
# The least loss of each class, worst first.
THRESHOLDS = ((7.0, Severity.BLUNDER), (3.0, Severity.MISTAKE), (1.0, Severity.INACCURACY))


def severity_of(loss: float | None) -> Severity | None:
    """The class of a choice that lost `loss` points on average; None if under a point
    (or if it was the best choice)."""
    if loss is None:
        return None
    return next((severity for least, severity in THRESHOLDS if loss >= least), None)


@dataclass(frozen=True)
class Accuracy:
    """`sound` decisions out of `decisions` cost less than a point."""

    sound: int
    decisions: int

    @classmethod
    def of(cls, losses: Iterable[float | None]) -> Accuracy:
        graded = [severity_of(loss) for loss in losses]
        return cls(sum(severity is None for severity in graded), len(graded))

    @classmethod
    def pooled(cls, parts: Iterable[Accuracy]) -> Accuracy:
        parts = list(parts)
        return cls(sum(part.sound for part in parts), sum(part.decisions for part in parts))

    @property
    def percent(self) -> int | None:
        """A whole percentage; None when there was no decision to make."""
        if not self.decisions:
            return None
        return round(100 * self.sound / self.decisions)
