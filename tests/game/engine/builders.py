"""Small builders for the engine tests: hand-built deals, plays by card code, snapshots."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from enum import Enum

from game.engine import Card, Deal, PassDirection

SEATS = (0, 1, 2, 3)
SUITS = "CDHS"
RANKS = "23456789TJQKA"

# The codes of the rules a seat may break by choosing the wrong card on its turn.
PLAY_RULE_CODES = frozenset(
    {"must_lead_two_of_clubs", "must_follow_suit", "no_points_first_trick", "hearts_not_broken"}
)

VIEW_FIELDS = (
    "seat",
    "phase",
    "direction",
    "turn",
    "hand",
    "legal",
    "passed",
    "received",
    "pass_submitted",
    "tricks",
    "current_trick",
    "points_taken",
    "hearts_broken",
    "queen_played",
    "totals",
    "target",
    "lead_suit",
    "is_first_trick",
    "played",
    "unseen",
    "voids",
    "moon_threat",
)


def suit(letter: str) -> str:
    """The 13 codes of one suit, low to high, e.g. suit("H") == "2H 3H … AH"."""
    return " ".join(rank + letter for rank in RANKS)


# Every seat holds all four suits; seat 0 holds 2♣. Scripted tricks on it, in play order:
ALL_SUITS_HANDS = {
    0: "2C 3C 4C 5C 6C 5D 6D 7D 2S 3S 4S 2H 3H",
    1: "7C 8C 9C TC 8D 9D TD 5S 6S 7S 4H 5H 6H",
    2: "JC QC KC JD QD KD AD 8S 9S TS 7H 8H 9H",
    3: "AC 2D 3D 4D JS QS KS AS TH JH QH KH AH",
}
TRICK_1 = "2C 7C JC AC"  # seat 3 wins, no points
TRICK_2 = "2D 5D 8D AD"  # seat 3 leads, seat 2 wins
TRICK_3 = "KC TH 3C 8C"  # seat 2 wins; seat 3 discards a heart: hearts open, 1 point
TRICK_4 = "7H JH 2H 4H"  # seat 3 wins 4 points

# Lowest-card play: seat 1 wins trick 1 with A♣ (one heart), seat 0 wins trick 2 with A♦
# (one heart) and then every trick, the Q♠ among them: 25 and 1, no moon.
SPLIT_HANDS = {
    0: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AD",
    1: "AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    2: suit("H"),
    3: suit("S"),
}

# Seat 0 holds every club; the others are void in clubs and hold hearts, Q♠ and safe cards.
VOID_IN_CLUBS_HANDS = {
    0: suit("C"),
    1: "2D 3D 4D 5D 6D 7D 2H 3H 4H 5H 2S 3S QS",
    2: "8D 9D TD JD QD KD AD 6H 7H 8H 9H TH JH",
    3: "QH KH AH 4S 5S 6S 7S 8S 9S TS JS KS AS",
}


def one_suit_hands(clubs_seat: int = 0) -> dict[int, str]:
    """Each seat holds a whole suit: clubs, then diamonds, hearts, spades in play order.
    The clubs seat leads every trick and wins it: lowest-card play makes it shoot the moon."""
    return {(clubs_seat + i) % 4: suit(letter) for i, letter in enumerate(SUITS)}


def card(code: str) -> Card:
    return Card.from_code(code)


def cards(codes: str) -> list[Card]:
    return [Card.from_code(code) for code in codes.split()]


def deal_with(
    hands: Mapping[int, str] | None = None,
    direction: PassDirection = PassDirection.NONE,
    **start_kwargs,
) -> Deal:
    """A deal where each seat holds the given codes, the rest of the deck filled in deck
    order (seat 0 first) so that every seat holds 13 cards."""
    given = {seat: cards(codes) for seat, codes in (hands or {}).items()}
    used = [c for hand in given.values() for c in hand]
    assert len(used) == len(set(used)), "a card is given to two seats"
    taken = set(used)
    rest = [c for c in Card.deck() if c not in taken]
    full = []
    for seat in SEATS:
        hand = list(given.get(seat, []))
        assert len(hand) <= 13, f"seat {seat} is given more than 13 cards"
        missing = 13 - len(hand)
        hand += rest[:missing]
        rest = rest[missing:]
        full.append(hand)
    assert not rest
    return Deal.start(full, direction, **start_kwargs)


def play(deal: Deal, codes: str) -> Deal:
    """Plays the codes in order, each by the seat whose turn it is."""
    for code in codes.split():
        deal.play(deal.turn, card(code))
    return deal


def pass_all(deal: Deal, choices: Mapping[int, str]) -> Deal:
    for seat, codes in choices.items():
        deal.submit_pass(seat, cards(codes))
    return deal


def lowest_legal(legal: list[Card]) -> Card:
    return legal[0]


def play_out(deal: Deal, choose: Callable[[list[Card]], Card] = lowest_legal) -> Deal:
    """Plays the rest of the deal, each seat choosing among its legal cards."""
    for _ in range(52):
        if deal.phase != "playing":
            break
        seat = deal.turn
        deal.play(seat, choose(deal.legal_cards(seat)))
    assert deal.phase == "finished"
    return deal


def played_cards(deal: Deal) -> set[Card]:
    played = {c for trick in deal.tricks for _, c in trick.plays}
    played |= {c for _, c in deal.current_trick}
    return played


def normalise(value):
    """A comparable, hashable form of anything the engine returns."""
    if isinstance(value, (Card, Enum, str, int, float, bool, type(None))):
        return value
    if hasattr(value, "plays") and hasattr(value, "winner"):
        return (
            "trick",
            value.leader,
            normalise(value.plays),
            value.winner,
            value.points,
        )
    if isinstance(value, Mapping):
        return ("map", tuple(sorted((repr(k), normalise(v)) for k, v in value.items())))
    if isinstance(value, (set, frozenset)):
        return frozenset(normalise(v) for v in value)
    if isinstance(value, Iterable):
        return tuple(normalise(v) for v in value)
    return repr(value)


def view_fields(view) -> dict:
    """Every attribute of a view: the documented ones and any other field it carries."""
    names = list(VIEW_FIELDS)
    if dataclasses.is_dataclass(view):
        names += [f.name for f in dataclasses.fields(view)]
    elif hasattr(view, "_fields"):
        names += list(view._fields)
    elif hasattr(view, "__dict__"):
        names += [n for n in vars(view) if not n.startswith("_")]
    return {name: getattr(view, name) for name in dict.fromkeys(names)}


def snapshot(deal: Deal) -> dict:
    """Everything observable about a deal, to check that a refused call changed nothing."""
    return {
        "phase": deal.phase,
        "direction": deal.direction,
        "turn": deal.turn,
        "dealt": normalise(deal.dealt_hands),
        "hands": [tuple(deal.hand(s)) for s in SEATS],
        "legal": [tuple(deal.legal_cards(s)) for s in SEATS],
        "passed": [normalise(deal.passed(s)) for s in SEATS],
        "received": [normalise(deal.received(s)) for s in SEATS],
        "pass_submitted": [deal.pass_submitted(s) for s in SEATS],
        "current_trick": normalise(deal.current_trick),
        "tricks": normalise(deal.tricks),
        "points_taken": tuple(deal.points_taken),
        "hearts_broken": deal.hearts_broken,
        "queen_played": deal.queen_played,
        "moon_shooter": deal.moon_shooter,
        "views": [normalise(view_fields(deal.view(s))) for s in SEATS],
    }


def cards_in(value) -> Iterable[Card]:
    """Every card mentioned anywhere inside a value."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, (Enum, str, bytes, int, float, bool, type(None))):
        return
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from cards_in(key)
            yield from cards_in(item)
    elif hasattr(value, "plays") and hasattr(value, "winner"):
        yield from cards_in(value.plays)
    elif isinstance(value, Iterable):
        for item in value:
            yield from cards_in(item)
    elif dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            yield from cards_in(getattr(value, f.name))


def knowable_by(deal: Deal, seat: int) -> set[Card]:
    """What a seat may know: its hand, every card played, the cards it passed."""
    return set(deal.hand(seat)) | played_cards(deal) | set(deal.passed(seat) or ())


def assert_view_hides_other_hands(deal: Deal) -> None:
    for seat in SEATS:
        view = deal.view(seat)
        assert list(view.hand) == deal.hand(seat)
        fields = view_fields(view)
        # `unseen` is the complement of what the seat knows; it says nothing of who holds what.
        fields.pop("unseen")
        leaked = set(cards_in(fields)) - knowable_by(deal, seat)
        assert not leaked, f"the view of seat {seat} shows {sorted(leaked)}"
