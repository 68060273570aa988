"""« Jouer hors ligne »: its page, the files it prepares (offline.files), the service worker
and the web app manifest that make the site installable and playable without a network,
and the way back (offline.record, offline.services): the device posts the record of a
finished game as JSON when the connection returns; the answer is JSON too, for the page's
script to keep a refusal's message on the device beside the game."""

from __future__ import annotations

import json
from typing import cast

from django.conf import settings
from django.forms import ChoiceField
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.csp import CSP
from django.utils.translation import gettext as _, gettext_lazy
from django.views.decorators.csp import csp_override
from django.views.decorators.http import require_GET, require_POST

from accounts.forms import PreferencesForm
from offline import files
from offline.record import BadRecord, check_record
from offline.services import store_offline_game
from play import limits
from play.client_text import CLIENT_TEXT
from play.forms import NewGameForm
from play.models import Difficulty
from play.ownership import owner_of
from play.services import Refused

# The PNG icons beside the SVG one, for installers that want pixels (drawn from
# static/img/icon.svg by Chromium).
ICON_SIZES = (192, 512)
# The felt of the table (static/css/site.css), for the installed app's frame.
THEME_COLOUR = "#0b5d3b"
# A hand is about 0.8 KB of JSON, 40 hands (more than any game takes) about 35 KB.
MAX_BODY = 256 * 1024


# Why a record is refused (offline.record.BadRecord's codes), in the player's language:
# %(hand)s and %(move)s are where it went wrong.
REFUSALS = {
    "too_big": gettext_lazy("La partie envoyée est trop volumineuse."),
    "not_a_record": gettext_lazy("L’envoi n’est pas une partie lisible."),
    "bad_id": gettext_lazy("La partie n’a pas d’identifiant valable."),
    "bad_target": gettext_lazy("La longueur de la partie doit être 50 ou 100 points."),
    "bad_difficulty": gettext_lazy("Le niveau des robots est inconnu."),
    "bad_hands": gettext_lazy("La partie n’a pas de manches lisibles."),
    "bad_seed": gettext_lazy("La graine de la partie n’est pas valable."),
    "bad_hand": gettext_lazy("Manche %(hand)s : illisible."),
    "bad_deal": gettext_lazy("Manche %(hand)s : la donne n’est pas un jeu de 52 cartes."),
    "bad_moves": gettext_lazy("Manche %(hand)s : un coup est illisible."),
    "illegal_move": gettext_lazy(
        "Manche %(hand)s, coup %(move)s : les règles ne le permettent pas."
    ),
    "hand_not_finished": gettext_lazy("Manche %(hand)s : elle n’est pas jouée jusqu’au bout."),
    "not_over": gettext_lazy("La partie n’est pas terminée."),
    "after_the_end": gettext_lazy("Manche %(hand)s : la partie était déjà terminée."),
}


def refusal(code: str, *, hand: int | None = None, move: int | None = None) -> str:
    """The reason a record is refused, in the player's language."""
    message = str(REFUSALS[code])
    return message % {"hand": hand, "move": move} if "%(" in message else message


def refused(request: HttpRequest, message: str, status: int = 400) -> JsonResponse:
    return JsonResponse({"error": message}, status=status)


@require_POST
@limits.limited(limits.NEW_GAME, refused)
def upload(request: HttpRequest) -> HttpResponse:
    """One finished offline game: 201 once stored, 200 if it already was (a repeat), 400
    with the reason when the engine refuses it, 409 if it is another player's."""
    if len(request.body) > MAX_BODY:
        return refused(request, refusal("too_big"))
    try:
        record = json.loads(request.body)
    except ValueError:
        return refused(request, refusal("not_a_record"))
    try:
        checked = check_record(record, levels=Difficulty.values)
    except BadRecord as bad:
        return refused(request, refusal(bad.code, hand=bad.hand, move=bad.move))
    try:
        stored = store_offline_game(owner_of(request, create=True), checked)
    except Refused as taken:
        return refused(request, taken.message, status=409)
    url = reverse("review:replay", args=[stored.game.pk])
    return JsonResponse(
        {"stored": "new" if stored.new else "already", "replay": url},
        status=201 if stored.new else 200,
    )


# Pyodide compiles its WebAssembly runtime: the offline page's scripts may, nothing else.
WASM_CSP: dict[str, object] = {
    **settings.SECURE_CSP,
    "script-src": [CSP.SELF, CSP.NONCE, CSP.WASM_UNSAFE_EVAL],
}


@require_GET
@csp_override(WASM_CSP)  # type: ignore[arg-type]
def play(request: HttpRequest) -> HttpResponse:
    """« Jouer hors ligne »: « Préparer le jeu hors ligne » the first time, then the offline
    game (the service worker serves this page, from its cache, when there is no network).

    The table itself is drawn in the browser (offline.browser); the page gives it what
    only the server knows: the settings' labels, the visitor's settings and name."""
    ready = files.available()
    response = render(
        request,
        "offline/play.html",
        {
            "files_url": reverse("offline:files") if ready else "",
            "worker_url": reverse("offline:worker"),
            "upload_url": reverse("offline:upload"),
            "pyodide_url": static(files.PYODIDE_DIR + "pyodide.mjs"),
            "pyodide_dir": settings.STATIC_URL + files.PYODIDE_DIR,
            "zip_urls": [static(name) for name in files.ZIPS] if ready else [],
            "form": NewGameForm(),
            "client_text": CLIENT_TEXT,
            "offline_page": _page_data(request),
        },
    )
    if ready:
        # The service worker keeps this page, fetched online, only in the cache of the same
        # files: a page of a newer release names files an older cache does not hold.
        response[OFFLINE_VERSION_HEADER] = files.offline_files().version
    return response


# The response header that says which version of the offline files a page names.
OFFLINE_VERSION_HEADER = "X-Offline-Version"


def _page_data(request: HttpRequest) -> dict[str, object]:
    """What offline.browser.OfflinePage reads besides the visitor's settings (the page's
    `preferences` JSON): the language and the site's languages, the page's address, the four
    settings' labels and choices, who is signed in, and the session's CSRF token for the
    menu's forms."""
    fields: dict[str, dict[str, object]] = {}
    for name, field in PreferencesForm().fields.items():
        fields[name] = {"label": str(field.label)}
        if isinstance(field, ChoiceField):
            choices = cast(list[tuple[str, str]], field.choices)
            fields[name]["choices"] = [[value, str(label)] for value, label in choices]
    user = request.user
    return {
        "language": translation.get_language(),
        # The site's default language first (offline.browser sets Django up with it).
        "languages": sorted(settings.LANGUAGES, key=lambda item: item[0] != settings.LANGUAGE_CODE),
        "page_url": request.path,
        "preference_fields": fields,
        "csrf_token": get_token(request),
        "user": (
            {"is_authenticated": True, "get_username": user.get_username()}
            if user.is_authenticated
            else None
        ),
    }


@require_GET
def no_connection(request: HttpRequest) -> HttpResponse:
    """What the service worker shows, with no network, for a page that needs the server."""
    return render(request, "offline/no_connection.html")


@require_GET
def offline_files_list(request: HttpRequest) -> JsonResponse:
    """The files to download and their version (offline.files); 404 when this checkout has
    no Pyodide files (make run builds them)."""
    if not files.available():
        return JsonResponse(
            {"error": _("Le jeu hors ligne n’est pas installé sur ce serveur.")}, status=404
        )
    response = JsonResponse(files.offline_files().as_json())
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, at the site's root so that its scope is every page; never
    cached by the browser's HTTP cache (it checks for a new release on every visit)."""
    response = render(request, "offline/sw.js", content_type="text/javascript")
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest: what an installed « Dame de Pique » is called and looks like."""
    icon = static("img/icon.svg")
    return JsonResponse(
        {
            "name": "Dame de Pique",
            "short_name": "Dame de Pique",
            "description": str(
                _("La Dame de Pique, seul contre trois robots, même sans connexion.")
            ),
            "lang": request.LANGUAGE_CODE,
            "start_url": reverse("game:home"),
            "scope": "/",
            "display": "standalone",
            "background_color": THEME_COLOUR,
            "theme_color": THEME_COLOUR,
            "icons": [
                {"src": icon, "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
                *(
                    {
                        "src": static(f"img/icon-{size}.png"),
                        "sizes": f"{size}x{size}",
                        "type": "image/png",
                    }
                    for size in ICON_SIZES
                ),
            ],
        },
        content_type="application/manifest+json",
        # Linked from every page: browsers need not ask for it again on each one.
        headers={"Cache-Control": "public, max-age=86400"},
    )
