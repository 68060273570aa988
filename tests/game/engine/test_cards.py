import random

import pytest

from game.engine import Card
from tests.game.engine.builders import RANKS, SUITS


def test_a_card_is_read_from_its_code_and_gives_it_back():
    queen = Card.from_code("QS")

    assert queen.code == "QS"
    assert str(queen) == "QS"
    assert queen.rank == "Q"
    assert queen.suit == "S"


def test_ten_is_written_t():
    assert Card.from_code("TH").code == "TH"
    assert Card.from_code("TH").rank == "T"


@pytest.mark.parametrize("code", ["qs", "Qs", "qS", "th", "2c"])
def test_lower_case_codes_are_accepted(code):
    assert Card.from_code(code) is Card.from_code(code.upper())


@pytest.mark.parametrize(
    "code", ["", "Q", "QSS", "1S", "10S", "QX", "XS", "SQ", "ZZ", "JK", "♠Q", "Q♠", "2 C"]
)
def test_a_bad_code_raises_value_error(code):
    with pytest.raises(ValueError):
        Card.from_code(code)


def test_card_constructor_gives_the_same_singleton():
    assert Card("Q", "S") is Card.from_code("QS")
    assert Card("2", "C") is Card.from_code("2c")


def test_there_are_52_singletons_in_suit_then_rank_order():
    deck = Card.deck()

    assert len(deck) == 52
    assert len(set(deck)) == 52
    assert [c.code for c in deck] == [rank + suit for suit in SUITS for rank in RANKS]
    for code in (c.code for c in deck):
        assert Card.from_code(code) is Card.from_code(code.lower())


def test_index_is_the_position_in_the_deck():
    deck = Card.deck()

    assert [c.index for c in deck] == list(range(52))
    assert Card.from_code("2C").index == 0
    assert Card.from_code("2D").index == 13
    assert Card.from_code("AS").index == 51


def test_cards_order_by_suit_clubs_diamonds_hearts_spades_then_rank():
    assert Card.from_code("AC") < Card.from_code("2D")
    assert Card.from_code("AD") < Card.from_code("2H")
    assert Card.from_code("AH") < Card.from_code("2S")
    assert Card.from_code("9H") < Card.from_code("TH") < Card.from_code("JH")
    assert Card.from_code("QS") < Card.from_code("KS") < Card.from_code("AS")
    assert Card.from_code("AS") > Card.from_code("2C")
    shuffled = Card.deck()
    random.Random(7).shuffle(shuffled)
    assert sorted(shuffled) == Card.deck()


def test_cards_are_hashable_and_equal_only_to_themselves():
    queen = Card.from_code("QS")
    by_card = {queen: "dame"}

    assert by_card[Card("Q", "S")] == "dame"
    assert hash(queen) == hash(Card.from_code("qs"))
    assert queen == Card.from_code("QS")
    assert queen != Card.from_code("QH")
    assert queen != Card.from_code("KS")
    assert queen != "QS"


def test_a_heart_is_worth_one_point_and_the_queen_of_spades_thirteen():
    assert all(Card.from_code(rank + "H").points == 1 for rank in RANKS)
    assert Card.from_code("QS").points == 13
    for code in ("KS", "AS", "JS", "QC", "QD", "2C", "AD"):
        assert Card.from_code(code).points == 0
    assert sum(c.points for c in Card.deck()) == 26
