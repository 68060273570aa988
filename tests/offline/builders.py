"""Offline game records as the browser keeps them: whole games the project's bots play
with the engine (the device plays the same code), to be sent back to the server."""

from __future__ import annotations

import random
import uuid

from game.bots import make_bot
from game.engine import Deal, Match, Move, Phase, deal_hands


def played_record(target: int = 50, seed: int = 1, difficulty: str = "easy") -> dict:
    """A finished game of four Facile bots, recorded hand by hand: what an offline game
    against three bots sends (the person's moves are one seat's among them)."""
    rng = random.Random(seed)
    match = Match(target)
    bots = [make_bot("easy", seed=seed + seat) for seat in range(4)]
    hands = []
    while not match.is_over:
        dealt = deal_hands(rng)
        deal = Deal.start(dealt, match.direction, totals=match.totals, target=target)
        moves: list[list[object]] = []
        while deal.phase != Phase.FINISHED:
            if deal.phase == Phase.PASSING:
                for seat in range(4):
                    move = Move.passing(seat, bots[seat].choose_pass(deal.view(seat)))
                    move.apply(deal)
                    moves.append([seat, move.codes])
            else:
                seat = deal.turn
                assert seat is not None
                move = Move.playing(seat, bots[seat].choose_play(deal.view(seat)))
                move.apply(deal)
                moves.append([seat, move.codes])
        match.record(deal)
        hands.append(
            {"dealt": [" ".join(c.code for c in cards) for cards in dealt], "moves": moves}
        )
    return {
        "id": str(uuid.UUID(int=rng.getrandbits(128), version=4)),
        "target": target,
        "difficulty": difficulty,
        "hands": hands,
    }
