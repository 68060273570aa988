"""A stored hand step by step, as the engine rebuilds it from the move history.

The steps of a hand: 0 is the deal; on a hand with a pass, step 1 is the exchange (the four
passes, which happen at once: PRODUCT.md); then one step per card played. A step's position
is `game.engine.replay` of the moves up to it, nothing else.

What a step shows depends on the game: once it is over everything is revealed (all four
hands from the deal, every pass); while it is in progress the replay shows only what the
player saw at the table: their own hand and passes and the cards played, never the bots'
hands, not even those of hands already finished.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.urls import reverse
from django.utils.translation import gettext as _, gettext_lazy, ngettext

from game.cardnames import short_name
from game.engine import Card, Deal, Move as EngineMove, PassDirection, replay
from game.history.selectors import result_of
from game.models import Game, Hand, Move
from game.seats import HUMAN, SEAT_NAMES, SEAT_PLACES
from game.table import HAND_SUIT_ORDER, Face, PlayedCard, moon_sentence, played_card

PASSES = 4

DEAL_CAPTIONS = {
    PassDirection.LEFT: gettext_lazy("La donne : chacun passera 3 cartes à gauche."),
    PassDirection.RIGHT: gettext_lazy("La donne : chacun passera 3 cartes à droite."),
    PassDirection.ACROSS: gettext_lazy("La donne : chacun passera 3 cartes en face."),
    PassDirection.NONE: gettext_lazy("La donne. Pas de passe cette manche."),
}
EXCHANGE_CAPTIONS = {
    PassDirection.LEFT: gettext_lazy("L’échange : chacun a passé 3 cartes à gauche."),
    PassDirection.RIGHT: gettext_lazy("L’échange : chacun a passé 3 cartes à droite."),
    PassDirection.ACROSS: gettext_lazy("L’échange : chacun a passé 3 cartes en face."),
}
DIRECTION_LABELS = {
    PassDirection.LEFT: gettext_lazy("Passe à gauche"),
    PassDirection.RIGHT: gettext_lazy("Passe à droite"),
    PassDirection.ACROSS: gettext_lazy("Passe en face"),
    PassDirection.NONE: gettext_lazy("Pas de passe"),
}


class StepNotFound(LookupError):
    """A hand or a step the stored history does not reach (a 404 for the views)."""


# -- The stored hand ---------------------------------------------------------------------


@dataclass(frozen=True)
class HandRecord:
    """One stored hand: its cards as dealt, its pass direction and its moves, in order."""

    hand: Hand
    dealt: list[list[Card]]
    direction: PassDirection
    moves: list[EngineMove]

    @classmethod
    def of(cls, hand: Hand, moves: Iterable[Move]) -> HandRecord:
        return cls(
            hand=hand,
            dealt=[[Card.from_code(code) for code in cards.split()] for cards in hand.dealt],
            direction=PassDirection(hand.direction),
            moves=[EngineMove.from_codes(move.seat, move.cards) for move in moves],
        )

    @property
    def has_pass(self) -> bool:
        return self.direction is not PassDirection.NONE

    @property
    def play_offset(self) -> int:
        """The step at which the first trick is about to be led."""
        return 1 if self.has_pass else 0

    @property
    def last_step(self) -> int:
        """The last step the history reaches (the exchange needs all four passes)."""
        if not self.has_pass:
            return len(self.moves)
        return 0 if len(self.moves) < PASSES else len(self.moves) - PASSES + 1

    def move_count(self, step: int) -> int:
        """How many of the hand's moves are made at `step`."""
        if not 0 <= step <= self.last_step:
            raise StepNotFound(step)
        if not self.has_pass or step == 0:
            return step
        return step + PASSES - 1

    def deal_at(self, step: int) -> Deal:
        return replay(self.dealt, self.direction, self.moves[: self.move_count(step)])

    def pass_of(self, seat: int) -> list[Card] | None:
        """The cards `seat` passed, if its pass is in the history."""
        for move in self.moves[:PASSES] if self.has_pass else ():
            if move.is_pass and move.seat == seat:
                return list(move.cards)
        return None

    def decision_step(self, play_index: int) -> int:
        """The step at which the `play_index`-th card of the hand (from 0) was chosen."""
        return self.play_offset + play_index

    def trick_end_step(self, trick_number: int) -> int:
        """The step at which trick `trick_number` (from 1) is complete."""
        return self.play_offset + 4 * trick_number

    def trick_of_step(self, step: int) -> int | None:
        """The trick (from 1) that the card played at `step` belongs to."""
        if step <= self.play_offset:
            return None
        return (step - self.play_offset - 1) // 4 + 1


def load_hand(game: Game, hand_number: int) -> tuple[list[Hand], HandRecord]:
    """Every hand of the game (for the totals before it and the hand count) and one hand's
    record: two queries. `Hand.DoesNotExist` for a hand the game has not dealt."""
    hands = list(game.hands.all())
    hand = next((hand for hand in hands if hand.number == hand_number), None)
    if hand is None:
        raise Hand.DoesNotExist
    return hands, HandRecord.of(hand, hand.moves.all())


def totals_before(hands: Sequence[Hand], number: int) -> list[int]:
    """The match totals when hand `number` was dealt: the scores of the finished hands before."""
    totals = [0, 0, 0, 0]
    for hand in hands:
        if hand.number < number and hand.scores:
            totals = [total + score for total, score in zip(totals, hand.scores, strict=True)]
    return totals


# -- Addresses ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ReplayLinks:
    """The replay's addresses: the owner's, or the public ones behind a share token."""

    game_id: int
    token: str | None = None

    def _reverse(self, name: str, *args: int) -> str:
        if self.token:
            return reverse(f"game:shared{name}", args=[self.token, *args])
        return reverse(f"game:replay{name}", args=[self.game_id, *args])

    def overview(self) -> str:
        return self._reverse("")

    def step(self, hand_number: int, step: int) -> str:
        return self._reverse("_step", hand_number, step)

    def moments(self, hand_number: int) -> str:
        return self._reverse("_moments", hand_number)


# -- What a step shows -------------------------------------------------------------------


@dataclass(frozen=True)
class ReplayCard:
    face: Face
    received: bool = False
    passing: bool = False

    @property
    def label(self) -> str:
        if self.received:
            return _("%(card)s (reçue)") % {"card": self.face.name}
        if self.passing:
            return _("%(card)s (passée)") % {"card": self.face.name}
        return self.face.name


@dataclass(frozen=True)
class ReplaySeat:
    seat: int
    name: str
    place: str
    cards: list[ReplayCard]
    hidden: int
    passed: list[Face]
    passed_to: str
    received: list[Face]
    received_from: str
    points: int
    total: int
    turn: bool
    took_trick: bool

    @property
    def is_human(self) -> bool:
        return self.seat == HUMAN

    @property
    def passed_text(self) -> str:
        return " ".join(face.short for face in self.passed)

    @property
    def received_text(self) -> str:
        return " ".join(face.short for face in self.received)


@dataclass(frozen=True)
class TrickLink:
    number: int
    winner: str
    points: int
    url: str
    current: bool


@dataclass(frozen=True)
class Nav:
    """Where the controls lead; None where a control has nowhere to go."""

    first: str | None
    previous: str | None
    next: str | None
    last: str | None
    previous_trick: str | None
    next_trick: str | None
    previous_hand: str | None
    next_hand: str | None


@dataclass
class ReplayStep:
    game: Game
    hand_number: int
    hand_count: int
    step: int
    last_step: int
    direction: str
    revealed: bool
    result: str
    caption: str
    seats: list[ReplaySeat]
    trick: list[PlayedCard]
    trick_winner: str | None
    hearts_broken: bool
    queen_played: bool
    tricks: list[TrickLink]
    nav: Nav
    url: str
    overview_url: str
    moments_url: str | None
    hand_over: bool
    moon: str | None
    moments: object | None = field(default=None)
    """The hand's key moments (game.history.moments.MomentsView) once analysed."""

    @property
    def you(self) -> ReplaySeat:
        return self.seats[HUMAN]

    @property
    def opponents(self) -> list[ReplaySeat]:
        return self.seats[1:]


def build_step(
    game: Game,
    hands: Sequence[Hand],
    record: HandRecord,
    step: int,
    links: ReplayLinks,
) -> ReplayStep:
    """The position of `record` at `step` as the replay page shows it (StepNotFound if the
    history does not reach it)."""
    deal = record.deal_at(step)
    final = record.deal_at(record.last_step) if step != record.last_step else deal
    number = record.hand.number
    revealed = game.is_finished
    before = totals_before(hands, number)
    finished = deal.phase == "finished"
    scores = deal.scores() if finished else deal.points_taken
    trick, winner = _trick_shown(record, deal, step)
    seats = [
        _seat(record, deal, seat, step, revealed, before[seat] + scores[seat], winner)
        for seat in range(4)
    ]
    return ReplayStep(
        game=game,
        hand_number=number,
        hand_count=len(hands),
        step=step,
        last_step=record.last_step,
        direction=str(DIRECTION_LABELS[record.direction]),
        revealed=revealed,
        result=result_of(game),
        caption=_caption(record, deal, step, trick, winner),
        seats=seats,
        trick=[played_card(seat, card) for seat, card in trick],
        trick_winner=SEAT_PLACES[winner] if winner is not None else None,
        hearts_broken=deal.hearts_broken,
        queen_played=deal.queen_played,
        tricks=_trick_links(record, final, step, links),
        nav=_nav(record, step, len(hands), links),
        url=links.step(number, step),
        overview_url=links.overview(),
        # Key moments only for a hand whose end is stored: never the hand being played.
        moments_url=links.moments(number) if record.hand.scores is not None else None,
        hand_over=finished,
        moon=moon_sentence(deal.moon_shooter) if finished else None,
    )


def _seat(
    record: HandRecord,
    deal: Deal,
    seat: int,
    step: int,
    revealed: bool,
    total: int,
    trick_winner: int | None,
) -> ReplaySeat:
    visible = revealed or seat == HUMAN
    exchanged = record.has_pass and step >= 1
    received = set(deal.received(seat) or ()) if exchanged else set()
    passing = set(record.pass_of(seat) or ()) if record.has_pass and step == 0 else set()
    held = deal.hand(seat)
    cards = []
    if visible:
        cards = [
            ReplayCard(Face.of(card), received=card in received, passing=card in passing)
            for card in sorted(held, key=_hand_order)
        ]
    passed: list[Card] = (deal.passed(seat) or []) if exchanged and visible else []
    got: list[Card] = sorted(received) if visible else []
    direction = record.direction
    return ReplaySeat(
        seat=seat,
        name=str(SEAT_NAMES[seat]),
        place=SEAT_PLACES[seat],
        cards=cards,
        hidden=0 if visible else len(held),
        passed=[Face.of(card) for card in passed],
        passed_to=_other(direction.receiver(seat)) if passed else "",
        received=[Face.of(card) for card in got],
        received_from=_other((seat - direction.offset) % 4) if got else "",
        points=deal.points_taken[seat],
        total=total,
        turn=deal.turn == seat,
        took_trick=trick_winner == seat,
    )


def _other(seat: int) -> str:
    """A seat named inside a sentence: « Passées à vous », « Reçues de Léa »."""
    return _("vous") if seat == HUMAN else str(SEAT_NAMES[seat])


def _hand_order(card: Card) -> tuple[int, int]:
    """As the table lays out a hand (game.table.HAND_SUIT_ORDER: ♣ ♥ ♠ ♦)."""
    return HAND_SUIT_ORDER.index(card.suit), card.index


def _trick_shown(record: HandRecord, deal: Deal, step: int) -> tuple[list, int | None]:
    """The cards on the table: the trick being played, or the one the last card completed."""
    current = deal.current_trick
    if current or step <= record.play_offset:
        return current, None
    last = deal.tricks[-1]
    return list(last.plays), last.winner


def _caption(record: HandRecord, deal: Deal, step: int, trick: list, winner: int | None) -> str:
    if step == 0:
        return str(DEAL_CAPTIONS[record.direction])
    if step == record.play_offset:
        return str(EXCHANGE_CAPTIONS[record.direction])
    seat, card = trick[-1]
    if seat == HUMAN:
        text = _("Vous jouez %(card)s.") % {"card": short_name(card)}
    else:
        text = _("%(name)s joue %(card)s.") % {"name": SEAT_NAMES[seat], "card": short_name(card)}
    if winner is not None:
        last = deal.tricks[-1]
        values = {"number": len(deal.tricks), "points": last.points}
        if winner == HUMAN:
            text += (
                " "
                + ngettext(
                    "Pli %(number)s pour vous : %(points)s point.",
                    "Pli %(number)s pour vous : %(points)s points.",
                    last.points,
                )
                % values
            )
        else:
            text += " " + ngettext(
                "Pli %(number)s pour %(name)s : %(points)s point.",
                "Pli %(number)s pour %(name)s : %(points)s points.",
                last.points,
            ) % {**values, "name": SEAT_NAMES[winner]}
    return text


def _trick_links(record: HandRecord, final: Deal, step: int, links: ReplayLinks) -> list[TrickLink]:
    current = record.trick_of_step(step)
    return [
        TrickLink(
            number=number,
            winner=str(SEAT_NAMES[trick.winner]),
            points=trick.points,
            url=links.step(record.hand.number, record.trick_end_step(number)),
            current=number == current,
        )
        for number, trick in enumerate(final.tricks, start=1)
    ]


def _nav(record: HandRecord, step: int, hand_count: int, links: ReplayLinks) -> Nav:
    number = record.hand.number
    last = record.last_step

    def to(target: int | None) -> str | None:
        if target is None or target == step or not 0 <= target <= last:
            return None
        return links.step(number, target)

    # The trick controls stop where play starts and where each trick is complete.
    ends = (record.trick_end_step(trick) for trick in range(1, 14))
    stops = [record.play_offset, *(end for end in ends if end <= last)]
    earlier = [stop for stop in stops if stop < step]
    later = [stop for stop in stops if stop > step]
    if not later and step < last:
        later = [last]
    return Nav(
        first=to(0),
        previous=to(step - 1),
        next=to(step + 1),
        last=to(last),
        previous_trick=to(earlier[-1] if earlier else (0 if step else None)),
        next_trick=to(later[0] if later else None),
        previous_hand=links.step(number - 1, 0) if number > 1 else None,
        next_hand=links.step(number + 1, 0) if number < hand_count else None,
    )
