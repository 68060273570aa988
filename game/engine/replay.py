"""A deal rebuilt from its dealt hands and its move history, as lichess replays a game.

The site stores only the dealt hands and the moves; every position it shows,
resumes or replays comes from here, so there is never a second copy of the state.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from .cards import Card, as_card
from .deal import Deal
from .direction import PassDirection


@dataclass(frozen=True, slots=True)
class Move:
    """One entry of a deal's history: three cards passed, or one card played."""

    seat: int
    cards: tuple[Card, ...]

    @classmethod
    def passing(cls, seat: int, cards: Iterable[Card | str]) -> Move:
        return cls(seat, tuple(sorted(as_card(card) for card in cards)))

    @classmethod
    def playing(cls, seat: int, card: Card | str) -> Move:
        return cls(seat, (as_card(card),))

    @property
    def is_pass(self) -> bool:
        return len(self.cards) != 1

    @property
    def card(self) -> Card:
        return self.cards[0]

    @property
    def codes(self) -> str:
        """The cards as space-separated codes, the form the site stores."""
        return " ".join(card.code for card in self.cards)

    @classmethod
    def from_codes(cls, seat: int, codes: str) -> Move:
        return cls(seat, tuple(Card.from_code(code) for code in codes.split()))

    def apply(self, deal: Deal) -> None:
        """Make this move on `deal` in place (the fast path); raises `IllegalMove`, changing
        nothing, if it is refused."""
        if self.is_pass:
            deal.submit_pass(self.seat, self.cards)
        else:
            deal.play(self.seat, self.card)

    def applied_to(self, deal: Deal) -> Deal:
        """The deal after this move, as a new deal: `deal` is left as it was."""
        if self.is_pass:
            return deal.after_pass(self.seat, self.cards)
        return deal.after_play(self.seat, self.card)


def replay(
    hands: Sequence[Iterable[Card | str]],
    direction: PassDirection,
    moves: Iterable[Move],
    *,
    totals: Sequence[int] | None = None,
    target: int | None = None,
) -> Deal:
    """The deal after `moves`, each checked by the rules as if played live."""
    deal = Deal.start(hands, direction, totals=totals, target=target)
    for move in moves:
        move.apply(deal)
    return deal


def replay_steps(
    hands: Sequence[Iterable[Card | str]],
    direction: PassDirection,
    moves: Iterable[Move],
    *,
    totals: Sequence[int] | None = None,
    target: int | None = None,
) -> Iterator[Deal]:
    """Each position of a deal in order, from the deal itself to after the last move: one
    pass over the moves, each position a deal of its own (keeping one changes no other)."""
    deal = Deal.start(hands, direction, totals=totals, target=target)
    yield deal
    for move in moves:
        deal = move.applied_to(deal)
        yield deal
