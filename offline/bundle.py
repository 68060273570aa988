"""What the browser needs to play offline, made from this checkout: the Pyodide runtime's
core files, copied from the npm package (package.json; nothing fetched at run time); the
project's own Python that the offline game runs, zipped as it is (the engine, the bots and
the table's pure modules, which the server runs too), with the table's templates, the
site's translations and the addresses they name; and Django with asgiref, Jinja2 with
MarkupSafe, from this virtualenv, for the translations and the templates (offline.browser).

Written into offline/static/offline/build/ (not in git), so that the static files (and
collectstatic's hashed, compressed copies) carry them. Each zip is the same bytes for the
same sources (fixed dates, sorted names): its hashed name changes only with them.
"""

from __future__ import annotations

import json
import re
import shutil
import zipfile
from collections.abc import Iterable
from pathlib import Path

import asgiref
import django
import jinja2
import markupsafe
from django.urls import reverse

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "offline" / "static" / "offline" / "build"
PYODIDE_PACKAGE = ROOT / "node_modules" / "pyodide"
# The core files loadPyodide() fetches: the loader, the runtime, the standard library and
# the package index it reads at start-up.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# The pure package, whole: the engine and the bots (standard library only, an
# import-linter contract says so).
PYTHON_PACKAGES = ("game",)
# The table's modules: what it shows (play.table_view and its neighbours), how a hand is
# played (play.table_play), the device's game and its page (offline.device, .browser).
# An import-linter contract keeps models, the database and requests out of them.
PYTHON_MODULES = (
    "play/__init__.py",
    "play/addresses.py",
    "play/advice.py",
    "play/cardnames.py",
    "play/display.py",
    "play/jinja.py",
    "play/messages.py",
    "play/pages.py",
    "play/seating.py",
    "play/seats.py",
    "play/table_play.py",
    "play/table_view.py",
    "play/turns.py",
    "offline/__init__.py",
    "offline/browser.py",
    "offline/device.py",
)
# The table's templates (play.jinja: the table and what it includes), and the site's
# catalogues.
TEMPLATES = (
    "play/jinja2/game/_table.html",
    "play/jinja2/game/_card.html",
    "templates/jinja2/_site_nav.html",
    "accounts/jinja2/accounts/_account_nav.html",
    "accounts/jinja2/accounts/_preference_fields.html",
)
CATALOGUES = "locale/*/LC_MESSAGES/django.mo"
# Where offline.browser finds the addresses the templates name.
ADDRESSES = "offline/addresses.json"
ZIP_NAME = "dame.zip"
DJANGO_ZIP_NAME = "django.zip"
# What the template engine never reaches in the browser: the contributed apps, the
# database backends, the servers, the test tools, the management commands, Django's own
# catalogues (the site's are enough) and its admin's templates.
DJANGO_LEFT_OUT = re.compile(
    r"^django/(contrib|db/backends/(mysql|oracle|postgresql|sqlite3)|core/(management/commands|servers)"
    r"|test|conf/(app_template|project_template|locale/[^/]+/LC_MESSAGES)|bin)/"
    r"|/__pycache__/|\.pyc$"
    # MarkupSafe's compiled speedups: Pyodide runs its pure-Python escaping.
    r"|^markupsafe/_speedups\."
)
FIXED_DATE = (2026, 1, 1, 0, 0, 0)


def build(*, pyodide: Path = PYODIDE_PACKAGE, out: Path = BUILD) -> list[Path]:
    """The files written (or already up to date), Pyodide's then the zip."""
    missing = [name for name in PYODIDE_FILES if not (pyodide / name).is_file()]
    if missing:
        raise FileNotFoundError(
            f"{pyodide} lacks {', '.join(missing)}: scripts/ensure-node-modules.sh installs it"
        )
    target = out / "pyodide"
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for name in PYODIDE_FILES:
        source, copy = pyodide / name, target / name
        if not copy.exists() or copy.stat().st_size != source.stat().st_size:
            shutil.copyfile(source, copy)
        written.append(copy)
    sources = [(name.as_posix(), (ROOT / name).read_bytes()) for name in project_sources()]
    sources.append((ADDRESSES, json.dumps(addresses(), indent=1, sort_keys=True).encode()))
    written.append(_zip(out / ZIP_NAME, sorted(sources)))
    written.append(_zip(out / DJANGO_ZIP_NAME, django_sources()))
    return written


def project_sources() -> list[Path]:
    """The files of this checkout the offline game reads, relative to it, sorted."""
    files = [ROOT / name for name in (*PYTHON_MODULES, *TEMPLATES)]
    for package in PYTHON_PACKAGES:
        files += (ROOT / package).rglob("*.py")
    files += ROOT.glob(CATALOGUES)
    return sorted({path.relative_to(ROOT) for path in files})


# A url('name', …) call of a template (play.jinja): its name, then its arguments.
URL_CALL = re.compile(r"url\('([^']+)'((?:,\s*[^,)]+(?:\(\))?)*)\)")


def addresses() -> dict[str, str]:
    """Each address the templates name, as this site reverses it, with « ARG » where an
    argument goes (offline.browser makes patterns of them)."""
    found: dict[str, str] = {}
    for template in TEMPLATES:
        for name, arguments in URL_CALL.findall((ROOT / template).read_text()):
            found[name] = reverse(name, args=["ARG"] * arguments.count(","))
    return found


def django_sources() -> list[tuple[str, bytes]]:
    """Django and asgiref, Jinja2 and MarkupSafe as installed here (the server's very
    versions), less what the browser never reaches (DJANGO_LEFT_OUT), sorted."""
    files = []
    for package in (django, asgiref, jinja2, markupsafe):
        top = Path(package.__file__ or "").parent
        for path in top.rglob("*"):
            name = path.relative_to(top.parent).as_posix()
            if path.is_file() and not DJANGO_LEFT_OUT.search(name):
                files.append((name, path.read_bytes()))
    return sorted(files)


def _zip(path: Path, files: Iterable[tuple[str, bytes]]) -> Path:
    """Written only if its bytes change (fixed dates, the given order)."""
    partial = path.with_suffix(".partial")
    with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED) as bundle:
        for name, content in files:
            info = zipfile.ZipInfo(name, date_time=FIXED_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            bundle.writestr(info, content)
    if path.exists() and path.read_bytes() == partial.read_bytes():
        partial.unlink()
    else:
        partial.replace(path)
    return path
