"""The endgame solver: max-n over the last tricks, checked against a search of every card."""

from __future__ import annotations

import random

import pytest

from game.bots import make_bot
from game.bots.endgame import MIN_WORLDS, EndgameSearched, EndgameSolver, endgame_search
from game.bots.levels import hard
from game.bots.playout import bits_of, choose_card, margin, suit_of
from game.bots.tree_search import Position
from game.engine import Deal, PassDirection, deal_hands
from game.engine.cards import FULL_DECK, TWO_OF_CLUBS_BIT, as_card
from game.engine.rules import (
    NO_LEAD,
    legal_mask,
    moon_scores,
    opens_hearts,
    points_of,
    winning_bit,
)


def mask_of(codes):
    return sum(as_card(code).bit for code in codes)


def brute_force(hands, leader, plays, hearts_broken, points):
    """Max-n the plain way: every legal card of every seat, nothing grouped, nothing stored."""
    if len(plays) == 4:
        trick = plays[0] | plays[1] | plays[2] | plays[3]
        lead_suit = suit_of(plays[0])
        winner = (leader + plays.index(winning_bit(trick, lead_suit))) & 3
        points = points.copy()
        points[winner] += points_of(trick)
        if not any(hands):
            return moon_scores(points)[0]
        return brute_force(hands, winner, [], hearts_broken or opens_hearts(trick), points)
    seat = (leader + len(plays)) & 3
    lead_suit = suit_of(plays[0]) if plays else NO_LEAD
    best = None
    for bit in bits_of(legal_mask(hands[seat], lead_suit, False, hearts_broken)):
        after = hands.copy()
        after[seat] ^= bit
        scores = brute_force(after, leader, [*plays, bit], hearts_broken, points)
        if best is None or margin(scores, seat) < margin(best, seat):
            best = scores
    return best


def policy_position(rng, cards_left):
    """A deal played by the playout policy until each seat holds `cards_left` cards, then
    part of a trick more."""
    bits = bits_of(FULL_DECK)
    rng.shuffle(bits)
    hands = [sum(bits[13 * seat : 13 * seat + 13]) for seat in range(4)]
    leader = next(seat for seat in range(4) if hands[seat] & TWO_OF_CLUBS_BIT)
    points = [0, 0, 0, 0]
    hearts_broken = False
    plays: list[int] = []

    def take_trick():
        nonlocal leader, hearts_broken, plays
        trick = sum(plays)
        leader = (leader + plays.index(winning_bit(trick, suit_of(plays[0])))) & 3
        points[leader] += points_of(trick)
        hearts_broken = hearts_broken or opens_hearts(trick)
        plays = []

    for number in range(4 * (13 - cards_left) + rng.randrange(4)):
        if len(plays) == 4:
            take_trick()
        seat = (leader + len(plays)) & 3
        lead_suit = suit_of(plays[0]) if plays else NO_LEAD
        legal = legal_mask(hands[seat], lead_suit, number < 4, hearts_broken)
        others = sum(hands) & ~hands[seat]
        bit = choose_card(hands[seat], legal, sum(plays), lead_suit, len(plays), others)
        bit = bit if legal & (legal - 1) else legal
        hands[seat] ^= bit
        plays.append(bit)
    if len(plays) == 4:
        take_trick()
    return hands, leader, plays, hearts_broken, points


@pytest.mark.parametrize("cards_left", [1, 2, 3])
def test_the_solver_agrees_with_trying_every_card(cards_left):
    rng = random.Random(cards_left)
    for _ in range(40):
        hands, leader, plays, hearts_broken, points = policy_position(rng, cards_left)
        seat = (leader + len(plays)) & 3
        lead_suit = suit_of(plays[0]) if plays else NO_LEAD
        solver = EndgameSolver()
        for bit in bits_of(legal_mask(hands[seat], lead_suit, False, hearts_broken)):
            after = hands.copy()
            after[seat] ^= bit
            expected = brute_force(after, leader, [*plays, bit], hearts_broken, points)

            assert list(solver.scores_after(hands, leader, plays, hearts_broken, points, bit)) == (
                expected
            )


def test_a_three_card_end_costs_a_few_hundred_positions():
    rng = random.Random(5)
    hands, leader, plays, hearts_broken, points = policy_position(rng, 3)
    solver = EndgameSolver()
    seat = (leader + len(plays)) & 3
    lead_suit = suit_of(plays[0]) if plays else NO_LEAD
    for bit in bits_of(legal_mask(hands[seat], lead_suit, False, hearts_broken)):
        solver.scores_after(hands, leader, plays, hearts_broken, points, bit)

    assert 0 < solver.positions < 200


# Seat 0 has taken every point (23) and led the J♥, its last card the A♣; seat 1 holds the 10♥
# and the Q♥, nothing else out ranks between them. Ducking lets seat 0 shoot; the Q♥ stops it.
SPOILER = 1
SPOILING_HANDS = [
    mask_of(["AC"]),
    mask_of(["TH", "QH"]),
    mask_of(["2D", "3D"]),
    mask_of(["4D", "5D"]),
]
JACK_LED = Position(SPOILER, 0, (mask_of(["JH"]),), False, True, (23, 0, 0, 0))
DUCK, OVERTAKE = mask_of(["TH"]), mask_of(["QH"])


def test_a_seat_spoils_a_moon_by_overtaking_the_card_led():
    solver = EndgameSolver()

    def after(bit):
        return solver.scores_after(
            SPOILING_HANDS, 0, list(JACK_LED.plays), True, [23, 0, 0, 0], bit
        )

    assert after(DUCK) == (0, 26, 26, 26)
    assert after(OVERTAKE) == (23, 3, 0, 0)


def test_a_seat_that_can_shoot_does():
    # Seat 0 holds every point so far (24) and the two last hearts, both winners.
    hands = [
        mask_of(["AH", "KH"]),
        mask_of(["2C", "3C"]),
        mask_of(["2D", "3D"]),
        mask_of(["4D", "5D"]),
    ]
    solver = EndgameSolver()

    assert solver.scores_after(hands, 0, [], True, [24, 0, 0, 0], mask_of(["KH"])) == (
        0,
        26,
        26,
        26,
    )


def test_the_search_chooses_by_the_solved_worlds_and_stops_once_its_work_is_spent():
    searched = endgame_search(
        [DUCK, OVERTAKE], JACK_LED, lambda: list(SPOILING_HANDS), 10, 48, lambda: False
    )

    assert searched == EndgameSearched(best=1, worlds=MIN_WORLDS, cut_short=False)


def test_the_search_stops_at_its_most_worlds_and_at_the_clock():
    draws = []

    def draw():
        draws.append(1)
        return list(SPOILING_HANDS)

    assert endgame_search([DUCK, OVERTAKE], JACK_LED, draw, 10**9, 7, lambda: False).worlds == 7
    assert endgame_search([DUCK, OVERTAKE], JACK_LED, draw, 10**9, 7, lambda: True).cut_short
    assert len(draws) == 7 + 1


def test_difficile_solves_its_last_four_cards_and_difficile_v1_never(monkeypatch):
    solve = hard.endgame_search
    cards_in_hand: list[int] = []
    solved: list[int] = []

    def spy(candidates, position, draw, work, most_worlds, out_of_time):
        solved.append(cards_in_hand[-1])
        assert most_worlds == 6  # `samples` caps the worlds
        return solve(candidates, position, draw, work, most_worlds, out_of_time)

    monkeypatch.setattr(hard, "endgame_search", spy)
    for level in ("hard", "difficile-v1"):
        solved.clear()
        deal = Deal.start(deal_hands(3), PassDirection.NONE)
        bots = [make_bot(level, seed=seat, samples=6) for seat in range(4)]
        while deal.phase == "playing":
            view = deal.view(deal.turn)
            cards_in_hand.append(len(view.hand))
            deal.play(deal.turn, bots[deal.turn].choose_play(view))

        if level == "hard":
            assert solved
            assert max(solved) == 4
        else:
            assert solved == []
