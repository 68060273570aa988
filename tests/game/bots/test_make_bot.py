"""`make_bot` and the register of levels: the bot classes are the one list of levels."""

from __future__ import annotations

import ast
import os
import pkgutil
import shutil
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest

import game.bots.levels
from game.bots import (
    DEFAULT_LEVEL,
    HINT_LEVEL,
    LEVELS,
    Bot,
    bot_class,
    gettext_noop,
    make_bot,
)
from game.bots.base import registered_levels
from game.bots.levels.easy import EasyBot
from game.bots.levels.hard import HardBot
from game.bots.levels.normal import NormalBot

GAME = Path(game.bots.__file__).resolve().parents[1]

LEVEL_CLASSES = [("easy", EasyBot), ("normal", NormalBot), ("hard", HardBot)]


def test_the_offered_levels_come_weakest_first_and_normal_is_the_default_and_the_hint():
    assert list(LEVELS.items()) == LEVEL_CLASSES
    assert DEFAULT_LEVEL in LEVELS
    assert DEFAULT_LEVEL == HINT_LEVEL == "normal"


def test_the_site_cannot_change_the_levels_by_accident():
    with pytest.raises(TypeError):
        LEVELS["expert"] = HardBot


@pytest.mark.parametrize(
    ("level", "label", "searches"),
    [("easy", "Facile", False), ("normal", "Normal", False), ("hard", "Difficile", True)],
)
def test_a_level_class_carries_its_code_french_label_and_whether_it_searches(
    level, label, searches
):
    cls = bot_class(level)

    assert (cls.level, cls.label, cls.searches, cls.offered) == (level, label, searches, True)


@pytest.mark.parametrize(("level", "cls"), LEVEL_CLASSES)
def test_a_level_gives_its_bot_with_the_seed_asked_for(level, cls):
    bot = make_bot(level, seed=42)

    assert type(bot) is cls
    assert bot.seed == 42


@pytest.mark.parametrize("level", ["expert", "", "Normal", "facile", None, 3])
def test_an_unknown_level_is_a_value_error(level):
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot(level)
    with pytest.raises(ValueError, match="unknown bot level"):
        bot_class(level)


@pytest.mark.parametrize("level", list(LEVELS))
def test_without_a_seed_a_bot_draws_one_and_keeps_it(level):
    first, second = make_bot(level), make_bot(level)

    assert isinstance(first.seed, int)
    assert first.seed != second.seed


@pytest.mark.parametrize(
    ("level", "option", "value"),
    [("easy", "slip_rate", 0), ("hard", "samples", 10), ("hard", "time_limit", 1.5)],
)
def test_options_reach_the_bot(level, option, value):
    assert getattr(make_bot(level, seed=1, **{option: value}), option) == value


@pytest.mark.parametrize("level", list(LEVELS))
def test_an_option_a_level_does_not_know_is_refused(level):
    with pytest.raises(TypeError):
        make_bot(level, seed=1, depth=3)


def test_gettext_noop_marks_a_label_and_returns_it_unchanged():
    assert gettext_noop("Difficile") == "Difficile"


@pytest.mark.parametrize(
    "module", [info.name for info in pkgutil.iter_modules(game.bots.levels.__path__)]
)
def test_every_level_module_labels_its_level_with_a_literal_gettext_noop_call(module):
    # xgettext (makemessages) reads the source, not the values: it needs the literal call.
    path = Path(import_module(f"game.bots.levels.{module}").__file__)
    labels = [
        node.value
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Assign)
        and [getattr(target, "id", None) for target in node.targets] == ["label"]
    ]

    (call,) = labels
    assert isinstance(call, ast.Call) and getattr(call.func, "id", None) == "gettext_noop"
    assert [type(argument) for argument in call.args] == [ast.Constant]


def test_a_level_missing_its_label_order_or_searches_is_refused(scratch_register):
    with pytest.raises(TypeError, match="label, order, searches"):

        class Sketch(Bot):
            level = "sketch"


def test_two_classes_claiming_one_level_are_refused(scratch_register):
    with pytest.raises(TypeError, match="declared twice"):

        class AnotherHard(HardBot):
            level = "hard"


def test_a_subclass_that_names_no_level_of_its_own_is_not_a_new_level(scratch_register):
    class TunedHard(HardBot):
        """Inherits the level of its parent: the register does not change."""

    assert bot_class("hard") is HardBot
    assert list(registered_levels()) == [*LEVELS, "difficile-v1"]


def test_a_level_kept_for_the_arena_can_be_made_but_is_not_offered(scratch_register):
    class ArenaOnly(NormalBot):
        level = "arena-only"
        label = gettext_noop("Essai")
        order = 4
        offered = False

    assert make_bot("arena-only", seed=3).seed == 3
    assert list(registered_levels()) == ["easy", "normal", "hard", "arena-only", "difficile-v1"]
    assert "arena-only" not in LEVELS


EXPERT = """
from ..base import gettext_noop
from .normal import NormalBot


class ExpertBot(NormalBot):
    level = "expert"
    label = gettext_noop("Expert")
    order = 4
    searches = False
"""


def test_a_new_level_is_one_new_module_in_the_levels_package(tmp_path):
    # A copy of the pure-Python packages with one file added: nothing else names the level.
    copy = tmp_path / "game"
    copy.mkdir()
    shutil.copy(GAME / "__init__.py", copy / "__init__.py")
    for package in ("engine", "bots"):
        shutil.copytree(
            GAME / package, copy / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    (copy / "bots" / "levels" / "expert.py").write_text(EXPERT, encoding="utf-8")
    script = (
        "import game.bots as bots\n"
        "print(bots.__file__)\n"
        "print(*bots.LEVELS)\n"
        "print(type(bots.make_bot('expert', seed=1)).__name__)\n"
    )
    ran = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
    )
    module, levels, made = ran.stdout.splitlines()

    assert Path(module).is_relative_to(tmp_path)
    assert levels == "easy normal hard expert"
    assert made == "ExpertBot"
