"""Which page shows a game: the solo table, or the page of an app that shows its own kind of
game (the tutorial registers its page for its kind in its AppConfig.ready), so that the game
app never names the apps built on it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from django.urls import reverse

if TYPE_CHECKING:
    from game.models import Game

_PAGES: dict[str, Callable[[Game], str]] = {}


def register_table_page(kind: str, url_of: Callable[[Game], str]) -> None:
    """`url_of(game)` is where games of that kind are played."""
    _PAGES[kind] = url_of


def table_url(game: Game) -> str:
    page = _PAGES.get(game.kind)
    return page(game) if page else reverse("game:table", args=[game.pk])
