"""docs/engine.md: the rules engine is pure Python. No module under game/engine/ may
import Django (nor the site's own Django apps)."""

import ast
from pathlib import Path

ENGINE_DIR = Path(__file__).resolve().parents[2] / "game" / "engine"
FORBIDDEN_ROOTS = {"django", "channels", "daphne", "django_htmx", "tutorial"}
FORBIDDEN_GAME_MODULES = {"game.models", "game.views", "game.urls", "game.apps"}


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
    return ".".join(path.relative_to(ENGINE_DIR.parent.parent).parts[:-1])


def is_forbidden(module: str) -> bool:
    if module.split(".")[0] in FORBIDDEN_ROOTS:
        return True
    return any(module == m or module.startswith(m + ".") for m in FORBIDDEN_GAME_MODULES)


def test_the_engine_package_exists():
    assert (ENGINE_DIR / "__init__.py").is_file()


def test_no_engine_module_imports_django():
    offenders = {}
    for path in sorted(ENGINE_DIR.rglob("*.py")):
        imports = imported_modules(path.read_text(), str(path), package_of(path))
        bad = sorted(filter(is_forbidden, imports))
        if bad:
            offenders[str(path.relative_to(ENGINE_DIR.parent.parent))] = bad

    assert offenders == {}


def test_the_scan_would_catch_a_django_import():
    source = (
        "import os\nfrom django.db import models\nimport channels.layers\nfrom .. import views\n"
    )

    assert sorted(filter(is_forbidden, imported_modules(source, "x.py", "game.engine"))) == [
        "channels.layers",
        "django.db",
        "django.db.models",
        "game.views",
    ]


def test_relative_imports_inside_the_engine_are_allowed():
    source = "from . import cards\nfrom .rules import Deal\n"

    assert not any(filter(is_forbidden, imported_modules(source, "x.py", "game.engine")))
