"""The bots are pure Python, standard library only: the site imports them, and so does the
browser (Pyodide), where neither Django nor the site's apps exist."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import game.bots

BOTS_DIR = Path(game.bots.__file__).parent
ALLOWED_FIRST_PARTY = ("game.engine", "game.bots")


def imports_of(path: Path) -> set[str]:
    """Absolute names of what a module of game/bots imports (relative imports stay inside)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names.add(node.module)
    return names


def is_allowed(module: str) -> bool:
    if module.split(".")[0] in sys.stdlib_module_names:
        return True
    return any(module == ours or module.startswith(f"{ours}.") for ours in ALLOWED_FIRST_PARTY)


def test_no_bots_module_imports_anything_but_the_standard_library_and_the_engine():
    offenders = {}
    for path in sorted(BOTS_DIR.rglob("*.py")):
        forbidden = sorted(name for name in imports_of(path) if not is_allowed(name))
        if forbidden:
            offenders[str(path.relative_to(BOTS_DIR))] = forbidden

    assert offenders == {}


def test_the_scan_would_catch_a_django_import():
    assert not is_allowed("django.utils.translation")
    assert not is_allowed("play.models")
    assert is_allowed("game.engine.cards")
