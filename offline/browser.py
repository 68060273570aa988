"""The offline game in the browser (Pyodide): the device's table (offline.device) drawn by
the site's own table template (play/jinja2/game/_table.html, play.jinja), with Django set
up here standalone for its translations and addresses: no apps, no database, no request.

This module runs only from the zip offline.bundle makes (static/js/offline.js imports it):
the zip holds the engine, the bots, the table's pure modules and templates, Django, Jinja2,
the site's translations, and `addresses.json`, the site's addresses that the templates
name (`url()`), reversed when the zip was made. Every call takes and gives JSON
text, the one thing that crosses between JavaScript and Python unchanged.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import django
from django.conf import settings
from django.urls import include, path
from django.utils import translation
from django.utils.translation import gettext_lazy

from game.bots.levels.hard import LIGHT_TREE_ITERATIONS, HardBot
from offline.device import OFFLINE_URLS, Answer, DeviceTable
from play.jinja import draw
from play.pages import MenuLink
from play.table_view import TableLinks, TableView

if TYPE_CHECKING:
    from django.http import HttpResponse

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
ADDRESSES = HERE / "addresses.json"
# Where a {% url %} argument stands in addresses.json's paths.
ARGUMENT = "ARG"

urlpatterns: list[Any] = []

# Difficile thinks on the page's own thread here, and Pyodide runs its search about twice as
# slowly as the server: at its full budget a card took up to 1.1 s in Chromium
# (loadtest.offline_bots, 2026-12-03), so the offline game plays it at the lighter one.
HardBot.tree_iterations = LIGHT_TREE_ITERATIONS


def _no_view(*args: object) -> HttpResponse:
    """Never called: the addresses are only reversed, for the links the table draws."""
    raise NotImplementedError


def _url_patterns(addresses: dict[str, str]) -> list[Any]:
    """Patterns that reverse to the site's own addresses: each name, in its namespace,
    with a `str` argument where the site's address takes one."""
    spaces: dict[str, list[Any]] = {}
    for full_name, address in addresses.items():
        namespace, _colon, name = full_name.rpartition(":")
        parts = address.lstrip("/").split(ARGUMENT)
        route = "".join(
            part + (f"<str:arg{index}>" if index < len(parts) - 1 else "")
            for index, part in enumerate(parts)
        )
        spaces.setdefault(namespace, []).append(path(route, _no_view, name=name))
    patterns = list(spaces.pop("", []))
    for namespace, routes in spaces.items():
        patterns.append(path("", include((routes, namespace))))
    return patterns


def setup(language: str, languages: list[list[str]]) -> None:
    """Django's translations and addresses, configured once for this page, with the
    site's languages as the page gives them (settings.LANGUAGES, its default first)."""
    if settings.configured:
        translation.activate(language)
        return
    settings.configure(
        DEBUG=False,
        USE_I18N=True,
        USE_TZ=True,
        LANGUAGE_CODE=languages[0][0],
        LANGUAGES=[(code, name) for code, name in languages],
        LOCALE_PATHS=[ROOT / "locale"],
        ROOT_URLCONF=__name__,
        INSTALLED_APPS=[],
    )
    urlpatterns[:] = _url_patterns(json.loads(ADDRESSES.read_text()))
    django.setup()
    translation.activate(language)


@dataclass(frozen=True)
class PageLink(MenuLink):
    """A link of the table's menu to an address of the offline page itself (no name)."""

    address: str = ""

    @property
    def url(self) -> str:
        return self.address


@dataclass(frozen=True)
class PageUser:
    """The account the cached page was drawn for, read by the site's links as Django's
    user (jinja2/_site_nav.html): signed in when it has a name."""

    name: str

    @property
    def is_authenticated(self) -> bool:
        return bool(self.name)

    def get_username(self) -> str:
        return self.name


# « Nouvelle partie » in the table's menu: the page offers a new game (static/js/offline.js).
NEW_GAME = "?nouvelle"


class OfflinePage:
    """One page's offline game: the table in play (offline.device.DeviceTable) and what
    the server gave the cached page for the parts around the table (the settings' labels,
    the account's name)."""

    def __init__(self, page_json: str) -> None:
        page = json.loads(page_json)
        setup(page["language"], page["languages"])
        new_game = PageLink(
            gettext_lazy("Nouvelle partie hors ligne"), "", page["page_url"] + NEW_GAME
        )
        self.links = TableLinks(urls=OFFLINE_URLS, page=page["page_url"], menu=[new_game])
        self.context = {
            "preferences_form": {"fields": page["preference_fields"]},
            "preferences_json": page.get("preferences") or {},
            "user": PageUser((page.get("user") or {}).get("get_username", "")),
            "LANGUAGES": settings.LANGUAGES,
            # The menu's plain forms (the language switch, « Se déconnecter ») go to the
            # server when there is one: with the session's token, as on its own pages.
            "csrf_token": page.get("csrf_token", ""),
        }
        self.table: DeviceTable | None = None

    def new_game(self, target: int, difficulty: str) -> str:
        """A new game, its first hand dealt (the bots' passes chosen)."""
        self.table = DeviceTable.new(target, difficulty)
        return self._answer(self.table, Answer())

    def resume(self, record_json: str) -> str:
        """The game the browser saved, where it stood."""
        self.table = DeviceTable(json.loads(record_json))
        return self._answer(self.table, Answer())

    def act(self, action: str, form_json: str) -> str:
        """A post of the table's forms, answered here: `action` is what follows the # of
        its address (offline.device.OFFLINE_URLS)."""
        form = json.loads(form_json)
        move = _number(form.get("move"))
        table = self.table
        if table is None:
            raise ValueError("no game in play")
        if action == "pass_cards":
            answer = table.pass_cards(list(form.get("cards", [])), move)
        elif action == "play_card":
            answer = table.play_card(str(form.get("card") or ""), move)
        elif action == "advance":
            answer = table.advance()
        elif action == "next_hand":
            answer = table.next_hand(move)
        elif action == "change_difficulty":
            answer = table.change_difficulty(str(form.get("difficulty") or ""))
        else:
            raise ValueError(f"no such action: {action}")
        return self._answer(table, answer)

    def render(self, view: TableView) -> str:
        return draw("game/_table.html", {**self.context, "table": view})

    def _answer(self, table: DeviceTable, answer: Answer) -> str:
        """The table drawn, and the record for the page to save (after every card)."""
        return json.dumps(
            {
                "html": self.render(table.draw(self.links, answer)),
                "record": table.record,
                "finished": table.finished,
                "move": table.move,
                "totals": table.position.game.totals,
            }
        )


def _number(value: object) -> int | None:
    try:
        return int(str(value))
    except ValueError:
        return None
