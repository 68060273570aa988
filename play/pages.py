"""Where the apps built on the game plug into it, so that the game app never names them:
which page shows a kind of game (the solo table, or the tutorial's page for its lessons),
and the links the table's menu offers (each app registers both in its AppConfig.ready)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from django.utils.functional import Promise

from play.addresses import address


class Played(Protocol):
    """What this module reads of a play.models.Game. Named by its parts, not imported:
    the model asks this module for its address (Game.get_absolute_url), and a module that
    also imported the model would make a circle."""

    @property
    def pk(self) -> Any: ...  # Django's pk is typed Any

    kind: str


# The registered callables take the Game they are given (the apps reach its relations,
# tables.live): typed Any here, where the model is not imported.
_PAGES: dict[str, Callable[[Any], str]] = {}


def register_table_page(kind: str, url_of: Callable[[Any], str]) -> None:
    """`url_of(game)` is where games of that kind are played."""
    _PAGES[kind] = url_of


def table_url(game: Played) -> str:
    page = _PAGES.get(game.kind)
    return page(game) if page else address("game:table", game.pk)


@dataclass(frozen=True)
class MenuLink:
    label: str | Promise
    url_name: str

    @property
    def url(self) -> str:
        return address(self.url_name)


_MENU_LINKS: list[MenuLink] = []


def register_menu_link(label: str | Promise, url_name: str) -> None:
    """A page the table's menu leads to (besides the home page)."""
    _MENU_LINKS.append(MenuLink(label, url_name))


def menu_links(game: Played) -> list[MenuLink]:
    """The registered links, but for the page the game is played on."""
    here = table_url(game)
    return [link for link in _MENU_LINKS if link.url != here]


class Listeners:
    """The callables the apps above register for one moment of the table's write path,
    each called with what it is about, in the order registered."""

    def __init__(self) -> None:
        self._listeners: list[Callable[[Any], None]] = []

    def register(self, listener: Callable[[Any], None]) -> None:
        self._listeners.append(listener)

    def __call__(self, subject: Any) -> None:
        for listener in self._listeners:
            listener(subject)


# `listener(game)` runs when a game ends, inside the transaction that records its end (the
# game row locked): what it writes commits or rolls back with that end (the ranked queue's
# ratings, ranked.ratings).
game_ended = Listeners()
register_game_end = game_ended.register


@dataclass(frozen=True)
class ReviewPages:
    """Where the table's « Feuille de marque » (a game's overview) and « Analyser la manche »
    (a hand's step with its key moments) lead: the review's pages, which it registers."""

    overview: Callable[[int], str]
    analysed: Callable[[int, int, int], str]


_REVIEW: list[ReviewPages] = []


def register_review(
    *, overview: Callable[[int], str], analysed: Callable[[int, int, int], str]
) -> None:
    """`overview(game_id)`, `analysed(game_id, hand_number, step)` (review.apps)."""
    _REVIEW[:] = [ReviewPages(overview, analysed)]


def review_pages() -> ReviewPages:
    if not _REVIEW:
        raise LookupError("no app registered the review's pages (review.apps)")
    return _REVIEW[0]


# `listener(position)` runs after each write at a live table, in its transaction, the moves
# saved: the table's next deadline and, once committed, the news to everyone at it
# (tables.live.schedule, from tables.apps). The table's one write path stays here; what
# only a live table adds, the clock and the pushes, belongs to tables/.
live_table_moved = Listeners()
register_live_move = live_table_moved.register
