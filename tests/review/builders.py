"""Builders for the history tests: whole games played through the services (the human's
cards chosen by the easy bot), and games written straight into the tables for statistics."""

from __future__ import annotations

import random

from django.utils import timezone

from game.bots import make_bot
from game.engine import (
    Card,
    Deal,
    Move as EngineMove,
    PassDirection,
    Phase,
    deal_hands,
    single_lowest,
)
from play import positions, services
from play.models import Game, Hand, Move
from play.ownership import Owner
from play.positions import Position
from play.seats import HUMAN
from tests.driving import play_until, play_whole_game


def finished_game(owner: Owner, *, target: int = 50, difficulty: str = "easy") -> Game:
    game = services.start_game(owner=owner, target=target, difficulty=difficulty)
    return play_whole_game(game, owner)


def game_in_second_hand(owner: Owner, *, plays: int = 5) -> Game:
    """A game in progress: hand 1 over, hand 2 passed and `plays` cards into its play."""
    game = services.start_game(owner=owner, target=100, difficulty="easy")

    def done(position: Position) -> bool:
        deal = position.deal
        played = len(deal.view(HUMAN).plays)
        return (
            position.hand.number == 2 and played >= plays and not positions.bots_pending(position)
        )

    return play_until(game, owner, done)


def recorded_game(
    owner: Owner,
    *,
    hands: int = 2,
    finished: bool = True,
    plays_in_last: int | None = None,
    seed: int = 1,
    target: int = 100,
    difficulty: str = "easy",
    winner: int | None = None,
    kind: str = Game.Kind.SOLO,
) -> Game:
    """A game written straight into the tables: `hands` hands played by easy bots through the
    engine (the last one stopped after `plays_in_last` cards), fast enough for every
    permission test. A `finished` game ends after its last hand whatever its totals."""
    game = Game.objects.create(
        **owner.as_fields(),
        seed=seed,
        totals=[0, 0, 0, 0],
        target=target,
        difficulty=difficulty,
        kind=kind,
    )
    bots = [make_bot("easy", seed=seed + seat) for seat in range(4)]
    moves: list[Move] = []
    hand = None
    for number in range(1, hands + 1):
        direction = PassDirection.for_hand(number)
        dealt = deal_hands(random.Random(f"{seed}:{number}"))
        hand = Hand.objects.create(
            game=game,
            number=number,
            direction=direction.value,
            difficulty=difficulty,
            dealt=[" ".join(card.code for card in cards) for cards in dealt],
        )
        deal = Deal.start(dealt, direction)

        def record(seat: int, move: EngineMove, hand: Hand = hand) -> None:
            moves.append(
                Move(
                    game=game,
                    hand=hand,
                    number=len(moves) + 1,
                    seat=seat,
                    kind=Move.Kind.PASS if move.is_pass else Move.Kind.PLAY,
                    cards=move.codes,
                )
            )

        if direction is not PassDirection.NONE:
            for seat in range(4):
                move = EngineMove.passing(seat, bots[seat].choose_pass(deal.view(seat)))
                move.apply(deal)
                record(seat, move)
        limit = plays_in_last if number == hands and plays_in_last is not None else 52
        for _ in range(limit):
            seat = deal.turn
            move = EngineMove.playing(seat, bots[seat].choose_play(deal.view(seat)))
            move.apply(deal)
            record(seat, move)
        game.current_hand = hand
        if deal.phase == Phase.FINISHED:
            services.record_match_result(game, deal)
            services.record_hand_result(hand, deal)
            hand.save()
    Move.objects.bulk_create(moves)
    game.move_count = len(moves)
    if finished:
        game.status = Game.Status.FINISHED
        game.winner = single_lowest(game.totals) if winner is None else winner
        game.finished_at = timezone.now()
    elif game.is_finished:
        # A game the engine ended that the test wants in progress: it stays open.
        game.status, game.winner, game.finished_at = Game.Status.PLAYING, None, None
    game.save()
    return game


def dealt_cards(game: Game, number: int, seat: int) -> list[Card]:
    return game.hands.get(number=number).dealt_cards()[seat]
