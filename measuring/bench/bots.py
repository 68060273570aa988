"""Decision times of each bot level: every pass and play of whole deals, timed one by one."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from game.bots import make_bot
from game.engine import Deal, PassDirection, Phase, PlayerView, deal_hands


@dataclass(frozen=True)
class Timings:
    level: str
    decisions: int
    p50_ms: float
    p95_ms: float
    max_ms: float

    def __str__(self) -> str:
        return (
            f"{self.level:>6}: p50 {self.p50_ms:7.2f} ms   p95 {self.p95_ms:7.2f} ms   "
            f"max {self.max_ms:7.2f} ms   ({self.decisions} decisions)"
        )


def time_decisions(level: str, deals: int, seed: int = 7) -> Timings:
    """Four bots of `level` play `deals` deals; each choose_pass/choose_play is timed."""
    rng = random.Random(seed)
    bots = [make_bot(level, seed=seed + seat) for seat in range(4)]
    samples: list[float] = []

    def timed[Choice](choose: Callable[[PlayerView], Choice], view: PlayerView) -> Choice:
        started = time.perf_counter()
        choice = choose(view)
        samples.append(time.perf_counter() - started)
        return choice

    for number in range(1, deals + 1):
        deal = Deal.start(deal_hands(rng), PassDirection.for_hand(number))
        if deal.phase == Phase.PASSING:
            for seat, bot in enumerate(bots):
                deal.submit_pass(seat, timed(bot.choose_pass, deal.view(seat)))
        while deal.turn is not None:
            seat = deal.turn
            deal.play(seat, timed(bots[seat].choose_play, deal.view(seat)))
    samples.sort()
    return Timings(
        level=level,
        decisions=len(samples),
        p50_ms=statistics.median(samples) * 1000,
        p95_ms=samples[int(0.95 * (len(samples) - 1))] * 1000,
        max_ms=samples[-1] * 1000,
    )
