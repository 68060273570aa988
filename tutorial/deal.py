"""The tutorial's deal: the same for every learner.

Found by tutorial.dealsearch (`--deals 3000`: shuffle 100). With the « Normal » bots, all
twelve notes arise while the hand is played by a learner who follows « Indice », by one who
always plays the lowest legal card, by one who always plays the highest, and by four who
play at random. Many deals do that; the script ranked this one fourth, and it was preferred
by hand to the first three because a learner who follows « Indice » takes no point (the
first gave them the Q♠) and the other learners are not crushed (8 points on average,
against 12 to 24 with those three deals).

You (seat 0) hold the Q♠ with a single small spade, and the A♥: the passing note has
something to point at. Chloé holds the 2♣, so your first card follows clubs; Hugo passes
his three clubs away and must discard on the first trick.

Following « Indice », the notes arise in this order, one group per moment:
    welcome, passing | received, two_of_clubs, following | trick, first_trick | void |
    hearts, moon | queen | scoring
"""

from __future__ import annotations

from game.engine import Card

# The game's seed: the bots and « Indice » are made from it (game.services, game.table).
TUTORIAL_SEED = 20_240_601
# The bots' level the deal was chosen with (tutorial.dealsearch): its lessons depend on it.
TUTORIAL_LEVEL = "normal"

# Seats 0..3: you, Léa (left), Hugo (across), Chloé (right).
HANDS = (
    "6C 7C 9C 4D 5D TD 4H 5H 9H JH AH 3S QS",
    "8C QC 2D 3D KD 2H 3H 7H TH QH 5S 7S KS",
    "4C JC AC 7D 8D 9D QD AD 6S 8S TS JS AS",
    "2C 3C 5C TC KC 6D JD 6H 8H KH 2S 4S 9S",
)

# What a learner who follows « Indice » is told, moment by moment (tests/tutorial).
HINT_PATH = (
    ("welcome", "passing"),
    ("received", "two_of_clubs", "following"),
    ("trick", "first_trick"),
    ("void",),
    ("hearts", "moon"),
    ("queen",),
    ("scoring",),
)


def tutorial_hands() -> list[list[Card]]:
    return [[Card.from_code(code) for code in hand.split()] for hand in HANDS]
