"""docs/engine.md: the pure package (game: the engine and the bots) is standard-library
Python, since the browser runs it too. No module under game/ may import Django, Channels or
the site's own apps. import-linter says so in `make lint`; this scan says it in the tests."""

import ast
from pathlib import Path

PURE_DIR = Path(__file__).resolve().parents[2] / "game"
FORBIDDEN_ROOTS = {
    "django",
    "channels",
    "daphne",
    "django_htmx",
    *("play", "review", "tutorial", "tables", "ranked", "offline"),
    *("accounts", "players", "pages", "config", "measuring"),
}


def imported_modules(source: str, filename: str, package: str = "game.engine") -> set[str]:
    """Absolute names of what a module imports; relative imports resolved from `package`."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source, filename=filename)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parent = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*parent, base] if base else parent)
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def package_of(path: Path) -> str:
    # game/engine/rules.py and game/engine/__init__.py both live in package game.engine.
    return ".".join(path.relative_to(PURE_DIR.parent).parts[:-1])


def is_forbidden(module: str) -> bool:
    return module.split(".")[0] in FORBIDDEN_ROOTS


def test_the_pure_package_holds_the_engine_and_the_bots():
    assert (PURE_DIR / "engine" / "__init__.py").is_file()
    assert (PURE_DIR / "bots" / "__init__.py").is_file()


def test_no_module_of_the_pure_package_imports_django_or_the_site():
    offenders = {}
    for path in sorted(PURE_DIR.rglob("*.py")):
        imports = imported_modules(path.read_text(), str(path), package_of(path))
        bad = sorted(filter(is_forbidden, imports))
        if bad:
            offenders[str(path.relative_to(PURE_DIR.parent))] = bad

    assert offenders == {}


def test_the_scan_would_catch_a_django_import():
    source = "import os\nfrom django.db import models\nimport channels.layers\nimport play.views\n"

    assert sorted(filter(is_forbidden, imported_modules(source, "x.py", "game.engine"))) == [
        "channels.layers",
        "django.db",
        "django.db.models",
        "play.views",
    ]


def test_relative_imports_inside_the_pure_package_are_allowed():
    source = "from . import cards\nfrom .rules import Deal\nfrom ..engine import Card\n"

    assert not any(filter(is_forbidden, imported_modules(source, "x.py", "game.bots")))
