"""The tree search of « Difficile »: the playouts it steers, its budget counted in sampled
deals, its safety net, and a choice that depends on a later card of ours."""

from __future__ import annotations

import random
from itertools import permutations

from game.bots.playout import bits_of, margin, play_out
from game.bots.sampling import DealSampler, knowledge_of
from game.bots.tree_search import Position, play_from, position_of, tree_search
from game.engine import Deal, PassDirection, deal_hands
from game.engine.cards import mask_of
from game.engine.rules import NO_LEAD, legal_mask

# Cards played before the endgames of the brute-force test: four or five tricks left.
PLAYED = 32


def opening(seed: int) -> tuple[list[int], int]:
    """The four hands of a seeded deal as masks, and the seat holding the 2♣."""
    hands = [mask_of(hand) for hand in deal_hands(random.Random(seed))]
    return hands, next(seat for seat in range(4) if hands[seat] & 1)


def test_a_chooser_that_always_declines_leaves_the_playout_to_the_policy():
    for seed in range(20):
        hands, leader = opening(seed)
        declining = Declining()

        steered = play_out(hands.copy(), leader, [], True, False, [0] * 4, 2, declining)

        assert steered == play_out(hands.copy(), leader, [], True, False, [0] * 4)
        # Asked once per card of seat 2, always about seat 2's own hand.
        assert len(declining.asked) == 13
        assert all(hand & ~hands[2] == 0 for hand in declining.asked)


class Declining:
    """A chooser that records the hands it is asked about and always lets the policy play."""

    def __init__(self) -> None:
        self.asked: list[int] = []

    def __call__(self, legal: int, hand: int, *_: int) -> int:
        self.asked.append(hand)
        return 0


def test_the_chooser_plays_its_seat_cards_and_only_legal_ones_are_offered():
    hands, leader = opening(7)
    played: list[int] = []

    def highest(legal: int, hand: int, *_: int) -> int:
        assert legal and legal & ~hand == 0
        bit = 1 << (legal.bit_length() - 1)
        played.append(bit)
        return bit

    scores = play_out(hands.copy(), leader, [], True, False, [0] * 4, 1, highest)

    assert sum(played) == hands[1]
    assert sum(scores) in (26, 78)


def deal_in_play() -> Deal:
    deal = Deal.start(deal_hands(random.Random(3)), PassDirection.NONE)
    for _ in range(9):
        deal.play(deal.turn, deal.view(deal.turn).legal[0])
    return deal


def search_of(deal: Deal, iterations: int, seed: int, out_of_time=lambda: False):
    view = deal.view(deal.turn)
    knowledge = knowledge_of(view)
    sampler = DealSampler(knowledge)
    rng = random.Random(seed)
    drawn: list[list[int]] = []

    def draw() -> list[int]:
        drawn.append(sampler.sample(rng))
        return drawn[-1].copy()

    position = position_of(view)
    searched = tree_search(mask_of(view.legal), position, draw, iterations, 0.5, out_of_time)
    return view, searched, drawn


def test_it_spends_exactly_its_iterations_one_sampled_deal_each_and_repeats_itself():
    deal = deal_in_play()

    view, searched, drawn = search_of(deal, 300, seed=5)
    _, again, _ = search_of(deal, 300, seed=5)

    assert searched.iterations == searched.planned == len(drawn) == 300
    assert searched.best & mask_of(view.legal)
    assert again == searched


def test_the_safety_net_stops_it_between_two_iterations():
    calls = []

    def out_of_time() -> bool:
        calls.append(True)
        return len(calls) >= 3

    view, searched, drawn = search_of(deal_in_play(), 300, seed=5, out_of_time=out_of_time)

    assert (searched.iterations, searched.planned, len(drawn)) == (3, 300, 3)
    assert searched.best & mask_of(view.legal)


def endgame(number: int) -> tuple[Position, list[int]]:
    """A seeded deal played at random down to its last four or five tricks, the hands left."""
    rng = random.Random(f"endgame:{number}")
    deal = Deal.start(deal_hands(rng), PassDirection.NONE)
    for _ in range(PLAYED + rng.randrange(3)):
        deal.play(deal.turn, rng.choice(deal.view(deal.turn).legal))
    position = position_of(deal.view(deal.turn))
    return position, [mask_of(deal.view(seat).hand) for seat in range(4)]


def legal_now(position: Position, hands: list[int]) -> int:
    lead_suit = (position.plays[0].bit_length() - 1) // 13 if position.plays else NO_LEAD
    return legal_mask(hands[position.seat], lead_suit, position.first_trick, position.hearts_broken)


class IllegalOrder(Exception):
    """A scripted card that the rules forbid when its turn comes."""


class Scripted:
    """A chooser that plays the given cards in order, then leaves the rest to the policy."""

    def __init__(self, cards: list[int]) -> None:
        self.cards = cards.copy()

    def __call__(self, legal: int, *_: int) -> int:
        if not self.cards:
            return 0
        bit = self.cards.pop(0)
        if not bit & legal:
            raise IllegalOrder
        return bit


def margin_of(position: Position, hands: list[int], ours: list[int]) -> int:
    """Our margin when we play `ours` first, the policy playing everything else."""
    scores = play_from(position, hands.copy(), Scripted(ours))
    return margin(scores, position.seat)


def best_orders(position: Position, hands: list[int]) -> set[int]:
    """Brute force: the first cards of the orders of our cards with the best margin."""
    margins: dict[int, set[int]] = {}
    for order in permutations(bits_of(hands[position.seat])):
        try:
            margins.setdefault(margin_of(position, hands, list(order)), set()).add(order[0])
        except IllegalOrder:
            continue
    return margins[min(margins)]


def one_ply_best(position: Position, hands: list[int]) -> set[int]:
    """The first cards a single playout per card rates best (our later cards the policy's)."""
    margins: dict[int, set[int]] = {}
    for first in bits_of(legal_now(position, hands)):
        margins.setdefault(margin_of(position, hands, [first]), set()).add(first)
    return margins[min(margins)]


def test_with_the_deal_known_it_finds_the_best_order_of_its_last_cards_as_brute_force_does():
    # One world, the others' play fixed by the policy: the tree must find a first card of the
    # best order of our cards, as trying every order does, even where a single playout per
    # card (our later cards the policy's) rates another card best.
    choice_matters = one_ply_wrong = 0
    for number in range(80):
        position, hands = endgame(number)
        best_first = best_orders(position, hands)
        legal = legal_now(position, hands)

        searched = tree_search(legal, position, hands.copy, 1000, 0.5, lambda: False)

        assert searched.best in best_first, number
        choice_matters += best_first != set(bits_of(legal))
        one_ply_wrong += not one_ply_best(position, hands) & best_first
    assert choice_matters >= 20
    assert one_ply_wrong >= 2
