"""Why a choice cost points, and its class, on hand-built positions
(review.analysis, review.reasons, review.wording)."""

from __future__ import annotations

import pytest
from django.utils import translation

from game.bots.levels.hard import LIGHT_TREE_ITERATIONS
from game.engine import Card, Move as EngineMove, PassDirection
from play.models import Hand
from play.seating import SOLO_PERSPECTIVE
from play.steps import HandRecord
from review import analysis
from review.analysis import Analysis, Choice, analyse
from review.grades import Severity
from review.links import ReplayLinks
from review.moments import present
from review.reasons import CardStats, Reason, ReasonKey, pass_reasons, play_reasons

# Hugo takes the first trick with the A♣ and leads the ♠3; Chloé's only spade is the Q♠,
# so she must drop it; you hold the A♠ and the 2♠: the ace takes 13 points, the 2 nothing.
# Your hearts are the low ones: taking her would start no moon (with the six top hearts it
# would, and Difficile rightly takes her then).
QUEEN_TRAP = [
    "4C TC JC QC KC AS 2S 3H 4H 5H 6H 7H 8H",
    "2C 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    "AC 3S 4S 5S 6S 7S 8S 9S TS JS KS AD 2H",
    "3C 5C 6C 7C 8C 9C QS 9H TH JH QH KH AH",
]
# Chloé takes the first trick with the A♣ and leads the K♣; you have no club left.
FIRST_TRICK = [(1, "2C"), (2, "4C"), (3, "AC"), (0, "5C"), (3, "KC")]
# You hold the Q♠ with nothing to hide her under (the A♠ and K♠ will be led into her).
UNGUARDED_QUEEN = [
    "5C QS KS AS 2D 3D 4D 5D 6D 2H 3H 4H 5H",
    "2C 3C 6C 7C 8C 9C 2S 3S 4S 5S 6S 7S 8S",
    "4C TC JC QC 9S TS JS 7D 8D 9D TD JD QD",
    "AC KC KD AD 6H 7H 8H 9H TH JH QH KH AH",
]
# You hold the six top hearts and the top diamonds: the moon is yours to shoot.
MOON_HAND = [
    "5C QS AD KD QD JD TD AH KH QH JH TH 9H",
    "2C 3C 6C 7C 8C 9C 2S 3S 4S 5S 6S 7S 8S",
    "4C TC JC QC 9S TS JS KS AS 2D 3D 4D 5D",
    "AC KC 6D 7D 8D 9D 2H 3H 4H 5H 6H 7H 8H",
]


def last_choice(dealt: list[str], plays: list[tuple[int, str]]) -> Choice:
    hand = Hand(number=4, direction="none", dealt=dealt)
    moves = [EngineMove.playing(seat, code) for seat, code in plays]
    record = HandRecord(
        hand=hand, dealt=hand.dealt_cards(), direction=PassDirection.NONE, moves=moves
    )
    return analyse(record, seed=5).choices[-1]


def test_taking_the_queens_trick_with_the_ace_is_told_as_the_trick_it_costs():
    plays = [(1, "2C"), (2, "AC"), (3, "3C"), (0, "4C"), (2, "3S"), (3, "QS"), (0, "AS")]

    choice = last_choice(QUEEN_TRAP, plays)

    assert choice.suggested == ("2S",)
    assert choice.reasons[0] == Reason(ReasonKey.TRICK, points=13)
    # About the queen's 13 points lost on average: far past the blunder threshold (7).
    assert choice.loss > 10
    assert choice.severity is Severity.BLUNDER


def test_the_suggestions_are_difficiles_at_the_lighter_tree_budget(monkeypatch):
    # The full budget takes a hand's first analysis past 3 s (docs/performance.md).
    made = []
    real_make_bot = analysis.make_bot

    def recording(level, seed=None, **options):
        made.append((level, options))
        return real_make_bot(level, seed, **options)

    monkeypatch.setattr(analysis, "make_bot", recording)
    last_choice(QUEEN_TRAP, [(1, "2C"), (2, "AC"), (3, "3C"), (0, "4C"), (2, "3S"), (3, "QS")])

    assert [options for level, options in made if level == "hard"] == [
        {"samples": LIGHT_TREE_ITERATIONS}
    ]


def test_keeping_an_unguarded_queen_when_she_could_go_is_a_blunder():
    choice = last_choice(UNGUARDED_QUEEN, [*FIRST_TRICK, (0, "2D")])

    assert choice.suggested == ("QS",)
    assert choice.reasons == (Reason(ReasonKey.DROP_QUEEN),)
    assert choice.severity is Severity.BLUNDER


def test_giving_a_heart_away_is_the_moon_you_miss():
    choice = last_choice(MOON_HAND, [*FIRST_TRICK, (0, "9H")])

    assert choice.reasons[0] == Reason(ReasonKey.OWN_MOON)
    assert choice.severity is Severity.BLUNDER


def test_a_choice_that_costs_nothing_is_not_a_key_moment():
    choice = last_choice(UNGUARDED_QUEEN, [*FIRST_TRICK, (0, "QS")])

    assert not choice.differs and choice.severity is None and choice.reasons == ()


def stats(
    points: float = 5,
    queen: float = 0,
    moons: tuple[float, float, float, float] = (0, 0, 0, 0),
    trick: float = 0,
    hearts: float = 3,
) -> CardStats:
    return CardStats(points=points, queen=queen, moons=moons, trick=trick, hearts=hearts)


def cards(codes: str) -> list[Card]:
    return [Card.from_code(code) for code in codes.split()]


def test_the_card_that_lets_lea_take_every_point_is_told_by_her_moon():
    reasons = play_reasons(
        stats(points=14, moons=(0, 0.5, 0, 0)),
        stats(points=3),
        Card.from_code("2H"),
        Card.from_code("AH"),
        cards("2H AH 3C"),
    )

    assert reasons == (Reason(ReasonKey.MOON, seat=1),)


def test_a_small_spade_spent_too_early_is_told_as_the_spade_to_keep():
    reasons = play_reasons(
        stats(points=9, queen=0.6),
        stats(points=2, queen=0.05),
        Card.from_code("3S"),
        Card.from_code("4D"),
        cards("3S AS 4D 9H"),
    )

    assert reasons == (Reason(ReasonKey.LOW_SPADE),)


def test_the_trick_and_the_moon_are_both_told_the_larger_first():
    reasons = play_reasons(
        stats(points=20, trick=6, hearts=8, moons=(0, 0, 0, 0.4)),
        stats(points=4, trick=0, hearts=2),
        Card.from_code("KH"),
        Card.from_code("2H"),
        cards("KH 2H"),
    )

    assert reasons == (Reason(ReasonKey.MOON, seat=3), Reason(ReasonKey.TRICK, points=6))


def test_a_pass_that_keeps_the_queen_says_so():
    hand = cards("QS 3S AH KH 2C 3C 4C 5C 6D 7D 8D 9D TD")

    reasons = pass_reasons(
        stats(points=12, queen=0.7), stats(points=5, queen=0.1), hand[2:5], hand[:3], hand
    )

    assert reasons == (Reason(ReasonKey.PASS_QUEEN),)


def test_a_pass_that_explains_nothing_else_is_told_by_the_void_it_makes():
    hand = cards("QH 3S 4S 2C 3C 4C 5C 6D 7D 8D 9D TD 2H")

    reasons = pass_reasons(stats(points=6), stats(points=4), cards("TD 9D 8D"), hand[1:4], hand)

    assert reasons == (Reason(ReasonKey.VOID, suit="S"),)


def test_a_stored_reason_reads_back_the_same():
    for reason in (Reason(ReasonKey.MOON, seat=2), Reason(ReasonKey.TRICK, points=13)):
        assert Reason.decoded(reason.encoded()) == reason


@pytest.fixture
def french():
    with translation.override("fr"):
        yield


def test_the_moment_says_why_in_words_with_the_seats_name(french):
    hand = Hand(number=1, direction="none", dealt=QUEEN_TRAP)
    record = HandRecord(hand=hand, dealt=hand.dealt_cards(), direction=PassDirection.NONE, moves=[])
    moon = Choice(3, 1, ("2H",), ("AH",), 4.0, (Reason(ReasonKey.MOON, seat=1),))
    trick = Choice(7, 2, ("AS",), ("2S",), 7.5, (Reason(ReasonKey.TRICK, points=13),))
    view = present(Analysis((moon, trick)), record, ReplayLinks(1), 7, perspective=SOLO_PERSPECTIVE)

    first, second = view.moments
    assert first.better == ["L’♥A arrête la lune de Léa."]
    assert first.risked == ["Votre ♥2 laisse Léa faire la lune."]
    assert (first.symbol, first.label) == ("?", "Erreur")
    assert second.risked == ["Votre ♠A prend un pli qui va coûter 13 points."]
    assert second.better == ["Le ♠2 laisse ce pli à un autre."]
    assert (second.symbol, second.label) == ("??", "Gaffe")
    assert view.here == second and view.accuracy == 0
