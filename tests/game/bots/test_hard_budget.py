"""« Difficile » spends a budget counted in sampled deals, not in seconds: the same seed and
view give the same card however slow the machine, and only the safety net, logged, reads
the clock."""

from __future__ import annotations

import logging
import random

import pytest

from game.bots import make_bot
from game.bots.counting import equivalent_groups
from game.bots.levels import hard
from game.bots.levels.hard import (
    MAX_SAMPLES,
    TIME_LIMIT,
    TREE_ITERATIONS,
    HardBot,
)
from game.bots.sampling import knowledge_of
from game.engine import Deal, PassDirection, PlayerView, deal_hands
from game.engine.cards import mask_of


class FakeClock:
    """`perf_counter` for the hard module: each reading moves time on by `step` seconds."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.now = 0.0

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def positions(count: int) -> list[PlayerView]:
    """Views of seats with a real choice (cards that play differently), some way into deals
    the Normal bots play."""
    views = []
    number = 0
    while len(views) < count:
        number += 1
        rng = random.Random(f"budget:{number}")
        deal = Deal.start(deal_hands(rng), PassDirection.for_hand(number + 1))
        bots = [make_bot("normal", seed=seat) for seat in range(4)]
        if deal.phase == "passing":
            for seat in range(4):
                deal.submit_pass(seat, bots[seat].choose_pass(deal.view(seat)))
        for _ in range(rng.randrange(48)):
            deal.play(deal.turn, bots[deal.turn].choose_play(deal.view(deal.turn)))
        view = deal.view(deal.turn)
        if len(equivalent_groups(mask_of(view.legal), knowledge_of(view).hidden)) > 1:
            views.append(view)
    return views


def pass_views(count: int) -> list[PlayerView]:
    return [
        Deal.start(deal_hands(random.Random(f"pass:{number}")), PassDirection.LEFT).view(number % 4)
        for number in range(count)
    ]


def decisions(bot: HardBot, plays: list[PlayerView], passes: list[PlayerView]) -> list:
    return [bot.choose_play(view) for view in plays] + [bot.choose_pass(view) for view in passes]


def test_a_slow_machine_gets_the_same_cards_and_passes_as_a_fast_one(monkeypatch, caplog):
    plays, passes = positions(8), pass_views(2)
    monkeypatch.setattr(hard, "perf_counter", FakeClock(step=0.0))
    unhurried = decisions(HardBot(seed=11), plays, passes)
    # Each sampled deal now takes long enough that the largest search (MAX_SAMPLES deals for
    # a pass, TREE_ITERATIONS for a card) comes close to the safety net: a machine dozens of
    # times slower than this one.
    slow = FakeClock(step=0.9 * TIME_LIMIT / max(MAX_SAMPLES, TREE_ITERATIONS))
    monkeypatch.setattr(hard, "perf_counter", slow)

    with caplog.at_level(logging.WARNING, logger="game.bots"):
        hurried = decisions(HardBot(seed=11), plays, passes)

    assert hurried == unhurried
    assert not caplog.records
    # The searches took far longer than a second of (fake) time in all: the clock never chose.
    assert slow.now > 5


def test_hitting_the_safety_net_answers_at_once_and_logs_it(monkeypatch, caplog):
    (view,) = positions(1)
    (pass_view,) = pass_views(1)
    # Every sampled deal takes twice the safety net: the search stops after the first one.
    monkeypatch.setattr(hard, "perf_counter", FakeClock(step=2 * TIME_LIMIT))
    bot = HardBot(seed=2)

    with caplog.at_level(logging.WARNING, logger="game.bots"):
        card = bot.choose_play(view)
        passed = bot.choose_pass(pass_view)

    assert card in view.legal
    assert len(set(passed)) == 3
    assert set(passed) <= set(pass_view.hand)
    play_record, pass_record = caplog.records
    assert (play_record.name, play_record.levelno) == ("game.bots", logging.WARNING)
    assert f"seat {view.seat}, playing, 1 of " in play_record.getMessage()
    assert f"seat {pass_view.seat}, passing, 1 of " in pass_record.getMessage()


@pytest.mark.parametrize("samples", [1, 16, 37, 400])
def test_a_search_scores_exactly_the_worlds_its_budget_plans(samples):
    drawn = []

    def draw() -> int:
        drawn.append(len(drawn))
        return drawn[-1]

    searched = hard.search(9, samples, draw, lambda index, world: (index * 7 + world) % 5, 1e9)

    assert searched.worlds == searched.planned == len(drawn)
    assert searched.planned == sum(max(1, round(share * samples)) for share in (0.25, 0.25, 0.5))
