"""The visitor's table settings for every template (settings.TEMPLATES' context processors).

A context processor rather than a call from the table's views: the game app knows nothing
of the apps built on it (docs/architecture.md), and accounts already imports game, so a
game view calling accounts would tie the two both ways. config, which names every app,
registers this; a template that wants the settings just reads `preferences_json`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from django.http import HttpRequest

from accounts.forms import PreferencesForm
from accounts.selectors import SETTINGS, preferences_for


def preferences(request: HttpRequest) -> dict[str, Callable[[], object]]:
    """`preferences_json` (PlayerPreferences.as_json(), for `json_script`) and
    `preferences_form` (the form with those values, for its French labels and choices).

    Both are callables, which templates call when they read them: a page that shows
    neither makes no query, and one that shows both makes one (cached for the request).
    """

    @cache
    def preferences_json() -> dict[str, str | bool]:
        return preferences_for(getattr(request, "user", None)).as_json()

    @cache
    def preferences_form() -> PreferencesForm:
        values = preferences_json()
        return PreferencesForm(initial={name: values[name] for name in SETTINGS})

    return {"preferences_json": preferences_json, "preferences_form": preferences_form}
