"""Invariants over random deals: a random deal from a seed, random passes and random legal
play from random.Random(seed), checked against the rules of docs/rules.md at every card."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from game.engine import Card, Deal, IllegalMove, PassDirection, deal_hands
from tests.game.engine.builders import (
    PLAY_RULE_CODES,
    SEATS,
    assert_view_hides_other_hands,
    card,
    played_cards,
    snapshot,
)

DIRECTIONS = [PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.NONE]
QUEEN = card("QS")
TWO_OF_CLUBS = card("2C")

seeds = st.integers(min_value=0, max_value=2**32 - 1)
directions = st.sampled_from(DIRECTIONS)


def expected_legal(hand, current_trick, completed_tricks) -> list[Card]:
    """The legal cards by docs/rules.md, written independently of the engine."""
    first_trick = not completed_tricks
    if not current_trick:
        if first_trick:
            return [c for c in hand if c is TWO_OF_CLUBS]
        hearts_open = any(c.suit == "H" for t in completed_tricks for _, c in t.plays)
        non_hearts = [c for c in hand if c.suit != "H"]
        if hearts_open or not non_hearts:
            return list(hand)
        return non_hearts
    led = current_trick[0][1].suit
    following = [c for c in hand if c.suit == led]
    if following:
        return following
    if first_trick:
        no_points = [c for c in hand if c.points == 0]
        if no_points:
            return no_points
    return list(hand)


def trick_winner(plays) -> int:
    led = plays[0][1].suit
    seat, _ = max(((seat, c) for seat, c in plays if c.suit == led), key=lambda play: play[1].index)
    return seat


def assert_cards_conserved(deal):
    in_hands = [c for s in SEATS for c in deal.hand(s)]
    in_tricks = [c for t in deal.tricks for _, c in t.plays]
    on_table = [c for _, c in deal.current_trick]
    everywhere = in_hands + in_tricks + on_table
    assert len(everywhere) == 52
    assert set(everywhere) == set(Card.deck())


def submit_random_passes(deal, rng):
    """Up to three seats first choose cards they then change; the last choice of the
    fourth seat triggers the exchange."""
    changing = rng.sample(SEATS, rng.randint(0, 3))
    for seat in changing:
        deal.submit_pass(seat, rng.sample(deal.hand(seat), 3))
    others = [s for s in SEATS if s not in changing]
    rng.shuffle(others)
    chosen = {}
    for seat in changing + others:
        chosen[seat] = sorted(rng.sample(deal.hand(seat), 3))
        deal.submit_pass(seat, chosen[seat])
    return chosen


def assert_every_card_is_judged_by_the_rules(deal):
    seat = deal.turn
    hand = deal.hand(seat)
    legal = deal.legal_cards(seat)
    before = snapshot(deal)

    assert legal, "legal_cards is never empty on a seat's turn"
    assert legal == sorted(legal)
    assert legal == expected_legal(hand, list(deal.current_trick), list(deal.tricks))
    for c in legal:
        assert deal.check_play(seat, c) is None
    for c in hand:
        if c in legal:
            continue
        reason = deal.check_play(seat, c)
        assert isinstance(reason, IllegalMove)
        assert reason.code in PLAY_RULE_CODES
        with pytest.raises(IllegalMove) as refused:
            deal.play(seat, c)
        assert refused.value.code == reason.code
    for other in SEATS:
        if other != seat:
            assert deal.legal_cards(other) == []
            if deal.hand(other):
                assert deal.check_play(other, deal.hand(other)[0]).code == "not_your_turn"
    assert snapshot(deal) == before


def assert_markers_at_trick_start(deal):
    if deal.current_trick:
        return
    done = [c for t in deal.tricks for _, c in t.plays]
    assert deal.hearts_broken == any(c.suit == "H" for c in done)
    assert deal.queen_played == (QUEEN in done)


def assert_finished_deal_obeys_the_rules(deal):
    assert deal.phase == "finished"
    assert deal.turn is None
    assert len(deal.tricks) == 13
    assert all(deal.hand(s) == [] for s in SEATS)
    assert deal.tricks[0].plays[0][1] is TWO_OF_CLUBS
    taken = [0, 0, 0, 0]
    for number, trick in enumerate(deal.tricks):
        plays = tuple(trick.plays)
        assert [s for s, _ in plays] == [(trick.leader + i) % 4 for i in range(4)]
        assert trick.winner == trick_winner(plays)
        assert trick.points == sum(c.points for _, c in plays)
        if number:
            assert trick.leader == deal.tricks[number - 1].winner
        taken[trick.winner] += trick.points
    assert list(deal.points_taken) == taken
    assert sum(taken) == 26
    scores = list(deal.scores())
    if 26 in taken:
        shooter = taken.index(26)
        assert deal.moon_shooter == shooter
        assert scores == [0 if s == shooter else 26 for s in SEATS]
    else:
        assert deal.moon_shooter is None
        assert scores == taken


@settings(max_examples=25, deadline=None, database=None)
@given(seed=seeds, direction=directions)
def test_a_random_deal_obeys_every_rule_at_every_card(seed, direction):
    rng = random.Random(seed)
    deal = Deal.start(deal_hands(seed), direction)
    if direction is not PassDirection.NONE:
        assert_view_hides_other_hands(deal)
        submit_random_passes(deal, rng)
    assert_cards_conserved(deal)

    while deal.phase == "playing":
        assert_every_card_is_judged_by_the_rules(deal)
        assert_markers_at_trick_start(deal)
        assert_view_hides_other_hands(deal)
        deal.play(deal.turn, rng.choice(deal.legal_cards(deal.turn)))
        assert_cards_conserved(deal)

    assert_finished_deal_obeys_the_rules(deal)
    assert_view_hides_other_hands(deal)


@settings(max_examples=60, deadline=None, database=None)
@given(seed=seeds)
def test_a_random_deal_scores_26_points_or_a_moon(seed):
    rng = random.Random(seed)
    deal = Deal.start(deal_hands(seed), PassDirection.NONE)

    while deal.phase == "playing":
        deal.play(deal.turn, rng.choice(deal.legal_cards(deal.turn)))

    assert_finished_deal_obeys_the_rules(deal)


@settings(max_examples=40, deadline=None, database=None)
@given(seed=seeds, direction=st.sampled_from(DIRECTIONS[:3]))
def test_passing_exchanges_exactly_the_last_chosen_cards(seed, direction):
    rng = random.Random(seed)
    deal = Deal.start(deal_hands(seed), direction)
    dealt = [list(h) for h in deal.dealt_hands]

    chosen = submit_random_passes(deal, rng)

    assert deal.phase == "playing"
    for giver in SEATS:
        receiver = direction.receiver(giver)
        assert deal.passed(giver) == chosen[giver]
        assert deal.received(receiver) == chosen[giver]
    for seat in SEATS:
        expected = (set(dealt[seat]) - set(chosen[seat])) | set(deal.received(seat))
        assert deal.hand(seat) == sorted(expected)
        assert len(deal.hand(seat)) == 13
    holder = next(s for s in SEATS if TWO_OF_CLUBS in deal.hand(s))
    assert deal.turn == holder
    assert_cards_conserved(deal)
    assert_view_hides_other_hands(deal)


@settings(max_examples=30, deadline=None, database=None)
@given(seed=seeds)
def test_the_views_partition_the_deck_and_show_what_each_seat_saw(seed):
    rng = random.Random(seed)
    deal = Deal.start(deal_hands(seed), PassDirection.NONE)
    shown_voids = [set(), set(), set(), set()]

    while deal.phase == "playing":
        if not deal.current_trick:
            for viewer in SEATS:
                view = deal.view(viewer)
                hand, played, unseen = set(view.hand), set(view.played), set(view.unseen)
                assert hand | played | unseen == set(Card.deck())
                assert len(hand) + len(played) + len(unseen) == 52
                assert played == played_cards(deal)
                for seat in SEATS:
                    held = {c.suit for c in deal.hand(seat)}
                    assert not set(view.voids[seat]) & held, "a void must be true"
                    if seat != viewer:
                        assert shown_voids[seat] <= set(view.voids[seat])
                takers = [s for s in SEATS if deal.points_taken[s] > 0]
                assert view.moon_threat == (takers[0] if len(takers) == 1 else None)
        seat = deal.turn
        led = deal.current_trick[0][1].suit if deal.current_trick else None
        chosen = rng.choice(deal.legal_cards(seat))
        if led and chosen.suit != led:
            shown_voids[seat].add(led)
        deal.play(seat, chosen)

    assert_finished_deal_obeys_the_rules(deal)
