"""A completed trick: what the deal records and what a seat's view shows of the past (its
own module, so that the deal and the view both use it without importing each other)."""

from __future__ import annotations

from typing import NamedTuple

from .cards import Card


class Trick(NamedTuple):
    """A completed trick."""

    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int
    points: int

    @property
    def cards(self) -> list[Card]:
        return [card for _, card in self.plays]
