"""A choice's class from the points it cost, and a hand's or a game's accuracy
(review.grades)."""

from __future__ import annotations

import pytest

from review.grades import Accuracy, Severity, severity_of


@pytest.mark.parametrize(
    ("loss", "severity"),
    [
        (None, None),
        (-2.0, None),
        (0.9, None),
        (1.0, Severity.INACCURACY),
        (2.9, Severity.INACCURACY),
        (3.0, Severity.MISTAKE),
        (6.9, Severity.MISTAKE),
        (7.0, Severity.BLUNDER),
        (20.0, Severity.BLUNDER),
    ],
)
def test_a_choice_is_graded_from_the_points_it_cost(loss, severity):
    assert severity_of(loss) is severity


def test_each_class_has_the_chess_reviews_mark():
    assert [severity.symbol for severity in Severity] == ["?!", "?", "??"]


def test_accuracy_is_the_share_of_decisions_that_cost_under_a_point():
    accuracy = Accuracy.of([None, None, 0.9, 1.0, 7.5])

    assert accuracy == Accuracy(sound=3, decisions=5)
    assert accuracy.percent == 60


def test_a_games_accuracy_pools_the_decisions_of_its_hands():
    game = Accuracy.pooled([Accuracy(9, 10), Accuracy(1, 2)])

    assert game == Accuracy(10, 12) and game.percent == 83


def test_no_decision_has_no_accuracy():
    assert Accuracy.of([]).percent is None
