"""A hand played on by the players themselves, for the arena, the key moments and the
tutorial's deal search."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from game.engine import Card, Deal, PlayerView


class CardPlayer(Protocol):
    def choose_play(self, view: PlayerView) -> Card: ...


def play_to_end(deal: Deal, players: Sequence[CardPlayer]) -> Deal:
    """Plays the rest of the hand (passes already made): each seat in turn plays the card
    its player chooses from that seat's view. Returns `deal`, now finished."""
    while (seat := deal.turn) is not None:
        deal.play(seat, players[seat].choose_play(deal.view(seat)))
    return deal
