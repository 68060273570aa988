"""offline.bundle: the files the browser needs to play offline, made from the checkout:
Pyodide's core files copied, game/engine and game/bots zipped the same way every time."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from offline import bundle


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
    assert [path.name for path in written] == [*bundle.PYODIDE_FILES, bundle.ZIP_NAME]
    with zipfile.ZipFile(out / bundle.ZIP_NAME) as made:
        names = made.namelist()
    assert "game/__init__.py" in names
    assert "game/engine/deal.py" in names and "game/bots/__init__.py" in names
    assert not [name for name in names if not name.startswith(("game/engine/", "game/bots/"))][1:]


def test_the_zip_is_the_same_bytes_for_the_same_code(pyodide: Path, tmp_path: Path) -> None:
    first = bundle.build(pyodide=pyodide, out=tmp_path / "a")[-1].read_bytes()
    second = bundle.build(pyodide=pyodide, out=tmp_path / "b")[-1].read_bytes()
    assert first == second


def test_a_missing_pyodide_package_says_how_to_install_it(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="ensure-node-modules"):
        bundle.build(pyodide=tmp_path / "nothing", out=tmp_path / "build")
