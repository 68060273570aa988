"""What every computer player shares: its seed, its per-decision randomness, compact views,
and the register of levels that every `Bot` subclass naming a `level` joins.

A bot is stateless between decisions: everything it knows comes from the `PlayerView` it
is handed, and any randomness is drawn from `decision_rng(seed, view)`. So the same seed
and the same view always give the same choice, whatever the bot was asked before, and a
saved game can be replayed or resumed with the bots playing exactly as they did.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable
from typing import ClassVar, NamedTuple

from game.engine import Card, PlayerView
from game.engine.cards import CARDS, SUITS, mask_of
from game.engine.rules import NO_LEAD


def decision_rng(seed: int, view: PlayerView) -> random.Random:
    """A random source for one decision, fixed by the seed and what the view shows.

    The fingerprint is a plain string of the seat, the phase, the pass direction, the hand
    and every card played in order: never Python's salted `hash()`, so it is the same in
    every process. Two views that differ only in cards the seat cannot see give the same
    fingerprint, hence the same draws.
    """
    plays = [card.code for _, card in view.plays]
    fingerprint = "|".join(
        (
            str(seed),
            str(view.seat),
            view.phase,
            view.direction.value,
            "".join(card.code for card in view.hand),
            "".join(plays),
        )
    )
    return random.Random(fingerprint)


type PerSeat = tuple[int, int, int, int]


def per_seat(values: Iterable[int]) -> PerSeat:
    """Four ints, one per seat, as the fixed-size tuple that says so (ValueError otherwise)."""
    first, second, third, fourth = values
    return first, second, third, fourth


class ViewMasks(NamedTuple):
    """A view as 52-bit card masks (see `game.engine.cards`), for bots that count cards."""

    hand: int
    legal: int
    played: int
    unseen: int
    trick: int
    voids: PerSeat
    """Per seat, bit `suit` is set once that seat has shown it lacks the suit."""


_SUIT_BITS = {suit: 1 << index for index, suit in enumerate(SUITS)}


def view_masks(view: PlayerView) -> ViewMasks:
    """The view's card sets as ints: one pass over at most 52 cards."""
    return ViewMasks(
        hand=mask_of(view.hand),
        legal=mask_of(view.legal),
        played=mask_of(view.played),
        unseen=mask_of(view.unseen),
        trick=mask_of(card for _, card in view.current_trick),
        voids=per_seat(sum(_SUIT_BITS[suit] for suit in suits) for suits in view.voids),
    )


def highest(mask: int) -> Card:
    """The highest-indexed card of a non-empty mask (within one suit: the highest rank)."""
    return CARDS[mask.bit_length() - 1]


def lowest(mask: int) -> Card:
    """The lowest-indexed card of a non-empty mask (within one suit: the lowest rank)."""
    return CARDS[(mask & -mask).bit_length() - 1]


def lead_suit_index(view: PlayerView) -> int:
    """The suit led in the current trick as an index, or `NO_LEAD` when the seat leads."""
    return view.current_trick[0][1].suit_index if view.current_trick else NO_LEAD


def gettext_noop(message: str) -> str:
    """Marks a label for translation and returns it unchanged.

    The bots stay free of Django (they also run in the browser), yet their labels belong in
    the site's catalogue: `makemessages` runs xgettext, which finds the calls by this name;
    the site translates the label when it shows it.
    """
    return message


class Bot:
    """A computer player: `choose_pass` and `choose_play` read a view and answer with cards.

    `seed=None` draws a seed once at construction, so a bot stays reproducible for its life
    and the seed can be stored with the game.

    A subclass that names a `level` in its own body is that level: it joins the register
    (`registered_levels`) as soon as its module is imported, and must also say (or inherit)
    its `label`, `order` and `searches`.
    """

    level: ClassVar[str]
    """The level's code, stored with each game: never change it once games use it."""
    label: ClassVar[str]
    """The French name players see, wrapped in `gettext_noop` so the catalogue has it."""
    order: ClassVar[int]
    """Where the level stands in the lists players see, the weakest first."""
    searches: ClassVar[bool]
    """True when a decision takes tens of milliseconds: the site then lets the bot think
    outside the player's request; False when it answers in microseconds, inside it."""
    offered: ClassVar[bool] = True
    """False for a level kept for the arena, never shown to players."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if "level" not in cls.__dict__:
            return
        missing = [name for name in ("label", "order", "searches") if not hasattr(cls, name)]
        if missing:
            raise TypeError(f"bot level {cls.level!r} must declare {', '.join(missing)}")
        registered = _LEVELS.setdefault(cls.level, cls)
        if registered is not cls:
            twice = f"{_name(registered)} and {_name(cls)}"
            raise TypeError(f"bot level {cls.level!r} is declared twice: by {twice}")

    def __init__(self, seed: int | None = None) -> None:
        self.seed = secrets.randbits(63) if seed is None else seed

    def choose_pass(self, view: PlayerView) -> list[Card]:
        raise NotImplementedError

    def choose_play(self, view: PlayerView) -> Card:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seed={self.seed}>"


_LEVELS: dict[str, type[Bot]] = {}


def registered_levels() -> dict[str, type[Bot]]:
    """Every level whose module has been imported, offered or not, by `order`."""
    ordered = sorted(_LEVELS.values(), key=lambda level: (level.order, level.level))
    return {level.level: level for level in ordered}


def _name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"
