"""The tutorial's deal (tutorial.deal) still teaches what it was chosen for: with the
« Normal » bots, every note arises while the hand is played, whatever the learner picks
(a few dozen learners of each kind here; `python -m tutorial.dealsearch --report` tries
hundreds)."""

from __future__ import annotations

import pytest

from game.engine import Card, Deal, PassDirection
from tutorial.deal import HINT_PATH, tutorial_hands
from tutorial.dealsearch import POLICIES, learner, rate, run
from tutorial.notes import NOTES

LEARNERS = 24
# With so few learners, one miss in a note is allowed (the deal is chosen for ≥ 95 %).
LEAST_RATE = 1 - 1 / LEARNERS - 1e-9


def test_the_deal_is_a_whole_deck_in_four_hands():
    hands = tutorial_hands()
    assert sorted(card for hand in hands for card in hand) == Card.deck()
    Deal.start(hands, PassDirection.LEFT)


def test_following_the_hint_brings_the_notes_in_the_expected_order():
    result = run(tutorial_hands(), learner("hint", 0))
    assert [tuple(item.key for item in notes) for notes in result.arisen] == list(HINT_PATH)
    assert result.scores[0] == 0  # a learner who follows « Indice » takes no point


@pytest.mark.parametrize("policy", POLICIES)
def test_the_learner_who_never_strays_meets_every_note(policy):
    result = run(tutorial_hands(), learner(policy, 0))
    assert sorted(result.live, key=NOTES.index) == list(NOTES)
    assert not result.moon


def test_nearly_every_learner_of_each_kind_meets_every_note_while_playing():
    rating = rate(tutorial_hands(), count=LEARNERS)
    rates = {(policy, note.key): rating.rate(policy, note) for policy in POLICIES for note in NOTES}
    assert {key: value for key, value in rates.items() if value < LEAST_RATE} == {}
