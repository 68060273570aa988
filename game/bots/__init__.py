"""The computer players, by difficulty level; `make_bot` is the only way the site needs in.

Each level lives in its own module, imported only when asked for, so a level can be
developed (or be missing) without touching the others.
"""

from __future__ import annotations

from importlib import import_module

from .base import Bot, decision_rng, view_masks

LEVELS = {"easy": "Facile", "normal": "Normal", "hard": "Difficile"}
DEFAULT_LEVEL = "normal"

_CLASSES = {"easy": "easy:EasyBot", "normal": "normal:NormalBot", "hard": "hard:HardBot"}


def make_bot(level: str, seed: int | None = None, **options) -> Bot:
    """A new player of that level (« Facile », « Normal », « Difficile »); ValueError if unknown."""
    try:
        module, name = _CLASSES[level].split(":")
    except (KeyError, TypeError):
        raise ValueError(
            f"unknown bot level: {level!r} (expected one of {sorted(LEVELS)})"
        ) from None
    bot_class = getattr(import_module(f"{__name__}.{module}"), name)
    return bot_class(seed=seed, **options)


__all__ = ["DEFAULT_LEVEL", "LEVELS", "Bot", "decision_rng", "make_bot", "view_masks"]
