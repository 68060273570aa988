"""The levels really are in order of strength: a short arena in every test run.

Forty seeded deals, each played four times with the tested bot rotated through the seats
(`measuring.arena`), against a field of the level below. Difficile gets a fixed, small budget
so the test takes seconds, not minutes; a budget counted in sampled deals also makes the
figures the same on every machine. docs/bots.md gives the margins measured when this was
written: each difference sits one and a half points or more below its threshold.
"""

from __future__ import annotations

import pytest

from measuring.arena import run_arena

DEALS = 40
# 160 iterations of the tree per card (a weaker 32 gave only -1.06: too near the threshold),
# the last cards solved on worlds worth 1,000 positions (at least 4 worlds) rather than 40,000.
QUICK_HARD = {"hard": {"samples": 160, "pass_samples": 16, "endgame_work": 1000}}
# Points per hand the tested level must gain on its field: a clear win, with room for the
# small shifts that any change to a bot brings.
MARGIN = 1.0


@pytest.mark.parametrize(("tested", "field"), [("normal", "easy"), ("hard", "normal")])
def test_each_level_beats_a_field_of_the_level_below(tested, field):
    result = run_arena(tested, field, deals=DEALS, seed=1, options=QUICK_HARD)

    assert result.difference < -MARGIN, result.report()
