"""The arena: seeded deals, the tested bot in every seat, a paired difference per deal."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from game.bots import gettext_noop
from game.bots.levels.normal import NormalBot
from game.engine import Trick
from measuring.arena import main, moon_attempted, run_arena


def test_a_short_series_reports_both_averages_and_their_paired_difference():
    result = run_arena("normal", "easy", deals=3, seed=5)

    assert result.deals == 3
    assert 0 <= result.tested_mean <= 26
    assert 0 <= result.field_mean <= 26
    assert result.difference == pytest.approx(result.tested_mean - result.field_mean)
    assert result.ci_low <= result.difference <= result.ci_high
    # Deals 1-3 pass left, right and across: a pass and 13 cards in each of 4 rotations.
    assert len(result.decision_seconds) == 3 * 4 * 14


def test_every_game_hands_out_26_points_or_78_with_a_moon():
    result = run_arena("easy", "normal", deals=4, seed=2)

    moons = result.tested_moons + result.field_moons
    per_game = result.tested_mean + 3 * result.field_mean

    assert per_game == pytest.approx(26 + 52 * moons / (4 * result.deals))


def test_the_same_seed_gives_the_same_figures_in_one_process_or_two():
    alone = run_arena("normal", "easy", deals=4, seed=9)
    shared = run_arena("normal", "easy", deals=4, seed=9, jobs=2)

    assert (alone.tested_mean, alone.field_mean) == (shared.tested_mean, shared.field_mean)


@pytest.mark.parametrize(("tested", "deals"), [("expert", 2), ("easy", 0)])
def test_an_unknown_level_or_no_deal_is_refused(tested, deals):
    with pytest.raises(ValueError):
        run_arena(tested, "easy", deals=deals)


def test_options_reach_the_bots_of_their_level():
    with pytest.raises(TypeError):
        run_arena("hard", "normal", deals=1, options={"hard": {"depth": 3}})


def test_a_level_not_offered_to_players_can_still_be_measured(scratch_register):
    class Trial(NormalBot):
        level = "trial"
        label = gettext_noop("Essai")
        order = 4
        offered = False

    result = run_arena("trial", "easy", deals=1, seed=4)

    assert result.tested == "trial"


def test_the_command_line_prints_the_figures(capsys):
    main(["--deals", "2", "--seat", "easy", "--field", "normal", "--seed", "3"])

    printed = capsys.readouterr().out
    assert "easy against a field of normal" in printed
    assert "difference" in printed
    assert "95% CI" in printed


def _tricks(*winners_and_points):
    return SimpleNamespace(
        tricks=[Trick(0, (), winner, points) for winner, points in winners_and_points]
    )


def test_a_moon_attempt_is_every_point_taken_alone_until_twenty_or_more():
    assert moon_attempted(_tricks((2, 0), (1, 13), (1, 4), (1, 3)), seat=1)
    assert moon_attempted(_tricks((1, 13), (1, 7)), seat=1)
    # The early queen and a few hearts, then someone else takes a heart: no attempt.
    assert not moon_attempted(_tricks((1, 13), (1, 4), (3, 1), (1, 8)), seat=1)
    assert not moon_attempted(_tricks((1, 13), (1, 6)), seat=1)
    assert not moon_attempted(_tricks((0, 13), (0, 13)), seat=1)


def test_the_report_gives_the_moons_per_100_hands():
    result = run_arena("normal", "easy", deals=5, seed=2)

    assert result.per_100_hands(result.field_moons) == 5 * result.field_moons
    assert result.tested_attempts >= result.tested_moons
    assert "moons per 100 hands of normal: attempted" in result.report()
