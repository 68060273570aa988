"""The tutorial's deal (tutorial.deal) still teaches what it was chosen for: with the
« Normal » bots, every note arises while the hand is played, whatever the learner picks."""

from __future__ import annotations

import pytest

from game.engine import Card, Deal, PassDirection
from tutorial.deal import HANDS, HINT_PATH, TUTORIAL_SEED, tutorial_hands
from tutorial.dealsearch import learners, run
from tutorial.notes import NOTES


def test_the_deal_is_a_whole_deck_in_four_hands():
    hands = tutorial_hands()
    assert sorted(card for hand in hands for card in hand) == Card.deck()
    Deal.start(hands, PassDirection.LEFT)
    assert "2C" not in HANDS[0].split()  # your first card follows clubs


def test_following_the_hint_brings_the_notes_in_the_expected_order():
    result = run(tutorial_hands(), "hint", learners(TUTORIAL_SEED)["hint"](), seed=TUTORIAL_SEED)
    assert [tuple(item.key for item in notes) for notes in result.arisen] == list(HINT_PATH)
    assert result.scores[0] == 0  # a learner who follows « Indice » takes no point


@pytest.mark.parametrize("name", list(learners(TUTORIAL_SEED)))
def test_every_note_arises_while_the_deal_is_played(name):
    learner = learners(TUTORIAL_SEED)[name]()
    result = run(tutorial_hands(), name, learner, seed=TUTORIAL_SEED)
    assert sorted(result.live, key=NOTES.index) == list(NOTES)
    assert not result.moon
