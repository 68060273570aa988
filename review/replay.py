"""One step of a stored hand as the replay page shows it (the steps: play.steps).

What a step shows depends on the game: once it is over everything is revealed (all four
hands from the deal, every pass); while it is in progress the replay shows only what the
player saw at the table: their own hand and passes and the cards played, never the bots'
hands, not even those of hands already finished.

A finished game may also be seen from any seat and with the other hands hidden, as it was
played (ReplayOptions): the choice is in the address's query, which every link keeps.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from urllib.parse import urlencode

from django.utils.translation import gettext as _, gettext_lazy, ngettext

from game.engine import Card, Deal, Match, PassDirection, Phase
from play.cardnames import short_name
from play.display import Face, PlayedCard, hand_order, moon_sentence, played_card
from play.models import Game, Hand
from play.seating import SOLO_PERSPECTIVE, Perspective
from play.seats import HUMAN
from play.steps import HandRecord
from review.links import ReplayLinks

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


# The query of a replay seen otherwise: « ?place=2&cartes=cachees ».
PLACE_PARAMETER = "place"
STEP_PARAMETER = "etape"
FOLLOW_PARAMETER = "suivi"
CARDS_PARAMETER = "cartes"
HIDDEN_CARDS = "cachees"


# -- How a finished game is seen -----------------------------------------------------------


@dataclass(frozen=True)
class SeatShown(Perspective):
    """The viewer's perspective turned to another seat: `shown` at the bottom and its cards
    in view, while the viewer is still « Vous » wherever they sit."""

    shown: int = HUMAN

    @property
    def bottom(self) -> int:
        return self.shown


@dataclass(frozen=True)
class ReplayOptions:
    """From which seat a finished game is replayed (None: the viewer's own) and whether the
    other hands are hidden, as the address's query says; a game in progress has neither."""

    shown: int | None = None
    hidden: bool = False

    @classmethod
    def from_query(cls, query: Mapping[str, str], perspective: Perspective) -> ReplayOptions:
        """The options the query asks for; a place that names no other seat is ignored."""
        seats = {str(seat): seat for seat in range(4) if seat != perspective.bottom}
        return cls(
            shown=seats.get(query.get(PLACE_PARAMETER, "")),
            hidden=query.get(CARDS_PARAMETER) == HIDDEN_CARDS,
        )

    @property
    def _values(self) -> dict[str, str | int]:
        values: dict[str, str | int] = {}
        if self.shown is not None:
            values[PLACE_PARAMETER] = self.shown
        if self.hidden:
            values[CARDS_PARAMETER] = HIDDEN_CARDS
        return values

    @property
    def query(self) -> str:
        """The query that keeps these options across the replay's links ("" for none)."""
        return f"?{urlencode(self._values)}" if self._values else ""

    def moments_url(
        self, links: ReplayLinks, hand_number: int, step: int, *, following: bool = False
    ) -> str:
        """The key moments' address asked for from `step` (`following`: the page's poll of
        an analysis under way, which claims nothing); the steps they link to keep these
        options."""
        values: dict[str, str | int] = {STEP_PARAMETER: step, **self._values}
        if following:
            values[FOLLOW_PARAMETER] = 1
        return f"{links.moments(hand_number)}?{urlencode(values)}"

    def applied_to(self, perspective: Perspective) -> Perspective:
        if self.shown is None:
            return perspective
        return SeatShown(perspective.seating, perspective.viewer, shown=self.shown)

    def keeping(self, links: ReplayLinks) -> ReplayLinks:
        """The replay's links with these options kept on every step."""
        return OptionLinks(links.game_id, links.token, query=self.query) if self.query else links


@dataclass(frozen=True)
class OptionLinks(ReplayLinks):
    """ReplayLinks whose steps keep the replay's options (the sheet and the key moments'
    own addresses need none)."""

    query: str = ""

    def step(self, hand_number: int, step: int) -> str:
        return super().step(hand_number, step) + self.query


@dataclass(frozen=True)
class ViewChoice:
    """A link to the same step seen otherwise (another seat, the hands hidden or not)."""

    label: str
    url: str
    current: bool = False


def _view_choices(
    options: ReplayOptions, own: Perspective, step_url: str
) -> tuple[list[ViewChoice], list[ViewChoice]]:
    """The same step seen from each seat (the viewer's own first), and with the other hands
    shown or hidden; `own` is the viewer's perspective."""
    shown = options.applied_to(own).bottom
    seats = [
        ViewChoice(
            label=_("Voir depuis votre place") if own.is_viewer(seat) else _seat_label(own, seat),
            url=step_url + replace(options, shown=None if seat == own.bottom else seat).query,
            current=seat == shown,
        )
        for seat in own.seats_from_bottom()
    ]
    cards = [
        ViewChoice(
            label=str(label),
            url=step_url + replace(options, hidden=hidden).query,
            current=hidden == options.hidden,
        )
        for label, hidden in ((_("Toutes les cartes"), False), (_("Cartes cachées"), True))
    ]
    return seats, cards


# French elides « de » before a vowel: « la place d’Inès », « la place de Léa ».
_VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüœæ")


def elides(name: str) -> bool:
    """Whether « de » before `name` is written « d’ »."""
    return name[:1].lower() in _VOWELS


def _seat_label(perspective: Perspective, seat: int) -> str:
    name = perspective.name(seat)
    if elides(name):
        return _("Voir depuis la place d’%(name)s") % {"name": name}
    return _("Voir depuis la place de %(name)s") % {"name": name}


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
    # The seat the replay is seen from (its player's own).
    is_human: bool

    @property
    def passed_text(self) -> str:
        return " ".join(face.short for face in self.passed)

    @property
    def received_text(self) -> str:
        return " ".join(face.short for face in self.received)

    @property
    def received_line(self) -> str:
        """« Reçues de Léa : … », « Reçues d’Invité : … », « Reçues de vous : … »."""
        values = {"name": self.received_from, "cards": self.received_text}
        if elides(self.received_from):
            return _("Reçues d’%(name)s : %(cards)s") % values
        return _("Reçues de %(name)s : %(cards)s") % values

    @property
    def hand_label(self) -> str:
        """The hand's name for a screen reader: « Votre main », « Main de Léa »."""
        if self.is_human:
            return _("Votre main")
        if elides(self.name):
            return _("Main d’%(name)s") % {"name": self.name}
        return _("Main de %(name)s") % {"name": self.name}


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
    # « Analyser la manche »: the key moments asked for from this step, the options kept.
    analyse_url: str | None
    # « Rejouer ce moment »: play on from here (review.practice), where the player has a
    # move left in the finished hand; the same rule as the key moments for who gets it.
    practice_url: str | None
    hand_over: bool
    moon: str | None
    # The step's links, which keep the options (the key moments' links take them too).
    links: ReplayLinks
    # Finished games only: the step from each seat, and with the other hands hidden or not.
    seat_choices: list[ViewChoice]
    card_choices: list[ViewChoice]
    # The viewer's seat, then the others from their left.
    order: list[int] = field(default_factory=lambda: [0, 1, 2, 3])
    moments: object | None = field(default=None)
    """The hand's key moments (review.moments.MomentsView) once analysed."""

    @property
    def you(self) -> ReplaySeat:
        return self.seats[self.order[0]]

    @property
    def opponents(self) -> list[ReplaySeat]:
        return [self.seats[seat] for seat in self.order[1:]]


def totals_before(game: Game, hands: Sequence[Hand], number: int) -> list[int]:
    """The match totals when hand `number` was dealt: the engine's count of the hands before."""
    scored = [hand.scores for hand in hands if hand.number < number and hand.scores]
    return Match(game.target, scored).totals


def build_step(
    game: Game,
    hands: Sequence[Hand],
    record: HandRecord,
    step: int,
    links: ReplayLinks,
    perspective: Perspective = SOLO_PERSPECTIVE,
    options: ReplayOptions = ReplayOptions(),
) -> ReplayStep:
    """The position of `record` at `step` as the replay page shows it to the player of
    `perspective`, seen as `options` ask once the game is over (StepNotFound if the history
    does not reach it)."""
    if not game.is_finished:
        # While it is played the replay shows only what the player saw, from their seat.
        options = ReplayOptions()
    own = perspective
    perspective = options.applied_to(own)
    step_links = options.keeping(links)
    deal = record.deal_at(step)
    number = record.hand.number
    revealed = game.is_finished and not options.hidden
    before = totals_before(game, hands, number)
    finished = deal.phase == Phase.FINISHED
    scores = deal.scores() if finished else deal.points_taken
    trick, winner = _trick_shown(record, deal, step)
    seats = [
        _seat(record, deal, seat, step, revealed, before[seat] + scores[seat], winner, perspective)
        for seat in range(4)
    ]
    bottom = perspective.bottom
    # Key moments only for a hand whose end is stored: never the hand being played; they
    # weigh seat 0's choices, so only its own player (or a share link's visitor) sees them,
    # from that seat (a live table's other people get none yet).
    weighs_the_player = record.hand.is_finished and bottom == HUMAN and own.viewer in (HUMAN, None)
    seat_choices, card_choices = (
        _view_choices(options, own, links.step(number, step)) if game.is_finished else ([], [])
    )
    return ReplayStep(
        game=game,
        hand_number=number,
        hand_count=len(hands),
        step=step,
        last_step=record.last_step,
        direction=str(DIRECTION_LABELS[record.direction]),
        revealed=revealed,
        caption=_caption(record, deal, step, trick, winner, perspective),
        seats=seats,
        trick=[played_card(seat, card, perspective=perspective) for seat, card in trick],
        trick_winner=perspective.place(winner) if winner is not None else None,
        hearts_broken=deal.hearts_broken,
        queen_played=deal.queen_played,
        # « Cartes cachées » is the hand as it was seen: no trick's winner before its end.
        tricks=_trick_links(
            record, deal if options.hidden else record.final, step, step_links, perspective
        ),
        nav=_nav(record, step, len(hands), step_links),
        url=step_links.step(number, step),
        overview_url=links.overview(),
        moments_url=links.moments(number) if weighs_the_player else None,
        analyse_url=options.moments_url(links, number, step) if weighs_the_player else None,
        practice_url=(
            links.practice(number, step)
            if weighs_the_player and record.next_move_of(HUMAN, step) is not None
            else None
        ),
        hand_over=finished,
        moon=moon_sentence(deal.moon_shooter, perspective) if finished else None,
        links=step_links,
        seat_choices=seat_choices,
        card_choices=card_choices,
        order=perspective.seats_from_bottom(),
    )


def _seat(
    record: HandRecord,
    deal: Deal,
    seat: int,
    step: int,
    revealed: bool,
    total: int,
    trick_winner: int | None,
    perspective: Perspective,
) -> ReplaySeat:
    # The seat at the bottom is always in view: the viewer's own, or the one chosen.
    visible = revealed or seat == perspective.bottom
    exchanged = record.has_pass and step >= 1
    received = set(deal.received(seat) or ()) if exchanged else set()
    passing = set(record.pass_of(seat) or ()) if record.has_pass and step == 0 else set()
    held = deal.hand(seat)
    cards = []
    if visible:
        cards = [
            ReplayCard(Face.of(card), received=card in received, passing=card in passing)
            for card in sorted(held, key=hand_order)
        ]
    passed: list[Card] = (deal.passed(seat) or []) if exchanged and visible else []
    got: list[Card] = sorted(received) if visible else []
    direction = record.direction
    return ReplaySeat(
        seat=seat,
        name=perspective.name(seat),
        place=perspective.place(seat),
        cards=cards,
        hidden=0 if visible else len(held),
        passed=[Face.of(card) for card in passed],
        passed_to=_other(direction.receiver(seat), perspective) if passed else "",
        received=[Face.of(card) for card in got],
        received_from=_other((seat - direction.offset) % 4, perspective) if got else "",
        points=deal.points_taken[seat],
        total=total,
        turn=deal.turn == seat,
        took_trick=trick_winner == seat,
        is_human=perspective.is_viewer(seat),
    )


def _other(seat: int, perspective: Perspective) -> str:
    """A seat named inside a sentence: « Passées à vous », « Reçues de Léa »."""
    return _("vous") if perspective.is_viewer(seat) else perspective.name(seat)


def _trick_shown(
    record: HandRecord, deal: Deal, step: int
) -> tuple[list[tuple[int, Card]], int | None]:
    """The cards on the table: the trick being played, or the one the last card completed."""
    current = deal.current_trick
    if current or step <= record.play_offset:
        return current, None
    last = deal.tricks[-1]
    return list(last.plays), last.winner


def _caption(
    record: HandRecord,
    deal: Deal,
    step: int,
    trick: list[tuple[int, Card]],
    winner: int | None,
    perspective: Perspective,
) -> str:
    if step == 0:
        return str(DEAL_CAPTIONS[record.direction])
    if step == record.play_offset:
        return str(EXCHANGE_CAPTIONS[record.direction])
    seat, card = trick[-1]
    if perspective.is_viewer(seat):
        text = _("Vous jouez %(card)s.") % {"card": short_name(card)}
    else:
        name = perspective.name(seat)
        text = _("%(name)s joue %(card)s.") % {"name": name, "card": short_name(card)}
    if winner is not None:
        last = deal.tricks[-1]
        values = {"number": len(deal.tricks), "points": last.points}
        if perspective.is_viewer(winner):
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
            ) % {**values, "name": perspective.name(winner)}
    return text


def _trick_links(
    record: HandRecord, final: Deal, step: int, links: ReplayLinks, perspective: Perspective
) -> list[TrickLink]:
    current = record.trick_of_step(step)
    return [
        TrickLink(
            number=number,
            winner=perspective.name(trick.winner),
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
