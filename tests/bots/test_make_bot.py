"""`make_bot`: the one way in for the site, by level name."""

from __future__ import annotations

import subprocess
import sys

import pytest

from game.bots import DEFAULT_LEVEL, LEVELS, make_bot
from game.bots.easy import EasyBot
from game.bots.normal import NormalBot


def test_the_levels_carry_their_french_labels_and_normal_is_the_default():
    assert LEVELS == {"easy": "Facile", "normal": "Normal", "hard": "Difficile"}
    assert DEFAULT_LEVEL == "normal"


@pytest.mark.parametrize(("level", "bot_class"), [("easy", EasyBot), ("normal", NormalBot)])
def test_a_level_gives_its_bot_with_the_seed_asked_for(level, bot_class):
    bot = make_bot(level, seed=42)

    assert isinstance(bot, bot_class)
    assert bot.seed == 42


@pytest.mark.parametrize("level", ["expert", "", "Normal", "facile", None, 3])
def test_an_unknown_level_is_a_value_error(level):
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot(level)


def test_without_a_seed_a_bot_draws_one_and_keeps_it():
    first, second = make_bot("normal"), make_bot("normal")

    assert isinstance(first.seed, int)
    assert first.seed != second.seed


def test_options_reach_the_bot():
    assert make_bot("easy", seed=1, slip_rate=0).slip_rate == 0


def test_an_option_a_level_does_not_know_is_refused():
    with pytest.raises(TypeError):
        make_bot("normal", samples=10)


def test_the_hard_level_is_imported_only_when_asked_for():
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, game.bots; print('game.bots.hard' in sys.modules)"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert loaded.stdout.strip() == "False"


def test_the_hard_level_is_registered():
    hard = pytest.importorskip("game.bots.hard")

    assert isinstance(make_bot("hard", seed=5), hard.HardBot)
