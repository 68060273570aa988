"""Why a choice cost points: what the playouts of the two choices saw differ in.

Both choices (the player's and the better one) are played out over the same sampled worlds
(review.analysis); each playout's end is summed up per choice (`CardStats`): the
player's points, how often they took the Q♠, how often each seat shot the moon, what the
trick being played cost the player, the hearts they took. A reason is the difference that
accounts for most of the loss, in points:

- an opponent's moon: each moon more costs the player 26 points (`MOON`, with the seat);
- the player's own moon: each one missed costs them their 26 points back (`OWN_MOON`);
- the Q♠: 13 points each time the player takes her (`QUEEN`), told as `DROP_QUEEN` when the
  better card is the Q♠ herself, `LOW_SPADE` when the player's card was a small spade they
  needed to get under her, and at the pass as
  `PASS_QUEEN` (the better pass gives her away) or `PASS_HIGH_SPADES` (it gives away the
  A♠/K♠ that would catch her);
- the trick being played: what the player's card makes them take from it (`TRICK`);
- the hearts taken over the hand (`HEARTS`).

At most one of the points the player takes (the Q♠, the trick, the hearts: one often
contains another; the trick, the most concrete, when it explains nearly as much as the
largest) and one moon are kept, each only if it explains a point or more, the larger first.
A pass that explains nothing this way may still be told by the void the better pass makes
(`VOID`); otherwise the reason is the points alone (`POINTS`). Seats are numbers, named at
display (review.moments); the sentences are review.wording's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from game.engine import Card, Deal
from game.engine.cards import QUEEN_OF_SPADES, SUITS
from play.seats import HUMAN

MOON_POINTS = 26
QUEEN_POINTS = 13
# A difference explains a loss only from this many points.
EXPLAINS_FROM = 1.0
# The trick is told rather than the Q♠ or the hearts it holds when it explains this share
# of what they explain.
TRICK_PREFERRED = 0.75
HIGH_SPADES = frozenset(Card.from_code(code) for code in ("KS", "AS"))


class ReasonKey(StrEnum):
    MOON = "moon"
    OWN_MOON = "own_moon"
    QUEEN = "queen"
    DROP_QUEEN = "drop_queen"
    LOW_SPADE = "low_spade"
    PASS_QUEEN = "pass_queen"
    PASS_HIGH_SPADES = "pass_high_spades"
    TRICK = "trick"
    HEARTS = "hearts"
    VOID = "void"
    POINTS = "points"


@dataclass(frozen=True)
class Reason:
    key: ReasonKey
    seat: int | None = None
    """MOON: the opponent who shoots it."""
    points: int | None = None
    """TRICK: what the trick costs with the player's card; HEARTS: how many more hearts."""
    suit: str | None = None
    """VOID: the suit the better pass empties."""

    def encoded(self) -> dict[str, object]:
        fields = {"seat": self.seat, "points": self.points, "suit": self.suit}
        return {
            "key": self.key.value,
            **{name: value for name, value in fields.items() if value is not None},
        }

    @classmethod
    def decoded(cls, row: dict) -> Reason:
        return cls(ReasonKey(row["key"]), row.get("seat"), row.get("points"), row.get("suit"))


@dataclass(frozen=True)
class Outcome:
    """One playout's end, for the player."""

    points: int
    took_queen: bool
    moon: int | None
    trick_points: int
    hearts: int

    @classmethod
    def of(cls, finished: Deal, trick: int | None) -> Outcome:
        """`finished` is the hand played out; `trick` the index of the trick being played
        at the decision (None at the pass)."""
        took_queen = finished.queen_taker == HUMAN
        trick_points = 0
        if trick is not None:
            played = finished.tricks[trick]
            trick_points = played.points if played.winner == HUMAN else 0
        return cls(
            points=finished.scores()[HUMAN],
            took_queen=took_queen,
            moon=finished.moon_shooter,
            trick_points=trick_points,
            hearts=finished.points_taken[HUMAN] - QUEEN_POINTS * took_queen,
        )


@dataclass(frozen=True)
class CardStats:
    """A choice's playouts, averaged over the worlds."""

    points: float
    queen: float
    moons: tuple[float, float, float, float]
    trick: float
    hearts: float

    @classmethod
    def over(cls, outcomes: Sequence[Outcome]) -> CardStats:
        count = len(outcomes)
        return cls(
            points=sum(outcome.points for outcome in outcomes) / count,
            queen=sum(outcome.took_queen for outcome in outcomes) / count,
            moons=(
                sum(outcome.moon == 0 for outcome in outcomes) / count,
                sum(outcome.moon == 1 for outcome in outcomes) / count,
                sum(outcome.moon == 2 for outcome in outcomes) / count,
                sum(outcome.moon == 3 for outcome in outcomes) / count,
            ),
            trick=sum(outcome.trick_points for outcome in outcomes) / count,
            hearts=sum(outcome.hearts for outcome in outcomes) / count,
        )


def play_reasons(
    chosen: CardStats, better: CardStats, played: Card, suggested: Card, hand: Sequence[Card]
) -> tuple[Reason, ...]:
    """Why playing `played` rather than `suggested` from `hand` cost points."""
    queen = Reason(ReasonKey.QUEEN)
    if suggested is QUEEN_OF_SPADES:
        queen = Reason(ReasonKey.DROP_QUEEN)
    elif _is_low_spade(played) and not _is_low_spade(suggested) and QUEEN_OF_SPADES not in hand:
        queen = Reason(ReasonKey.LOW_SPADE)
    trick = (Reason(ReasonKey.TRICK, points=round(chosen.trick)), chosen.trick - better.trick)
    taken = [(queen, (chosen.queen - better.queen) * QUEEN_POINTS), _hearts_reason(chosen, better)]
    top = max(explained for _reason, explained in taken)
    if trick[1] >= max(EXPLAINS_FROM, TRICK_PREFERRED * top):
        taken = [trick]
    return _kept(taken, _moon_reasons(chosen, better)) or (Reason(ReasonKey.POINTS),)


def pass_reasons(
    chosen: CardStats,
    better: CardStats,
    passed: Sequence[Card],
    suggested: Sequence[Card],
    hand: Sequence[Card],
) -> tuple[Reason, ...]:
    """Why passing `passed` rather than `suggested` from `hand` cost points."""
    queen = Reason(ReasonKey.QUEEN)
    if QUEEN_OF_SPADES in suggested and QUEEN_OF_SPADES not in passed:
        queen = Reason(ReasonKey.PASS_QUEEN)
    elif QUEEN_OF_SPADES not in hand and HIGH_SPADES & set(suggested) - set(passed):
        queen = Reason(ReasonKey.PASS_HIGH_SPADES)
    taken = [(queen, (chosen.queen - better.queen) * QUEEN_POINTS), _hearts_reason(chosen, better)]
    kept = _kept(taken, _moon_reasons(chosen, better))
    if kept:
        return kept
    void = _void_made(hand, suggested, passed)
    return (Reason(ReasonKey.VOID, suit=void),) if void else (Reason(ReasonKey.POINTS),)


def _kept(
    taken: list[tuple[Reason, float]], moons: list[tuple[Reason, float]]
) -> tuple[Reason, ...]:
    best = [max(group, key=lambda pair: pair[1]) for group in (taken, moons) if group]
    explaining = sorted(
        (pair for pair in best if pair[1] >= EXPLAINS_FROM), key=lambda pair: -pair[1]
    )
    return tuple(reason for reason, _explained in explaining)


def _moon_reasons(chosen: CardStats, better: CardStats) -> list[tuple[Reason, float]]:
    moons = [
        (Reason(ReasonKey.MOON, seat=seat), (chosen.moons[seat] - better.moons[seat]) * MOON_POINTS)
        for seat in range(1, 4)
    ]
    own = (better.moons[HUMAN] - chosen.moons[HUMAN]) * MOON_POINTS
    return [*moons, (Reason(ReasonKey.OWN_MOON), own)]


def _hearts_reason(chosen: CardStats, better: CardStats) -> tuple[Reason, float]:
    more = chosen.hearts - better.hearts
    return Reason(ReasonKey.HEARTS, points=round(more)), more


def _is_low_spade(card: Card) -> bool:
    return card.suit == "S" and card < QUEEN_OF_SPADES


def _void_made(
    hand: Sequence[Card], suggested: Sequence[Card], passed: Sequence[Card]
) -> str | None:
    """A suit the better pass empties the hand of and the player's pass does not."""
    for suit in SUITS:
        held = {card for card in hand if card.suit == suit}
        if held and held <= set(suggested) and not held <= set(passed):
            return suit
    return None
