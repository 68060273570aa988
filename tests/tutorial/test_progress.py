"""What the learner has been told, rebuilt from a deal's moves (tutorial.notes.follow):
each note once, when it first applies; the notes of the latest moment; and, at the end,
the notes the deal never called for."""

from __future__ import annotations

from game.engine import Card, Move, PassDirection
from tests.game.engine.builders import ALL_SUITS_HANDS, cards, deal_with, play_out
from tutorial.deal import tutorial_hands
from tutorial.dealsearch import Lowest, hint_learner, play_through
from tutorial.notes import NOTES, follow, note

SEED = 1


def hands_of(codes: dict[int, str]) -> list[list[Card]]:
    return [cards(codes[seat]) for seat in range(4)]


def plays(codes: str, hands: dict[int, str] = ALL_SUITS_HANDS) -> list[Move]:
    """The moves of a no-pass hand, each card played by the seat whose turn it was."""
    deal = deal_with(hands)
    moves = []
    for card in cards(codes):
        moves.append(Move.playing(deal.turn, card))
        deal.play(deal.turn, card)
    return moves


def keys(found) -> list[str]:
    return [item.key for item in found]


def test_a_new_deal_welcomes_and_asks_for_the_pass():
    progress = follow(tutorial_hands(), PassDirection.LEFT, [])
    assert keys(progress.new) == ["welcome", "passing"]
    assert keys(progress.seen) == ["welcome", "passing"]
    assert progress.earlier == ()
    assert not progress.finished and progress.missed == ()


def test_the_bots_passes_bring_no_note_of_their_own():
    moves = [Move.passing(seat, tutorial_hands()[seat][:3]) for seat in (1, 2, 3)]
    progress = follow(tutorial_hands(), PassDirection.LEFT, moves)
    assert keys(progress.new) == ["welcome", "passing"]


def test_nothing_new_is_shown_while_the_table_waits_for_the_bots():
    deal_hands = hands_of(ALL_SUITS_HANDS)
    progress = follow(deal_hands, PassDirection.NONE, plays("2C 7C"))
    assert progress.new == ()
    assert keys(progress.seen) == ["welcome", "two_of_clubs"]


def test_notes_already_shown_are_not_shown_again():
    deal_hands = hands_of(ALL_SUITS_HANDS)
    # Chloé won the first trick and leads the second: you follow diamonds.
    progress = follow(deal_hands, PassDirection.NONE, plays("2C 7C JC AC 2D"))
    assert keys(progress.new) == ["following", "trick"]
    assert keys(progress.earlier) == ["welcome", "two_of_clubs"]


def test_the_same_moves_give_the_same_notes():
    """Reloading the page replays the same history: the same card, the same notes."""
    _deal, moves = play_through(tutorial_hands(), hint_learner(SEED), seed=SEED)
    for count in (4, 10, 25):
        first = follow(tutorial_hands(), PassDirection.LEFT, moves[:count])
        again = follow(tutorial_hands(), PassDirection.LEFT, moves[:count])
        assert first == again


def test_each_note_is_shown_exactly_once_over_a_whole_deal():
    _deal, moves = play_through(tutorial_hands(), Lowest(), seed=SEED)
    # The tables the learner sees: each time it is their move, and the hand's end.
    waits = [count for count, move in enumerate(moves) if move.seat == 0] + [len(moves)]
    shown = []
    for count in waits:
        shown += follow(tutorial_hands(), PassDirection.LEFT, moves[:count]).new
    assert sorted(shown, key=NOTES.index) == list(NOTES)


def test_the_notes_a_deal_never_brought_are_listed_once_it_is_over():
    # A no-pass hand never passes nor receives.
    deal_hands = hands_of(ALL_SUITS_HANDS)
    deal = play_out(deal_with(ALL_SUITS_HANDS))
    moves = [Move.playing(seat, card) for trick in deal.tricks for seat, card in trick.plays]
    progress = follow(deal_hands, PassDirection.NONE, moves)
    assert progress.finished
    assert note("scoring") in progress.new
    assert {"passing", "received"} <= set(keys(progress.missed))
    assert set(progress.missed) | set(progress.seen) == set(NOTES)
    assert not set(progress.missed) & set(progress.seen)


def test_notes_are_numbered_in_the_lists_order():
    assert [item.number for item in NOTES] == list(range(1, 13))
    assert len({item.key for item in NOTES}) == 12
