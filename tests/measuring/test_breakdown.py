"""The breakdown of a recorded series: parts that add up to the arena's own difference."""

from __future__ import annotations

import statistics

import pytest

from game.engine import PassDirection
from measuring.arena import play_rotations
from measuring.breakdown import breakdown, main, replayed_games
from measuring.screen import record


@pytest.fixture(scope="module")
def series():
    return record("normal", "easy", deals=8, seed=7)


def test_the_parts_add_up_to_the_arenas_difference(series):
    arena = [play_rotations("normal", "easy", 7, number) for number in range(8)]
    expected = statistics.fmean(deal.tested_mean - deal.field_mean for deal in arena)

    result = breakdown(series)

    assert result.hands == 32
    assert result.difference == pytest.approx(expected)
    assert result.queen < 0  # Normal dodges the Q♠ that Facile takes


def test_the_games_played_again_are_the_recorded_ones(series):
    for deal, game, _ in replayed_games(series):
        assert deal.scores() == game.scores
        assert deal.moon_shooter == game.moon


def test_each_moon_counts_in_its_part_and_nowhere_else(series):
    result = breakdown(series)
    games = [(game, seat) for _, game, seat in replayed_games(series)]
    shot = sum(game.moon == seat for game, seat in games)
    against = sum(game.moon not in (None, seat) for game, seat in games)

    assert result.moon_counts[1:] == [shot, against]
    assert result.moons_shot == pytest.approx(-26 * shot)
    assert result.moons_against == pytest.approx(26 / 3 * against)
    assert result.queens[0] + 3 * result.queens[1] == pytest.approx(len(games) - shot - against)


def test_heavy_hands_are_counted_for_it_and_for_the_field(series):
    result = breakdown(series)
    heavy = [0, 0]
    for _, game, seat in replayed_games(series):
        if game.moon is None:
            heavy[0] += game.scores[seat] >= 20
            heavy[1] += sum(game.scores[o] >= 20 for o in range(4) if o != seat)

    assert result.heavy == pytest.approx([heavy[0], heavy[1] / 3])
    assert heavy[1] > 0  # Facile's field takes such hands on these deals


def test_the_directions_follow_the_series(series):
    result = breakdown(series)

    assert set(result.by_direction) == set(PassDirection)
    assert sum(len(hands) for hands in result.by_direction.values()) == 32


def test_the_command_line_prints_it(tmp_path, capsys):
    path = tmp_path / "series.json"
    record("normal", "easy", deals=2).save(path)

    main([str(path)])

    printed = capsys.readouterr().out
    assert "normal against a field of easy: 2 recorded deals x 4 seats, seed 1" in printed
    assert "moons it shot" in printed
    assert "pass left:" in printed


def test_a_series_without_games_is_refused_with_a_message(tmp_path, capsys):
    path = tmp_path / "empty.json"
    record("normal", "easy", deals=0).save(path)

    with pytest.raises(SystemExit):
        main([str(path)])

    assert "holds no games" in capsys.readouterr().err
