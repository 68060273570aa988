"""One hand (« manche »): the pass, then 13 tricks, then its scores."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import cast

from .cards import (
    CARDS,
    FULL_DECK,
    HEARTS,
    QUEEN_OF_SPADES_BIT,
    SUITS,
    TWO_OF_CLUBS_BIT,
    Card,
    as_card,
    cards_of,
    mask_of,
)
from .direction import PassDirection
from .errors import IllegalMove, wrong_phase
from .phase import Phase
from .rules import NO_LEAD, legal_mask, moon_scores, points_of, refusal, trick_winner
from .trick import Trick
from .view import PlayerView, derive_voids, moon_threat

PASSING, PLAYING, FINISHED = Phase.PASSING, Phase.PLAYING, Phase.FINISHED


def deal_hands(rng: random.Random | int | None = None) -> list[list[Card]]:
    """Shuffle and deal 13 cards to each seat; `rng` may be a Random, a seed or None."""
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    draw = rng.random
    # Sorting by random keys is a uniform shuffle, and faster than rng.shuffle.
    deck = sorted(CARDS, key=lambda _: draw())
    return [sorted(deck[first : first + 13], key=_by_index) for first in (0, 13, 26, 39)]


_by_index = attrgetter("index")


def _check_seat(seat: object) -> int:
    if seat.__class__ is not int or not 0 <= seat <= 3:
        raise IllegalMove("bad_seat")
    return seat


class Deal:
    """A hand in progress. Every method that refuses raises `IllegalMove` and changes nothing.

    Two ways to move it on: `after_pass` / `after_play` return a new deal and leave this one
    as it was (what the site, the replay and the analysis use: a position is a value), and
    `submit_pass` / `play` change this deal in place, the fast path for loops that own their
    deal (a bot's or the arena's playouts, `replay`). `copy()` is cheap: a few lists of ints.
    """

    __slots__ = (
        "_dealt",
        "_hands",
        "_hearts_broken",
        "_lead_suit",
        "_legal",
        "_passes",
        "_phase",
        "_points",
        "_queen_played",
        "_received",
        "_target",
        "_totals",
        "_trick",
        "_tricks",
        "_turn",
        "direction",
    )

    direction: PassDirection
    _dealt: tuple[int, ...]  # the four hands as dealt, before the pass
    _hands: list[int]  # what each seat holds now
    _passes: list[int | None]  # the three cards each seat passes, None until chosen
    _received: list[int | None]  # the three cards each seat was passed, None until the swap
    _trick: list[tuple[int, Card]]  # the trick being played: (seat, card) in order
    _tricks: list[Trick]
    _lead_suit: int  # a suit index, or NO_LEAD
    _legal: int | None  # the legal cards of the seat to play, None until computed
    _hearts_broken: bool
    _queen_played: bool
    _points: list[int]  # points taken by each seat in this hand
    _totals: tuple[int, ...] | None
    _target: int | None
    _phase: Phase
    _turn: int | None

    def __init__(self) -> None:
        raise TypeError("use Deal.start(hands, direction)")

    @classmethod
    def start(
        cls,
        hands: Sequence[Iterable[Card | str]],
        direction: PassDirection = PassDirection.LEFT,
        *,
        totals: Sequence[int] | None = None,
        target: int | None = None,
    ) -> Deal:
        """A new deal from four hands of 13 cards that together make the deck."""
        masks = []
        for cards in hands:
            cards = list(cards)
            try:
                # Cards usually: try them as such; a code (a str, no `.bit`) lands in except.
                mask = mask_of(cast("list[Card]", cards))
            except AttributeError:
                mask = mask_of(as_card(card) for card in cards)
            if len(cards) != 13 or mask.bit_count() != 13:
                raise ValueError("each hand must hold 13 distinct cards")
            masks.append(mask)
        if len(masks) != 4 or masks[0] | masks[1] | masks[2] | masks[3] != FULL_DECK:
            raise ValueError("four hands must share the 52 cards")
        if not isinstance(direction, PassDirection):
            direction = PassDirection(direction)
        deal = object.__new__(cls)
        deal.direction = direction
        deal._dealt = tuple(masks)
        deal._hands = masks
        deal._passes = [None] * 4
        deal._received = [None] * 4
        deal._trick = []
        deal._tricks = []
        deal._lead_suit = NO_LEAD
        deal._legal = None
        deal._hearts_broken = False
        deal._queen_played = False
        deal._points = [0, 0, 0, 0]
        deal._totals = tuple(totals) if totals is not None else None
        deal._target = target
        if direction is PassDirection.NONE:
            deal._begin_play()
        else:
            deal._phase = PASSING
            deal._turn = None
        return deal

    @classmethod
    def resume(cls, view: PlayerView, hands: Sequence[Iterable[Card | str]]) -> Deal:
        """The position `view` shows, with the four hands now held being `hands`: the view's
        own hand for its seat and, for the others, one world of the cards it cannot see (as a
        determinizing search draws them). The cards already played stay where they were
        played; `dealt_hands` are the hands the world implies (held + played by each seat).
        `ValueError` unless the hands are the view's unseen cards in the right numbers."""
        if view.phase != PLAYING:
            raise ValueError("a deal resumes only in the playing phase")
        masks = [mask_of(as_card(card) for card in cards) for cards in hands]
        if len(masks) != 4 or masks[view.seat] != mask_of(view.hand):
            raise ValueError("the view's seat must hold the view's hand")
        played = [0, 0, 0, 0]
        for seat, card in view.plays:
            played[seat] |= card.bit
        in_trick = {seat for seat, _ in view.current_trick}
        held = 13 - len(view.tricks)
        for seat in range(4):
            size = held - (seat in in_trick)
            if masks[seat].bit_count() != size:
                raise ValueError(f"seat {seat} must hold {size} cards")
        if masks[0] | masks[1] | masks[2] | masks[3] != FULL_DECK & ~mask_of(view.played):
            raise ValueError("the hands must share the cards not played yet")
        deal = object.__new__(cls)
        deal.direction = view.direction
        deal._dealt = tuple(masks[seat] | played[seat] for seat in range(4))
        deal._hands = masks
        deal._passes = [None] * 4
        deal._received = [None] * 4
        if view.passed is not None:
            deal._passes[view.seat] = mask_of(view.passed)
        if view.received is not None:
            deal._received[view.seat] = mask_of(view.received)
        deal._trick = list(view.current_trick)
        deal._tricks = list(view.tricks)
        deal._lead_suit = view.current_trick[0][1].suit_index if view.current_trick else NO_LEAD
        deal._legal = None
        deal._hearts_broken = view.hearts_broken
        deal._queen_played = view.queen_played
        deal._points = list(view.points_taken)
        deal._totals = view.totals
        deal._target = view.target
        deal._phase = PLAYING
        deal._turn = view.turn
        return deal

    def copy(self) -> Deal:
        """An independent deal at the same position."""
        twin = object.__new__(Deal)
        for name in Deal.__slots__:
            setattr(twin, name, getattr(self, name))
        twin._hands = self._hands.copy()
        twin._passes = self._passes.copy()
        twin._received = self._received.copy()
        twin._trick = self._trick.copy()
        twin._tricks = self._tricks.copy()
        twin._points = self._points.copy()
        return twin

    def after_pass(self, seat: int, cards: Iterable[Card | str]) -> Deal:
        """A new deal where `seat` has chosen `cards` to pass; this one is left unchanged."""
        twin = self.copy()
        twin.submit_pass(seat, cards)
        return twin

    def after_play(self, seat: int, card: Card | str) -> Deal:
        """A new deal where `seat` has played `card`; this one is left unchanged."""
        twin = self.copy()
        twin.play(seat, card)
        return twin

    # -- passing ---------------------------------------------------------------------------

    def submit_pass(self, seat: int, cards: Iterable[Card | str]) -> None:
        """Choose (or change) the three cards a seat passes; the last choice triggers the swap."""
        _check_seat(seat)
        if self._phase != PASSING:
            raise wrong_phase(self._phase, "pass")
        try:
            chosen = list(cards)
            # Cards usually: try them as such; a code (a str, no `.bit`) lands in except.
            mask = mask_of(cast("list[Card]", chosen))
        except TypeError:
            raise IllegalMove("bad_pass") from None
        except AttributeError:
            try:
                mask = mask_of(as_card(card) for card in chosen)
            except (ValueError, TypeError, AttributeError):
                raise IllegalMove("bad_pass") from None
        if len(chosen) != 3 or mask.bit_count() != 3 or mask & ~self._hands[seat]:
            raise IllegalMove("bad_pass")
        self._passes[seat] = mask
        if None not in self._passes:
            self._exchange()

    def pass_submitted(self, seat: int) -> bool:
        return self._passes[_check_seat(seat)] is not None

    def passed(self, seat: int) -> list[Card] | None:
        mask = self._passes[_check_seat(seat)]
        return None if mask is None else cards_of(mask)

    def received(self, seat: int) -> list[Card] | None:
        mask = self._received[_check_seat(seat)]
        return None if mask is None else cards_of(mask)

    def _exchange(self) -> None:
        offset = self.direction.offset
        hands = self._hands
        # submit_pass swaps once every seat has chosen: no None is left.
        passes = [mask for mask in self._passes if mask is not None]
        for seat in range(4):
            hands[seat] &= ~passes[seat]
        for seat in range(4):
            receiver = (seat + offset) % 4
            hands[receiver] |= passes[seat]
            self._received[receiver] = passes[seat]
        self._begin_play()

    def _begin_play(self) -> None:
        self._phase = PLAYING
        self._turn = next(seat for seat in range(4) if self._hands[seat] & TWO_OF_CLUBS_BIT)

    # -- playing ---------------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def turn(self) -> int | None:
        return self._turn

    def hand(self, seat: int) -> list[Card]:
        return cards_of(self._hands[_check_seat(seat)])

    @property
    def dealt_hands(self) -> list[list[Card]]:
        return [cards_of(mask) for mask in self._dealt]

    def legal_cards(self, seat: int) -> list[Card]:
        if seat != self._turn:
            _check_seat(seat)
            return []
        legal = self._legal
        if legal is None:
            legal = self._legal = legal_mask(
                self._hands[seat], self._lead_suit, not self._tricks, self._hearts_broken
            )
        return cards_of(legal)

    def check_play(self, seat: int, card: Card | str) -> IllegalMove | None:
        """The reason `play(seat, card)` would be refused, or None if it would be accepted."""
        try:
            self._playable(seat, card)
        except IllegalMove as refused:
            return refused
        return None

    def _playable(self, seat: int, card: Card | str) -> Card:
        """The card to play, validated; kept lean because every playout goes through it."""
        if seat != self._turn or seat.__class__ is not int:
            _check_seat(seat)
            if self._phase != PLAYING:
                raise wrong_phase(self._phase, "play")
            raise IllegalMove("not_your_turn")
        if card.__class__ is not Card:
            try:
                card = as_card(card)
            except (ValueError, TypeError):
                raise IllegalMove("card_not_in_hand") from None
        bit = card.bit
        hand = self._hands[seat]
        if not hand & bit:
            raise IllegalMove("card_not_in_hand")
        legal = self._legal
        if legal is None:
            legal = self._legal = legal_mask(
                hand, self._lead_suit, not self._tricks, self._hearts_broken
            )
        if not legal & bit:
            raise refusal(hand, self._lead_suit, not self._tricks, bit)
        return card

    def play(self, seat: int, card: Card | str) -> None:
        """Play in place (the fast path: see the class docstring); refused as `check_play`."""
        if seat != self._turn or card.__class__ is not Card or seat.__class__ is not int:
            card = self._playable(seat, card)
        legal = self._legal
        if legal is None:
            legal = legal_mask(
                self._hands[seat], self._lead_suit, not self._tricks, self._hearts_broken
            )
        bit = card.bit
        if not legal & bit:
            self._playable(seat, card)
        self._hands[seat] ^= bit
        self._legal = None
        trick = self._trick
        trick.append((seat, card))
        if card.suit_index == HEARTS:
            self._hearts_broken = True
        elif bit == QUEEN_OF_SPADES_BIT:
            self._queen_played = True
        played = len(trick)
        if played == 1:
            self._lead_suit = card.suit_index
        if played < 4:
            self._turn = (seat + 1) & 3
        else:
            self._close_trick(trick)

    def _close_trick(self, trick: list[tuple[int, Card]]) -> None:
        winner = trick_winner(trick)
        points = points_of(trick[0][1].bit | trick[1][1].bit | trick[2][1].bit | trick[3][1].bit)
        # tuple.__new__ skips the NamedTuple constructor: this runs 13 times in every playout.
        self._tricks.append(tuple.__new__(Trick, (trick[0][0], tuple(trick), winner, points)))
        self._points[winner] += points
        self._trick = []
        self._lead_suit = NO_LEAD
        if len(self._tricks) == 13:
            self._phase = FINISHED
            self._turn = None
        else:
            self._turn = winner

    # -- what the table shows ----------------------------------------------------------------

    @property
    def current_trick(self) -> list[tuple[int, Card]]:
        return list(self._trick)

    @property
    def tricks(self) -> list[Trick]:
        return list(self._tricks)

    @property
    def hearts_broken(self) -> bool:
        return self._hearts_broken

    @property
    def queen_played(self) -> bool:
        return self._queen_played

    @property
    def points_taken(self) -> list[int]:
        return list(self._points)

    @property
    def lead_suit(self) -> str | None:
        return None if self._lead_suit == NO_LEAD else SUITS[self._lead_suit]

    @property
    def queen_taker(self) -> int | None:
        """The seat whose trick holds the Q♠, once that trick is complete."""
        for trick in self._tricks:
            if any(card.bit == QUEEN_OF_SPADES_BIT for _, card in trick.plays):
                return trick.winner
        return None

    @property
    def moon_shooter(self) -> int | None:
        if self._phase != FINISHED:
            return None
        return moon_scores(self._points)[1]

    def scores(self) -> list[int]:
        """The hand's scores with the moon applied; only once all 13 tricks are played."""
        if self._phase != FINISHED:
            raise wrong_phase(self._phase, "scores")
        return moon_scores(self._points)[0]

    def view(self, seat: int) -> PlayerView:
        """What `seat` may know: its own cards and passes, and everything played in the open."""
        _check_seat(seat)
        hand = self._hands[seat]
        played = FULL_DECK
        for mask in self._hands:
            played &= ~mask
        tricks = tuple(self._tricks)
        current = tuple(self._trick)
        passed, received = self._passes[seat], self._received[seat]
        return PlayerView(
            seat=seat,
            phase=self._phase,
            direction=self.direction,
            turn=self._turn,
            hand=tuple(cards_of(hand)),
            legal=tuple(self.legal_cards(seat)),
            passed=None if passed is None else tuple(cards_of(passed)),
            received=None if received is None else tuple(cards_of(received)),
            pass_submitted=passed is not None,
            tricks=tricks,
            current_trick=current,
            points_taken=tuple(self._points),
            hearts_broken=self._hearts_broken,
            queen_played=self._queen_played,
            totals=self._totals,
            target=self._target,
            played=frozenset(cards_of(played)),
            unseen=frozenset(cards_of(FULL_DECK & ~played & ~hand)),
            voids=derive_voids(tricks, current),
            moon_threat=moon_threat(self._points),
        )

    def __repr__(self) -> str:
        return f"<Deal {self._phase} {self.direction.name} tricks={len(self._tricks)}>"
