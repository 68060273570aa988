"""The screen: a variant played on a recorded series, the recorded games kept until it differs."""

from __future__ import annotations

import pytest

from game.bots import gettext_noop
from game.bots.levels.easy import EasyBot
from game.bots.levels.normal import NormalBot
from measuring.arena import play_deal, play_rotations, rotation_bots, series_deal
from measuring.screen import Series, main, record, replay_game, screen


@pytest.fixture(scope="module")
def series() -> Series:
    return record("normal", "easy", deals=3, seed=7)


def test_a_recorded_series_holds_the_games_the_arena_plays(series):
    for number, games in enumerate(series.games):
        arena = play_rotations("normal", "easy", 7, number)
        recorded = [game.scores[rotation] for rotation, game in enumerate(games)]

        assert sum(recorded) / 4 == pytest.approx(arena.tested_mean)
        assert all(len(game.plays) == 52 for game in games)


def test_the_recorded_level_replayed_changes_nothing(series):
    result = screen(series, "normal")

    assert [deal.diverged for deal in result.deals] == [0, 0, 0]
    assert result.change == 0
    assert "hands it played otherwise: 0 of 12" in result.report()


def test_a_game_replayed_with_a_variant_is_the_game_it_would_have_played(series):
    # « Facile » in Normal's seat: it soon plays another card, and from there the bots play on.
    diverged = 0
    for number in range(3):
        hands, direction = series_deal(series.seed, number)
        for rotation in range(4):
            replayed = replay_game(series, "easy", number, rotation)
            bots = rotation_bots("easy", "easy", series.seed, number, rotation)
            played, _ = play_deal(bots, hands, direction)

            assert replayed.scores == played.scores()
            diverged += replayed.diverged
    assert diverged > 0


def test_the_change_is_the_variants_paired_difference_minus_the_recorded_one(series):
    result = screen(series, "easy", jobs=2)
    arena = [play_rotations("easy", "easy", 7, number) for number in range(3)]

    for deal, played in zip(result.deals, arena, strict=True):
        assert deal.recorded + deal.change == pytest.approx(played.tested_mean - played.field_mean)


def test_a_series_survives_its_file_and_the_command_line_screens_it(tmp_path, capsys):
    path = tmp_path / "series.json"
    main(["record", str(path), "--seat", "normal", "--field", "easy", "--deals", "2"])
    assert Series.load(path) == record("normal", "easy", deals=2)

    main(["replay", str(path), "--seat", "easy"])

    printed = capsys.readouterr().out
    assert "easy in place of normal against a field of easy" in printed
    assert "95% CI" in printed


def test_an_unknown_variant_is_refused(series):
    with pytest.raises(ValueError):
        screen(series, "expert")


def test_a_variant_is_asked_only_where_it_says_it_departs(series, scratch_register):
    asked: list[int] = []

    class LateEasy(EasyBot):
        """« Facile » from the tenth trick on, Normal before: it says so."""

        level = "late-easy"
        label = gettext_noop("Essai")
        order = 4
        offered = False

        def departs(self, view):
            return len(view.hand) <= 4

        def choose_pass(self, view):
            raise AssertionError("the pass is Normal's: never asked")

        def choose_play(self, view):
            asked.append(len(view.hand))
            return super().choose_play(view)

    class NormalThenEasy(NormalBot):
        """The same player written without `departs`: asked every decision."""

        level = "normal-then-easy"
        label = gettext_noop("Essai")
        order = 4
        offered = False

        def choose_play(self, view):
            if len(view.hand) <= 4:
                return EasyBot(self.seed).choose_play(view)
            return super().choose_play(view)

    told = screen(series, "late-easy")
    asked_everything = screen(series, "normal-then-easy")

    assert asked and max(asked) <= 4
    assert sum(deal.diverged for deal in told.deals) > 0
    assert told.deals == asked_everything.deals
