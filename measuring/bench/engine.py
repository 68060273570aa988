"""Complete random deals per second, driven through the engine's public API only."""

from __future__ import annotations

import random
import time

from game.engine import Deal, PassDirection, Phase, deal_hands


def play_random_deal(rng: random.Random, direction: PassDirection) -> list[int]:
    """Random passes and random legal plays from a fresh shuffle; returns the scores."""
    draw = rng.random
    deal = Deal.start(deal_hands(rng), direction)
    if deal.phase == Phase.PASSING:
        for seat in range(4):
            hand = deal.hand(seat)
            picks = [hand.pop(int(draw() * 13)), hand.pop(int(draw() * 12))]
            deal.submit_pass(seat, [*picks, hand.pop(int(draw() * 11))])
    turn = deal.turn
    while turn is not None:
        legal = deal.legal_cards(turn)
        deal.play(turn, legal[int(draw() * len(legal))])
        turn = deal.turn
    return deal.scores()


def deals_per_second(seconds: float = 3.0, seed: int = 1) -> tuple[int, float]:
    """Deals played and the rate over about `seconds`; pass directions cycle as in a game."""
    rng = random.Random(seed)
    directions = [PassDirection.for_hand(number) for number in range(1, 5)]
    played = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for direction in directions * 25:
            play_random_deal(rng, direction)
        played += 100
    return played, played / (time.perf_counter() - start)
