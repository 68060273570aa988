"""What the browser needs to play offline, made from this checkout: the Pyodide runtime's
core files, copied from the npm package (package.json; nothing fetched at run time), and
the project's own Python that the offline game runs, zipped as it is (`game/engine`,
`game/bots`: the one rules engine and the bots, standard library only).

Written into offline/static/offline/build/ (not in git), so that the static files (and
collectstatic's hashed, compressed copies) carry them. The zip is the same bytes for the
same sources (fixed dates, sorted names): its hashed name changes only with the code.
"""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

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
# The packages of this project the browser imports, with their parents' __init__.py.
PYTHON_PACKAGES = ("game/engine", "game/bots")
PARENT_INITS = ("game/__init__.py",)
ZIP_NAME = "dame.zip"
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
    written.append(_zip_sources(out / ZIP_NAME))
    return written


def python_sources() -> list[Path]:
    """The .py files of the offline game's packages, relative to the checkout, sorted."""
    files = [ROOT / name for name in PARENT_INITS]
    for package in PYTHON_PACKAGES:
        files += (ROOT / package).rglob("*.py")
    return sorted({path.relative_to(ROOT) for path in files})


def _zip_sources(path: Path) -> Path:
    partial = path.with_suffix(".partial")
    with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED) as bundle:
        for relative in python_sources():
            info = zipfile.ZipInfo(relative.as_posix(), date_time=FIXED_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            bundle.writestr(info, (ROOT / relative).read_bytes())
    if path.exists() and path.read_bytes() == partial.read_bytes():
        partial.unlink()
    else:
        partial.replace(path)
    return path
