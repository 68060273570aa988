"""offline.bundle: the files the browser needs to play offline, made from the checkout:
Pyodide's core files copied; the game's code, templates and translations, and Django,
zipped the same way every time; and those zips alone (no site-packages, no checkout) play
and draw a whole game in a bare interpreter, as Pyodide runs them."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from game.bots.levels.hard import LIGHT_TREE_ITERATIONS, TREE_ITERATIONS
from offline import bundle
from offline.record import check_record
from play.models import Difficulty


@pytest.fixture
def pyodide(tmp_path: Path) -> Path:
    package = tmp_path / "node_modules" / "pyodide"
    package.mkdir(parents=True)
    for name in bundle.PYODIDE_FILES:
        (package / name).write_bytes(name.encode() * 10)
    return package


def test_the_core_files_and_the_zip_of_the_engine_and_bots_are_written(
    pyodide: Path, tmp_path: Path
) -> None:
    out = tmp_path / "build"
    written = bundle.build(pyodide=pyodide, out=out)
    assert [path.name for path in written] == [
        *bundle.PYODIDE_FILES,
        bundle.ZIP_NAME,
        bundle.DJANGO_ZIP_NAME,
    ]
    with zipfile.ZipFile(out / bundle.ZIP_NAME) as made:
        names = made.namelist()
    assert "game/__init__.py" in names
    assert "game/engine/deal.py" in names and "game/bots/__init__.py" in names
    assert "play/table_view.py" in names and "offline/browser.py" in names
    assert "play/jinja2/game/_table.html" in names and "locale/en/LC_MESSAGES/django.mo" in names
    # Nothing that reads the database or a request goes to the browser.
    assert not [name for name in names if name.endswith(("models.py", "services.py", "views.py"))]
    with zipfile.ZipFile(out / bundle.DJANGO_ZIP_NAME) as made:
        names = made.namelist()
    assert "django/template/base.py" in names and "asgiref/local.py" in names
    assert "jinja2/environment.py" in names and "markupsafe/_native.py" in names
    assert not [name for name in names if name.startswith("markupsafe/_speedups")]
    assert not [name for name in names if name.startswith(("django/contrib/", "django/test/"))]


def test_the_zip_is_the_same_bytes_for_the_same_code(pyodide: Path, tmp_path: Path) -> None:
    first = bundle.build(pyodide=pyodide, out=tmp_path / "a")
    second = bundle.build(pyodide=pyodide, out=tmp_path / "b")
    assert [path.read_bytes() for path in first[-2:]] == [path.read_bytes() for path in second[-2:]]


def test_the_addresses_the_templates_name_are_the_site_s() -> None:
    found = bundle.addresses()
    assert found["game:home"] == "/"
    assert found["offline:play"] == "/hors-ligne/"
    assert found["players:profile"] == "/joueurs/ARG/"


# Plays a whole game through offline.browser.OfflinePage, as static/js/offline.js does,
# with nothing on the path but the unpacked zips and the standard library.
PLAY_OFFLINE = """
import json, sys
sys.path.insert(0, ".")
from game.bots.levels.hard import HardBot
from offline.browser import OfflinePage
from tests_person import person_acts

fields = {name: {"label": name, "choices": [["normale", "Normale"]]}
          for name in ("speed", "card_size", "auto_play", "sounds")}
page = OfflinePage(json.dumps({
    "language": sys.argv[1], "languages": [["fr", "Français"], ["en", "English"]],
    "page_url": "/hors-ligne/", "preference_fields": fields,
    "preferences": {"speed": "normale", "card_size": "normale"}, "user": None,
}))
first = json.loads(page.new_game(50, "normal"))
answer = first
while not answer["finished"]:
    answer = json.loads(page.act(*person_acts(page.table)))
print(json.dumps({"first": first["html"], "last": answer, "tree": HardBot.tree_iterations}))
"""

PERSON = """
import json
from game.bots import make_bot
from game.engine import Phase

def person_acts(table):
    deal, bot, move = table.position.deal, make_bot("easy", seed=1), table.move
    if deal.phase == Phase.PASSING and not deal.pass_submitted(0):
        cards = [card.code for card in bot.choose_pass(deal.view(0))]
        return "pass_cards", json.dumps({"cards": cards, "move": move})
    if deal.phase == Phase.PLAYING and deal.turn == 0:
        card = bot.choose_play(deal.view(0)).code
        return "play_card", json.dumps({"card": card, "move": move})
    if deal.phase == Phase.FINISHED:
        return "next_hand", json.dumps({"move": move})
    return "advance", "{}"
"""


@pytest.mark.parametrize(
    ("language", "words"),
    [("fr", ["Table de jeu", "Manche 1 · en 50 points", "Votre main"]), ("en", ["Game table"])],
)
def test_the_zips_alone_play_and_draw_a_whole_game(
    pyodide: Path, tmp_path: Path, language: str, words: list[str]
) -> None:
    out = tmp_path / "build"
    bundle.build(pyodide=pyodide, out=out)
    site = tmp_path / "site"
    for name in (bundle.ZIP_NAME, bundle.DJANGO_ZIP_NAME):
        with zipfile.ZipFile(out / name) as made:
            made.extractall(site)
    (site / "tests_person.py").write_text(PERSON)

    # -I -S: no site-packages, no checkout, no environment: only what the zips hold.
    run = subprocess.run(
        [sys.executable, "-I", "-S", "-c", PLAY_OFFLINE, language],
        cwd=site,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )

    assert run.returncode == 0, run.stderr[-3000:]
    played = json.loads(run.stdout)
    for word in words:
        assert word in played["first"]
    assert 'hx-post="#pass_cards"' in played["first"]
    checked = check_record(played["last"]["record"], levels=Difficulty.values)
    assert list(checked.totals) == played["last"]["totals"]
    # Difficile thinks on the page's thread there: at the lighter budget (docs/offline.md).
    assert played["tree"] == LIGHT_TREE_ITERATIONS < TREE_ITERATIONS


def test_a_missing_pyodide_package_says_how_to_install_it(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="ensure-node-modules"):
        bundle.build(pyodide=tmp_path / "nothing", out=tmp_path / "build")
