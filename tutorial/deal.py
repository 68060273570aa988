"""The tutorial's deal: the same for every learner.

Found by tutorial.dealsearch: shuffle 593 ranked third of 1500 (`--deals 1500 --screen 24`)
with « Se défausser » met by only 92 % of the learners who play at random, then improved by
`--adjust 593 --swaps 60 --screen 40` (three of your cards swapped). With the « Normal »
bots, every note arises while the hand is played for 100 % of 400 learners of each kind
(at random, following « Indice », keeping high cards: `--report`), nobody shoots the moon,
and a learner who follows « Indice » takes no point.

Hugo holds the 2♣ and leads; Chloé, who plays before you, passes you clubs and has none left
for the first trick, so the first-trick rule is on the table when you play your first card.
You hold the A♥ and the 10♥: the passing note has something to point at.

Following « Indice », the notes arise in this order, one group per moment:
    welcome, passing | received, two_of_clubs, following, first_trick | trick, queen |
    moon | void | hearts | scoring
"""

from __future__ import annotations

from game.engine import Card

# The game's seed: the bots and « Indice » are made from it (play.services, play.table).
TUTORIAL_SEED = 20_240_601
# The bots' level the deal was chosen with (tutorial.dealsearch): its lessons depend on it.
TUTORIAL_LEVEL = "normal"

# Seats 0..3: you, Léa (left), Hugo (across), Chloé (right).
HANDS = (
    "5C 6C 9C 2D 3D 5D 6D AD 7H TH AH 2S 4S",
    "4C KC AC 4D 9D TD JD 3H KH 3S 6S KS AS",
    "2C 7C 8C TC JC 4H 5H 8H JH QH 7S 9S QS",
    "3C QC 7D 8D QD KD 2H 6H 9H 5S 8S TS JS",
)

# What a learner who follows « Indice » is told, moment by moment (tests/tutorial).
HINT_PATH = (
    ("welcome", "passing"),
    ("received", "two_of_clubs", "following", "first_trick"),
    ("trick", "queen"),
    ("moon",),
    ("void",),
    ("hearts",),
    ("scoring",),
)


def tutorial_hands() -> list[list[Card]]:
    return [[Card.from_code(code) for code in hand.split()] for hand in HANDS]
