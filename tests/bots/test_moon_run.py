"""« Difficile » running for the moon: it plans against worlds where the others can stop it.

The playout policy hardly defends against a moon, so a search whose worlds are drawn alike
overrates a run; once we alone hold enough points (`moon_run`) each world is the one of a
few draws that leaves the others the most cards to take a trick from us (`stoppers`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from game.bots.levels.hard import HardBot, hardest_to_stop
from game.bots.levels.hard_v1 import HardV1Bot
from game.bots.moon import moon_run, stoppers
from game.bots.sampling import DealSampler
from game.engine.cards import mask_of
from game.engine.view import moon_threat
from tests.bots.test_hard import deal_of
from tests.engine.builders import cards, play

# Seat 0 holds the top clubs, diamonds and hearts; seat 1 has no club but the 2♣ and must
# drop the Q♠ and a heart on seat 0's clubs.
RUNNER_HANDS = {
    0: "8C 9C TC JC QC KC AC QD KD AD QH KH AH",
    1: "2C QS 2D 3D 4D 5D 2H 3H 4H 2S 3S 4S 5S",
    2: "3C 4C 5C 6C 7C 6D 7D 8D 9D 5H 6H 6S 7S",
    3: "TD JD 7H 8H 9H TH JH 8S 9S TS JS KS AS",
}
# The Q♠ and three hearts to seat 0, every point so far: 16, seat 0 to lead.
SIXTEEN_POINTS = "2C 3C 8S AC  KC QS 4C 7H  QC 2H 5C 8H"
# One trick fewer: 14 points, below the alarm.
FOURTEEN_POINTS = "2C 3C 8S AC  KC QS 4C 7H"


def masks(hands: list[str]) -> list[int]:
    return [mask_of(cards(hand)) for hand in hands]


def test_a_run_starts_at_the_alarm_and_belongs_to_the_seat_holding_every_point():
    deal = play(deal_of(RUNNER_HANDS), SIXTEEN_POINTS)
    assert moon_run(deal.view(0))
    assert not moon_run(deal.view(1))
    assert not moon_run(play(deal_of(RUNNER_HANDS), FOURTEEN_POINTS).view(0))


def test_another_seat_with_a_point_ends_the_run():
    view = play(deal_of(RUNNER_HANDS), SIXTEEN_POINTS).view(0)
    points = (16, 1, 0, 0)
    assert not moon_run(replace(view, points_taken=points, moon_threat=moon_threat(list(points))))


def test_stoppers_count_the_others_cards_over_our_best_in_each_suit_we_hold():
    # Ours: the K♥ and the 9♣. Over them: the A♥ (twice, a heart) and the T♣, J♣. The
    # diamonds count nothing: we hold none.
    hands = masks(["KH 9C", "AH TC 2D", "JC 3H", "AD KD"])
    assert stoppers(hands, 0) == 2 * 1 + 2
    # With the A♥ ours the hearts are safe: only the clubs are left.
    hands = masks(["AH 9C", "KH TC 2D", "JC 3H", "AD KD"])
    assert stoppers(hands, 0) == 2


def test_the_world_kept_is_the_first_where_the_others_can_best_stop_us():
    worlds = [
        masks(["AH 9C", "KH TC", "2C 3H", "AD KD"]),  # 1 club over ours
        masks(["KH 9C", "AH TC", "2C 3H", "AD KD"]),  # the A♥ and a club: 3
        masks(["KH 9C", "AH 2C", "TC 3H", "AD KD"]),  # 3 again, drawn later
        masks(["AH TC", "KH 9C", "2C 3H", "AD KD"]),  # nothing over ours
    ]
    drawn = iter(worlds)
    assert hardest_to_stop(lambda: next(drawn), 0, 4) is worlds[1]
    assert next(drawn, None) is None


def counted_draws(monkeypatch: pytest.MonkeyPatch) -> Callable[[], int]:
    """Count the deals `DealSampler` draws from now on."""
    calls = 0
    original = DealSampler.sample

    def sample(self: DealSampler, rng: random.Random) -> list[int]:
        nonlocal calls
        calls += 1
        return original(self, rng)

    monkeypatch.setattr(DealSampler, "sample", sample)
    return lambda: calls


@pytest.mark.parametrize(
    ("bot", "tricks", "draws"),
    [
        (HardBot(seed=4, samples=5), SIXTEEN_POINTS, 5 * HardBot.runner_draws),
        (HardBot(seed=4, samples=5), FOURTEEN_POINTS, 5),
    ],
)
def test_a_running_seat_draws_several_deals_for_each_world(monkeypatch, bot, tricks, draws):
    view = play(deal_of(RUNNER_HANDS), tricks).view(0)
    count = counted_draws(monkeypatch)
    assert bot.choose_play(view) in view.legal
    assert count() == draws


def test_difficile_v1_draws_its_worlds_alike_even_when_running(monkeypatch):
    view = play(deal_of(RUNNER_HANDS), SIXTEEN_POINTS).view(0)
    count = counted_draws(monkeypatch)
    HardV1Bot(seed=4, samples=5).choose_play(view)
    ran = count()
    count = counted_draws(monkeypatch)
    HardV1Bot(seed=4, samples=5).choose_play(play(deal_of(RUNNER_HANDS), FOURTEEN_POINTS).view(0))
    assert ran == count() > 0


def test_the_same_seed_and_view_give_the_same_card_while_running():
    view = play(deal_of(RUNNER_HANDS), SIXTEEN_POINTS).view(0)
    assert len({HardBot(seed=11, samples=40).choose_play(view) for _ in range(3)}) == 1
