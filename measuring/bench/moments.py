"""The first analysis of a hand (« Moments clés », review.analysis): whole 13-trick
hands played by Normal bots, each analysed as the background worker does it, timed one by
one. No database: the hands are unsaved rows, the analysis reads only their moves."""

from __future__ import annotations

import os
import random
import statistics
import time
from dataclasses import dataclass


@dataclass(frozen=True)
class AnalysisTimings:
    hands: int
    p50_s: float
    max_s: float

    def __str__(self) -> str:
        return (
            f"first analysis of a hand: p50 {self.p50_s:.2f} s   max {self.max_s:.2f} s   "
            f"({self.hands} hands)"
        )


def time_analyses(hands: int, seed: int = 11) -> AnalysisTimings:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from game.bots import make_bot
    from game.engine import Deal, Move, PassDirection, Phase, deal_hands
    from play.models import Hand
    from play.steps import HandRecord
    from review.analysis import analyse

    rng = random.Random(seed)
    bots = [make_bot("normal", seed=seed + seat) for seat in range(4)]
    durations = []
    for number in range(1, hands + 1):
        dealt = deal_hands(rng)
        direction = PassDirection.for_hand(number)
        deal = Deal.start(dealt, direction)
        moves = []
        if deal.phase == Phase.PASSING:
            for seat, bot in enumerate(bots):
                moves.append(Move.passing(seat, bot.choose_pass(deal.view(seat))))
                deal.submit_pass(seat, moves[-1].cards)
        while (turn := deal.turn) is not None:
            moves.append(Move.playing(turn, bots[turn].choose_play(deal.view(turn))))
            deal.play(turn, moves[-1].card)
        hand = Hand(
            number=number,
            direction=direction.value,
            dealt=[" ".join(card.code for card in cards) for cards in dealt],
        )
        record = HandRecord(hand=hand, dealt=dealt, direction=direction, moves=moves)
        started = time.perf_counter()
        analyse(record, seed=seed + number)
        durations.append(time.perf_counter() - started)
    return AnalysisTimings(hands, statistics.median(durations), max(durations))
