"""Hand-built positions for the behaviour tests: four full hands and the cards played so far.

Each position stops when a given seat (always seat 1 here) has to choose.
"""

from __future__ import annotations

from game.engine import Deal, PlayerView
from tests.game.bots.helpers import full_deal
from tests.game.engine.builders import play

# Seat 1 holds the Q♠ and no diamond; seat 2 wins the first trick with the A♣ and leads the 8♦.
QUEEN_AND_NO_DIAMOND = {
    0: "2C 3C 4C 5C 2D 3D 4D 5D 6D 7D 2S 3S 4S",
    1: "6C QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
    2: "AC 8D 9D TD JD QD KD AD 5S 6S 7S 8S 9S",
    3: "7C 8C 9C TC JC QC KC KH AH TS JS KS AS",
}
# The same with the Q♠ in seat 0's hand and a low spade in seat 1's.
HEARTS_AND_NO_DIAMOND = {
    0: "2C 3C 4C 5C 2D 3D 4D 5D 6D 7D QS 3S 4S",
    1: "6C 2S 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
    2: "AC 8D 9D TD JD QD KD AD 5S 6S 7S 8S 9S",
    3: "7C 8C 9C TC JC QC KC KH AH TS JS KS AS",
}
DIAMOND_LED = "2C 6C AC 7C 8D 8C 2D"

# Seat 1 holds 3♦ 8♦ J♦ K♦; seat 2 wins the first trick with the A♣ and leads the 9♦.
DIAMONDS_TO_DUCK = {
    0: "2C 3C 4C 5C 6C 7C 8C 9C 2H 3H 4H 5H 6H",
    1: "TC 3D 8D JD KD 7H 8H 9H 2S 3S 4S 5S 6S",
    2: "AC 9D TD QD AD 2D 4D TH JH 7S 8S 9S TS",
    3: "JC QC KC 5D 6D 7D QH KH AH JS QS KS AS",
}
NINE_OF_DIAMONDS_AND_A_HEART = "2C TC AC JC 9D 5D 2H"
NINE_OF_DIAMONDS_CLEAN = "2C TC AC JC 9D 5D 9C"

# Seat 1 wins the first trick with the A♣ and leads: five low spades, the Q♠ is out.
LOW_SPADES_TO_LEAD = {
    0: "2C 3C 4C 5C 6C 7C 8C 9C 2H 3H 4H 5H 6H",
    1: "AC 3D 8D JD KD 7H 8H 9H 2S 3S 4S 5S 6S",
    2: "TC 9D TD QD AD 2D 4D TH JH 7S 8S 9S TS",
    3: "JC QC KC 5D 6D 7D QH KH AH JS QS KS AS",
}
FIRST_TRICK_TO_SEAT_1 = "2C AC TC JC"

# Seat 3 takes the Q♠ and three hearts, then leads the 9♥: it alone has all 16 points so far.
RUNNING_FOR_THE_MOON = {
    0: "2C 3C 4C 5C 6C 7C 2D 3D 4D QS 3H 5H 6H",
    1: "8C 9C 5D 6D 7D 8D 3S 4S 5S 7H 8H TH KH",
    2: "TC JC 9D TD JD QD KD AD 2H 4H JH QH AH",
    3: "QC KC AC 2S 6S 7S 8S 9S TS JS KS AS 9H",
}
SEAT_3_TAKES_SIXTEEN = "2C 8C TC AC AS QS 3S 2H KS 3H 4S 4H 9H 5H"

# An overwhelming hand: A♣ K♣ A♦, hearts from the ace down to the 10 with the 5 and the 3,
# and A♠ K♠ Q♠. Played to duck, it lets the low hearts go and ends near 20 points.
MOON_HAND = "AC KC AD AH KH QH JH TH 5H 3H AS KS QS"


def position(hands: dict[int, str], codes: str) -> Deal:
    return play(full_deal(hands), codes)


def view_of_seat_1(hands: dict[int, str], codes: str) -> PlayerView:
    deal = position(hands, codes)
    assert deal.turn == 1
    return deal.view(1)
