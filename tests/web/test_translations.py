"""French first, English complete: the catalogues, the language switch, the engine's refusals
in the player's language, and the error pages."""

from __future__ import annotations

import gettext
import json
import os
import re
import shutil
from dataclasses import dataclass, field
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.template import loader
from django.test import Client, RequestFactory, override_settings
from django.urls import reverse
from django.utils import translation
from django.views import defaults

from game.engine import IllegalMove
from game.engine.cards import SUIT_NAMES
from game.engine.errors import _MESSAGES, _PHASE_MESSAGES, wrong_phase
from play.messages import MESSAGES, illegal_move_message
from tests.visits import ALL_SUITS_HANDS, HTMX, game_url, scripted_game

LOCALE = Path(settings.BASE_DIR) / "locale"
PLACEHOLDER = re.compile(r"%\(\w+\)s")
TAG = re.compile(r"<[^>]+>")

# Seat 2 won the first trick with A♣ and led Q♣; seat 3 discarded: the human holds 3♣…6♣.
CLUBS_LED_HANDS = {
    **ALL_SUITS_HANDS,
    2: "JC QC AC JD QD KD AD 8S 9S TS 7H 8H 9H",
    3: "KC 2D 3D 4D JS QS KS AS TH JH QH KH AH",
}
CLUBS_LED = "2C 7C AC KC QC 2D"


# --- A small .po reader (no polib) ------------------------------------------------------


@dataclass
class Entry:
    msgid: str = ""
    msgid_plural: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    obsolete: bool = False

    @property
    def key(self) -> tuple[str, str | None]:
        return self.msgid, self.msgid_plural


def read_po(path: Path) -> tuple[Entry, list[Entry]]:
    """The header and the entries of a .po file, strings unescaped and joined."""
    entries: list[Entry] = []
    entry: Entry | None = None
    target: tuple[str, int] | None = None
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        if not line.strip():
            if entry is not None:
                entries.append(entry)
            entry, target = None, None
            continue
        if entry is None:
            entry = Entry()
        if line.startswith("#~"):
            entry.obsolete = True
            continue
        if line.startswith("#,"):
            entry.flags.update(flag.strip() for flag in line[2:].split(","))
            continue
        if line.startswith("#"):
            continue
        keyword = re.match(r"(msgid_plural|msgid|msgstr(?:\[(\d+)\])?) (\".*\")$", line)
        if keyword:
            name, index, text = keyword.group(1), keyword.group(2), json.loads(keyword.group(3))
            if name.startswith("msgstr"):
                target = ("msgstr", int(index or 0))
                entry.msgstr[target[1]] = text
            else:
                target = (name, 0)
                setattr(entry, name, text)
        elif line.startswith('"') and target is not None:
            text = json.loads(line)
            if target[0] == "msgstr":
                entry.msgstr[target[1]] += text
            else:
                setattr(entry, target[0], getattr(entry, target[0]) + text)
        else:
            raise AssertionError(f"{path}: unreadable line {line!r}")
    header, *messages = entries
    assert header.msgid == ""
    return header, [entry for entry in messages if not entry.obsolete]


def catalogue(language: str) -> tuple[Entry, list[Entry]]:
    return read_po(LOCALE / language / "LC_MESSAGES" / "django.po")


# --- The catalogues ---------------------------------------------------------------------


def test_the_english_catalogue_translates_every_message():
    header, entries = catalogue("en")

    assert len(entries) > 250
    assert "fuzzy" not in header.flags
    assert [entry.msgid for entry in entries if "fuzzy" in entry.flags] == []
    untranslated = [
        entry.msgid
        for entry in entries
        if not entry.msgstr or not all(text.strip() for text in entry.msgstr.values())
    ]
    assert untranslated == []
    plurals = [entry for entry in entries if entry.msgid_plural is not None]
    assert plurals and all(sorted(entry.msgstr) == [0, 1] for entry in plurals)


def test_english_keeps_every_placeholder_and_tag():
    for entry in catalogue("en")[1]:
        for text in entry.msgstr.values():
            assert sorted(PLACEHOLDER.findall(text)) == sorted(PLACEHOLDER.findall(entry.msgid))
            assert TAG.findall(text) == TAG.findall(entry.msgid), entry.msgid


def test_the_french_catalogue_gives_the_french_plural_rule():
    """French counts 0 and 1 as singular (« 0 pt », « 1 pt », « 2 pts »): Django falls back
    to the English rule for a msgid no French catalogue holds, hence this catalogue."""
    header, entries = catalogue("fr")

    assert "Plural-Forms: nplurals=2; plural=(n > 1);" in header.msgstr[0]
    plurals = [entry for entry in entries if entry.msgid_plural is not None]
    assert plurals
    for entry in plurals:
        assert entry.msgstr == {0: entry.msgid, 1: entry.msgid_plural}
    assert {entry.key for entry in entries} == {entry.key for entry in catalogue("en")[1]}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_compiled_catalogue_is_the_po_file(language):
    """The .mo files are committed (no gettext needed to run the site): each one must say
    exactly what its .po says, so a .po edited without `compilemessages` fails here."""
    _header, entries = catalogue(language)
    expected = {}
    for entry in entries:
        if entry.msgid_plural is None:
            if entry.msgstr.get(0):
                expected[entry.msgid] = entry.msgstr[0]
        elif all(entry.msgstr.values()):
            expected.update({(entry.msgid, index): text for index, text in entry.msgstr.items()})

    with (LOCALE / language / "LC_MESSAGES" / "django.mo").open("rb") as compiled:
        messages = dict(gettext.GNUTranslations(compiled)._catalog)
    messages.pop("", None)

    assert messages == expected


def test_the_catalogue_holds_every_message_of_the_sources(tmp_path, monkeypatch):
    """A fresh `makemessages` over a copy of the sources finds exactly the catalogue's
    messages: nothing added to a template or a module is left untranslated, nothing stale.
    Without gettext's xgettext it cannot look: a skip on a developer's machine, a failure
    under CI (`make test` installs the package where it can, as it does the browser)."""
    if not shutil.which("xgettext"):
        reason = "gettext tools (xgettext) not installed: apt-get install gettext"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    base = Path(settings.BASE_DIR)
    skipped = {"tests", "locale", "node_modules", "staticfiles", "test-artifacts", "docs"}
    for source in base.iterdir():
        if source.name.startswith(".") or source.name in skipped:
            continue
        if source.is_dir() and not source.name.endswith(".egg-info"):
            shutil.copytree(
                source,
                tmp_path / source.name,
                ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
            )
    monkeypatch.chdir(tmp_path)
    with override_settings(LOCALE_PATHS=[tmp_path / "locale"]):
        call_command("makemessages", locale=["en"], verbosity=0, stdout=StringIO())

    _header, found = read_po(tmp_path / "locale" / "en" / "LC_MESSAGES" / "django.po")
    found_keys = {entry.key for entry in found}
    catalogue_keys = {entry.key for entry in catalogue("en")[1]}
    assert sorted(found_keys - catalogue_keys, key=str) == []  # run makemessages
    assert sorted(catalogue_keys - found_keys, key=str) == []  # stale entries


def test_french_counts_zero_and_one_points_as_singular():
    with translation.override("fr"):
        forms = [
            translation.ngettext("%(points)s pt", "%(points)s pts", n) % {"points": n}
            for n in (0, 1, 2)
        ]
    with translation.override("en"):
        english = [
            translation.ngettext("%(points)s pt", "%(points)s pts", n) % {"points": n}
            for n in (0, 1, 2)
        ]

    assert forms == ["0 pt", "1 pt", "2 pts"]
    assert english == ["0 pts", "1 pt", "2 pts"]


# --- The engine's refusals ------------------------------------------------------------


@pytest.mark.parametrize("code", sorted(_MESSAGES))
def test_each_refusal_reads_as_the_engine_says_in_french_and_is_translated(code):
    refusal = IllegalMove(code)

    with translation.override("fr"):
        french = illegal_move_message(refusal)
    with translation.override("en"):
        english = illegal_move_message(refusal)

    assert french == refusal.message
    assert english != french and english


@pytest.mark.parametrize(("phase", "action"), sorted(_PHASE_MESSAGES))
def test_each_wrong_moment_has_its_own_sentence(phase, action):
    refusal = wrong_phase(phase, action)
    message = _PHASE_MESSAGES[(phase, action)]

    with translation.override("fr"):
        assert illegal_move_message(refusal) == message
    with translation.override("en"):
        assert illegal_move_message(refusal) not in (message, "This is not the time")


@pytest.mark.parametrize(
    ("suit", "english"),
    [("C", "clubs"), ("D", "diamonds"), ("H", "hearts"), ("S", "spades")],
)
def test_must_follow_suit_names_the_suit(suit, english):
    refusal = IllegalMove.must_follow_suit(suit)

    with translation.override("fr"):
        assert illegal_move_message(refusal) == f"Vous devez fournir à {SUIT_NAMES[suit]}"
    with translation.override("en"):
        assert illegal_move_message(refusal) == f"You must follow suit: {english}"


def test_the_sentence_follows_the_code_not_the_engines_wording():
    refusal = IllegalMove("not_your_turn", "Attendez votre tour")

    with translation.override("en"):
        assert illegal_move_message(refusal) == str(MESSAGES["not_your_turn"])


def test_a_code_the_site_does_not_know_yet_shows_the_engines_french():
    refusal = IllegalMove("not_your_turn", "Attendez votre tour")
    refusal.code = "newer_rule"

    with translation.override("en"):
        assert illegal_move_message(refusal) == "Attendez votre tour"


# --- The pages in each language -------------------------------------------------------


def switch_language(client: Client, language: str, next_url: str) -> str:
    response = client.post(reverse("set_language"), {"language": language, "next": next_url})
    assert response.status_code == 302
    return response["Location"]


@pytest.mark.django_db
@pytest.mark.parametrize("accept", [None, "fr-FR,fr;q=0.9", "de-DE,de;q=0.9"])
def test_a_new_visitor_gets_the_site_in_french(client, accept):
    headers = {"HTTP_ACCEPT_LANGUAGE": accept} if accept else {}

    page = client.get(reverse("game:home"), **headers).content.decode()

    assert '<html lang="fr">' in page
    assert "Jouer" in page and "Nouvelle partie" in page
    assert 'aria-current="true">FR' in page


@pytest.mark.django_db
def test_a_browser_asking_for_english_still_gets_french_until_the_visitor_switches(client):
    page = client.get(reverse("game:home"), HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9").content.decode()

    assert '<html lang="fr">' in page
    assert ">Jouer</button>" in page


@pytest.mark.django_db
def test_switching_to_english_shows_the_table_in_english_and_back(guest, guest_owner):
    game = scripted_game(guest_owner)  # hand 4, no pass: the human leads the 2♣
    table_url = game_url("table", game)

    assert switch_language(guest, "en", table_url) == table_url
    page = guest.get(table_url).content.decode()

    assert '<html lang="en">' in page
    assert ">Play</button>" in page and ">Hint</button>" in page
    assert "No pass this hand" in page
    assert '<span class="seat__points">0 pts</span>' in page
    assert "Jouer" not in page and "Indice" not in page

    switch_language(guest, "fr", table_url)
    page = guest.get(table_url).content.decode()

    assert '<html lang="fr">' in page
    assert ">Jouer</button>" in page and ">Indice</button>" in page
    assert "Pas de passe cette manche" in page
    assert '<span class="seat__points">0 pt</span>' in page


@pytest.mark.django_db
def test_the_switch_posts_back_to_the_page_it_is_on(client):
    page = client.get(reverse("pages:rules") + "?x=1").content.decode()

    form = page[page.index('<form class="lang-switch"') :]
    form = form[: form.index("</form>")]
    assert f'action="{reverse("set_language")}"' in form
    assert 'method="post"' in form and "csrfmiddlewaretoken" in form
    assert f'name="next" value="{reverse("pages:rules")}?x=1"' in form
    assert "hx-" not in form  # a plain post: htmx never swaps a fragment for it


@pytest.mark.django_db
def test_a_refused_plain_post_still_switches_back_to_the_table(guest, guest_owner):
    """A refused action without htmx shows the table at the action's address, which
    answers only POST: the switch goes back to the table itself."""
    game = scripted_game(guest_owner, CLUBS_LED, hands=CLUBS_LED_HANDS)

    response = guest.post(game_url("play_card", game), {"card": "2H", "move": game.move_count})

    assert response.status_code == 409
    assert f'name="next" value="{game_url("table", game)}"' in response.content.decode()


@pytest.mark.django_db
def test_htmx_fragments_carry_no_header(guest, guest_owner):
    game = scripted_game(guest_owner)

    fragment = guest.get(game_url("table", game), **HTMX).content.decode()

    assert fragment.lstrip().startswith('<section id="table"')
    assert "site-header" not in fragment
    # The site's links and language switch come only inside the game's « Menu », which
    # shows them where the header folds away (small screens).
    menu_site = fragment.index('class="menu__site"')
    assert fragment.index("lang-switch") > menu_site


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "reason"),
    [("fr", "Vous devez fournir à trèfle"), ("en", "You must follow suit: clubs")],
)
def test_an_illegal_card_is_refused_in_the_players_language(guest, guest_owner, language, reason):
    game = scripted_game(guest_owner, CLUBS_LED, hands=CLUBS_LED_HANDS)
    switch_language(guest, language, "/")

    table = guest.get(game_url("table", game)).content.decode()
    response = guest.post(
        game_url("play_card", game), {"card": "2H", "move": game.move_count}, **HTMX
    )

    assert f'data-reason="{reason}"' in table  # the dimmed cards say why beforehand
    assert response.status_code == 409
    assert reason in response.content.decode()


@pytest.mark.django_db
def test_the_hand_names_the_cards_in_english(guest, guest_owner):
    game = scripted_game(guest_owner, CLUBS_LED, hands=CLUBS_LED_HANDS)
    switch_language(guest, "en", "/")

    page = guest.get(game_url("table", game)).content.decode()

    assert 'aria-label="Hugo: Queen of clubs"' in page
    assert 'aria-label="2 of hearts — You must follow suit: clubs"' in page


# --- Error pages ----------------------------------------------------------------------


@pytest.mark.django_db
def test_an_unknown_game_gets_the_french_404_page(guest):
    response = guest.get(reverse("game:table", args=[987654]))

    page = response.content.decode()
    assert response.status_code == 404
    assert '<html lang="fr">' in page
    assert "Page introuvable" in page
    assert "Retour à l’accueil" in page
    assert 'class="lang-switch"' in page


@pytest.mark.django_db
def test_the_404_page_follows_the_chosen_language(guest):
    switch_language(guest, "en", "/")

    response = guest.get("/nulle-part/")

    assert response.status_code == 404
    assert "Page not found" in response.content.decode()


@pytest.mark.django_db
def test_an_expired_csrf_token_gets_the_french_reload_page():
    client = Client(enforce_csrf_checks=True)

    response = client.post(reverse("game:new_game"))

    page = response.content.decode()
    assert response.status_code == 403
    assert "Votre session a expiré, rechargez la page." in page
    assert '<html lang="fr">' in page
    assert "csrftoken" in response.cookies  # a fresh token: reloading is enough


@pytest.mark.django_db
def test_the_403_page_is_french():
    request = RequestFactory().get("/interdit/")

    response = defaults.permission_denied(request, PermissionError())

    assert response.status_code == 403
    assert "Accès refusé" in response.content.decode()


def test_the_500_page_needs_no_context_and_no_database():
    # No django_db mark: any query would raise here.
    with translation.override("fr"):
        page = loader.get_template("500.html").render()
        response = defaults.server_error(RequestFactory().get("/"))

    assert response.status_code == 500
    assert "Le serveur a rencontré une erreur" in page
    assert response.content.decode() == page
    assert "{%" not in page and "{{" not in page
