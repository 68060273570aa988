"""The computer players, by difficulty level; `make_bot` is the one way the site needs in.

Each level is one module of `game.bots.levels`, registered by defining its `Bot` subclass:
the classes are the single list of levels, their codes, labels and order (see docs/bots.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from . import levels as _levels  # noqa: F401  (importing it registers every level)
from .base import Bot, decision_rng, gettext_noop, registered_levels, view_masks

LEVELS: Mapping[str, type[Bot]] = MappingProxyType(
    {code: level for code, level in registered_levels().items() if level.offered}
)
"""The levels players may choose, from the weakest: level code -> bot class."""
DEFAULT_LEVEL = "normal"
HINT_LEVEL = "normal"
"""The level whose choice « Indice » and the training mode suggest."""


def bot_class(level: str) -> type[Bot]:
    """The class of a level, offered or not; ValueError if no level has that code."""
    known = registered_levels()
    try:
        return known[level]
    except (KeyError, TypeError):
        raise ValueError(
            f"unknown bot level: {level!r} (expected one of {sorted(known)})"
        ) from None


def make_bot(level: str, seed: int | None = None, **options: Any) -> Bot:
    """A new player of that level (« Facile », « Normal », « Difficile »); ValueError if unknown."""
    return bot_class(level)(seed=seed, **options)


__all__ = [
    "DEFAULT_LEVEL",
    "HINT_LEVEL",
    "LEVELS",
    "Bot",
    "bot_class",
    "decision_rng",
    "gettext_noop",
    "make_bot",
    "view_masks",
]
