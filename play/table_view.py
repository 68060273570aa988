"""What the table shows, as plain values for game/table.html, wherever the game is played.

Everything here is read from the engine (legality, refusal reasons, tricks, points, the moon
threat) or from the human's own PlayerView (the hint): the templates only lay it out. No
database and no model: the server draws its tables through play.table (a stored Position),
and the offline game draws the same table in the browser (Pyodide) from its own record.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from django.utils.translation import gettext as _, gettext_lazy, ngettext

from game.bots import HINT_LEVEL, LEVELS, make_bot
from game.engine import Card, Deal, Match, PassDirection, Phase, PlayerView
from game.engine.cards import QUEEN_OF_SPADES, RANKS, SUIT_SYMBOLS
from game.engine.rules import moon_scores
from game.engine.view import moon_threat
from play import advice
from play.addresses import address
from play.cardnames import RED_SUITS, SUIT_NAMES, rank_label, short_name
from play.display import HAND_SUIT_ORDER, Face, PlayedCard, hand_order, moon_sentence, played_card
from play.messages import illegal_move_message
from play.pages import MenuLink
from play.seating import Perspective, Seating
from play.seats import HUMAN
from play.turns import pending_bot_seat, people_waited_for

PASS_LABELS = {
    PassDirection.LEFT: gettext_lazy("Passer à gauche"),
    PassDirection.RIGHT: gettext_lazy("Passer à droite"),
    PassDirection.ACROSS: gettext_lazy("Passer en face"),
}


def level_label(level: str) -> str:
    """A bots' level in the player's language (« Facile »)."""
    return _(LEVELS[level].label)


class TableGame(Protocol):
    """What the table reads of its game: a stored game (play.models.Game) or the offline
    game the browser keeps (offline.device)."""

    kind: str
    target: int
    difficulty: str
    training: bool
    seed: int
    move_count: int

    @property
    def totals(self) -> list[int]: ...

    @property
    def winner(self) -> int | None: ...

    @property
    def is_finished(self) -> bool: ...

    def match(self) -> Match: ...


@dataclass(frozen=True)
class TableSource:
    """The hand on the table: its game, its number and bots' level, the engine's deal as
    it stands, and who sits where."""

    game: TableGame
    hand_number: int
    hand_level: str
    deal: Deal
    seating: Seating


@dataclass(frozen=True)
class TableLinks:
    """Where the table leads: its forms (`urls`), the menu's pages, the page it is on, and
    the replay's « Feuille de marque » and « Analyser la manche » (None: not drawn; the
    latter is only given once the hand is over)."""

    urls: TableUrls
    page: str
    menu: list[MenuLink]
    sheet: str | None = None
    analysis: str | None = None


@dataclass(frozen=True)
class SeatView:
    seat: int
    name: str
    place: str
    hand_points: int
    total: int
    moon_threat: bool
    thinking: bool
    # At a live table: a bot's seat says so; a person the table waits for is « choosing ».
    is_bot: bool = False
    choosing: bool = False
    absent: bool = False
    # Cards still in the seat's hand (its card backs), and whether the table waits for it.
    cards_left: int = 13
    turn: bool = False

    @property
    def initials(self) -> str:
        """The seat's avatar: the first letters of its name (« Léa » → « L », « Jean
        Dupont » → « JD »), never an image from elsewhere; what is in brackets is not the
        name (« Robot (pour Léa) » → « R »), nor a word that starts with a sign."""
        words = [word for word in re.sub(r"\(.*?\)", " ", self.name).split() if word[0].isalnum()]
        letters = "".join(word[0] for word in words[:2]) or "?"
        return letters.upper()

    # The seat's words, prepared here rather than by {% blocktranslate %} in the seat's
    # partial (four seats a table, three each: a tenth of the table's rendering).
    @property
    def points_label(self) -> str:
        return points_label(self.hand_points)

    @property
    def total_label(self) -> str:
        return _("Total %(total)s") % {"total": self.total}

    @property
    def cards_label(self) -> str:
        return _cards_label(self.cards_left)[1]


@dataclass(frozen=True)
class HandCard:
    face: Face
    playable: bool
    reason: str
    received: bool
    hinted: bool
    suit_start: bool

    @property
    def label(self) -> str:
        """The card for screen readers, with its « reçue » mark and why it cannot be played."""
        name = self.face.name
        if self.received:
            name = _("%(card)s (reçue)") % {"card": name}
        if self.reason:
            return _("%(card)s : %(reason)s") % {"card": name, "reason": self.reason}
        return name


@dataclass(frozen=True)
class PassedReminder:
    """During the hand: the three cards the viewer passed, and to whom."""

    cards: list[Face]
    receiver: str

    @property
    def names(self) -> str:
        return ", ".join(face.name for face in self.cards)


@dataclass(frozen=True)
class LastTrick:
    """« Dernier pli »: the trick before the one on the table, who played what and who
    took it, until the next trick ends."""

    plays: list[PlayedCard]
    # « Pris par Léa : 2 points » / « Pris par vous : 0 point »
    taken: str


@dataclass(frozen=True)
class HandAction:
    """What the human is asked to do with the hand, with the « Normal » bot's suggestion."""

    kind: Phase  # PASSING: three checkboxes; PLAYING: one radio
    submit_label: str
    hint: list[Card]
    advice: str

    @property
    def hint_text(self) -> str:
        return " ".join(short_name(card) for card in self.hint)

    @property
    def input_type(self) -> str:
        return "checkbox" if self.kind == Phase.PASSING else "radio"

    @property
    def input_name(self) -> str:
        return "cards" if self.kind == Phase.PASSING else "card"


@dataclass(frozen=True)
class ResultRow:
    rank: int
    name: str
    hand_score: int
    total: int
    is_human: bool


@dataclass(frozen=True)
class HandResult:
    number: int
    rows: list[ResultRow]
    moon: str | None


@dataclass(frozen=True)
class GameResult:
    # None for a spectator: the panel then names the winner.
    victory: bool | None
    ranking: list[ResultRow]
    winner: str


@dataclass(frozen=True)
class SuitRecord:
    """Training panel: one suit's ranks, each « played », « mine » or « out »."""

    symbol: str
    red: bool
    ranks: list[tuple[str, str]]


@dataclass(frozen=True)
class TableUrls:
    """Where the table's forms post: the game's own views, or those of a page that shows the
    same table with something beside it (the tutorial). An action a page does not offer is
    None, and its control is not drawn."""

    pass_cards: str
    play_card: str
    advance: str | None = None
    change_difficulty: str | None = None
    next_hand: str | None = None
    play_again: str | None = None

    @classmethod
    def of(cls, namespace: str, key: object, actions: Sequence[str]) -> TableUrls:
        """The page's views named `namespace:action`, each taking the game's id (or the
        page's own key)."""
        return cls(**{name: address(f"{namespace}:{name}", key) for name in actions})


@dataclass(frozen=True)
class TableView:
    game: TableGame
    urls: TableUrls
    hand_number: int
    phase: str
    you: SeatView
    opponents: list[SeatView]
    trick: list[PlayedCard]
    last_trick: str
    hand: list[HandCard]
    hearts_broken: bool
    queen_played: bool
    status: str
    error: str | None
    bots_pending: bool
    # Another request lets the bots think (services.advance): the page waits before asking.
    bots_busy: bool
    difficulty_note: str
    # Who the bots are and the level they play this hand at, for the table's bar
    # (« Robots : Normal »; at a live table, how many seats a bot plays, or none).
    bots: str
    action: HandAction | None
    no_pass: bool
    replay_start: list[PlayedCard]
    replay: list[PlayedCard]
    # The indicators before the first replayed card landed (JSON, see TableState).
    replay_state: str
    hand_result: HandResult | None
    game_result: GameResult | None
    played_by_suit: list[SuitRecord]
    voids: list[str]
    menu_links: list[MenuLink]
    # The page the table is on (the language switch and « Réglages » come back to it).
    page_url: str
    # « Feuille de marque » (None: not drawn, for a spectator).
    sheet_url: str | None
    # « Analyser la manche » on the result panels: the replay of the hand just finished.
    analysis_url: str | None
    # A live table's own parts (tables.views): its clock, spectators, messages; None solo.
    live: object | None = None
    # Who looks: a seat, or None for a spectator (no hand, no action).
    viewer: int | None = HUMAN
    previous_trick: LastTrick | None = None
    passed: PassedReminder | None = None
    # « Rejouer ce moment »'s own parts (review.practice.view.PracticeView); None elsewhere.
    practice: object | None = None

    @property
    def celebration(self) -> list[str]:
        """« Victoire »: the suits that rain over the result panel (table.css staggers them)."""
        return list(HAND_SUIT_ORDER) * 6

    @property
    def difficulties(self) -> list[tuple[str, str]]:
        return [(level, level_label(level)) for level in LEVELS]

    @property
    def move(self) -> int:
        return self.game.move_count

    @property
    def hand_url(self) -> str | None:
        """Where the hand's form posts: the three cards to pass, or the card to play."""
        if self.action is None:
            return None
        return self.urls.pass_cards if self.action.kind == Phase.PASSING else self.urls.play_card

    @property
    def result_rows(self) -> list[ResultRow]:
        """By seat after a hand; by rank once the game is over."""
        if self.game_result:
            return self.game_result.ranking
        return self.hand_result.rows if self.hand_result else []


def draw_table(
    source: TableSource,
    links: TableLinks,
    *,
    new_plays: int = 0,
    error: str | None = None,
    bots_busy: bool = False,
    viewer: int | None = HUMAN,
    live: object | None = None,
    hints: bool = True,
) -> TableView:
    """The table as `viewer` sees it from their seat (themselves at the bottom), or as a
    spectator (None: seat 0's place, no hand), with the last action's `new_plays` cards to
    deal out. Without `hints` (a rated table), no suggestion is computed nor sent: no
    « Indice », nothing in the page to read one from."""
    game, deal = source.game, source.deal
    perspective = Perspective(source.seating, viewer)
    view = deal.view(perspective.bottom)
    # The bot the table is waiting for, if any: to play, or to choose its pass.
    thinking = pending_bot_seat(deal, source.seating)
    choosing = people_waited_for(deal, source.seating)
    # Read once for the four seats: the points shown and every card played this hand.
    shown = shown_points(list(view.points_taken), finished=view.phase == Phase.FINISHED)
    plays = view.plays
    seats = [
        _seat(seat, view, source, thinking, choosing, perspective, shown, plays)
        for seat in range(4)
    ]
    action = _hand_action(view, game, perspective, hints) if viewer is not None else None
    replay_start, replay, replay_state = _replay(view, new_plays, perspective)
    hand_result = _hand_result(source, perspective) if deal.phase == Phase.FINISHED else None
    game_result = (
        _game_result(hand_result, game, perspective) if hand_result and game.is_finished else None
    )
    training = game.training and viewer is not None
    return TableView(
        game=game,
        urls=links.urls,
        hand_number=source.hand_number,
        phase=deal.phase,
        you=seats[perspective.bottom],
        opponents=[seats[seat] for seat in perspective.seats_around()],
        trick=[
            played_card(seat, card, perspective=perspective) for seat, card in view.current_trick
        ],
        last_trick=_last_trick(view, perspective),
        hand=_hand_cards(deal, view, action.hint if action else []) if viewer is not None else [],
        hearts_broken=view.hearts_broken,
        queen_played=view.queen_played,
        status=_status(view, thinking, choosing, perspective),
        error=error,
        # At a live table the bots' searches are the table clock's to start (tables.clock).
        bots_pending=thinking is not None and not source.seating.live,
        bots_busy=bots_busy and thinking is not None,
        difficulty_note=_difficulty_note(game, source.hand_level),
        bots=_bots(source.seating, source.hand_level),
        action=action,
        no_pass=view.direction is PassDirection.NONE and len(view.hand) == 13,
        replay_start=replay_start,
        replay=replay,
        replay_state=replay_state,
        hand_result=hand_result,
        game_result=game_result,
        played_by_suit=_played_by_suit(view) if training else [],
        voids=_voids(view, perspective) if training else [],
        menu_links=links.menu,
        page_url=links.page,
        sheet_url=links.sheet if viewer is not None else None,
        analysis_url=links.analysis,
        live=live,
        viewer=viewer,
        previous_trick=_previous_trick(view, perspective) if deal.phase != Phase.PASSING else None,
        passed=_passed(view, perspective) if viewer is not None else None,
    )


def _seat(
    seat: int,
    view: PlayerView,
    source: TableSource,
    thinking: int | None,
    choosing: list[int],
    perspective: Perspective,
    shown: tuple[list[int], int | None],
    plays: Sequence[tuple[int, Card]],
) -> SeatView:
    occupant = source.seating.occupants[seat]
    points, threat = shown
    waited_for = thinking == seat or seat in choosing
    return SeatView(
        seat=seat,
        name=perspective.name(seat),
        place=perspective.place(seat),
        hand_points=points[seat],
        total=source.game.totals[seat],
        moon_threat=threat == seat,
        thinking=thinking == seat,
        is_bot=source.seating.live and occupant.bot_plays,
        choosing=source.seating.live and seat in choosing and not perspective.is_viewer(seat),
        absent=occupant.missed_turns > 0 and not occupant.away,
        cards_left=_cards_left(plays, seat),
        turn=waited_for or (view.phase == Phase.PLAYING and view.turn == seat),
    )


def _cards_left(plays: Sequence[tuple[int, Card]], seat: int) -> int:
    return 13 - sum(player == seat for player, _card in plays)


def points_label(points: int) -> str:
    """« 1 pt », « 13 pts »: a seat's points in the hand."""
    return ngettext("%(points)s pt", "%(points)s pts", points) % {"points": points}


def _cards_label(count: int) -> tuple[int, str]:
    """A seat's card backs: the number drawn over them, and « 10 cartes » for screen readers."""
    return count, ngettext("%(cards)s carte", "%(cards)s cartes", count) % {"cards": count}


def _previous_trick(view: PlayerView, perspective: Perspective) -> LastTrick | None:
    if not view.tricks:
        return None
    trick = view.tricks[-1]
    if perspective.is_viewer(trick.winner):
        taken = ngettext(
            "Pris par vous : %(points)s point", "Pris par vous : %(points)s points", trick.points
        ) % {"points": trick.points}
    else:
        taken = ngettext(
            "Pris par %(name)s : %(points)s point",
            "Pris par %(name)s : %(points)s points",
            trick.points,
        ) % {"name": perspective.name(trick.winner), "points": trick.points}
    return LastTrick(
        plays=[played_card(seat, card, perspective=perspective) for seat, card in trick.plays],
        taken=taken,
    )


def _passed(view: PlayerView, perspective: Perspective) -> PassedReminder | None:
    if not view.passed or view.phase == Phase.FINISHED:
        return None
    return PassedReminder(
        cards=[Face.of(card) for card in sorted(view.passed, key=hand_order)],
        receiver=perspective.name(view.direction.receiver(view.seat)),
    )


def _last_trick(view: PlayerView, perspective: Perspective) -> str:
    if view.current_trick or not view.tricks:
        return ""
    last = view.tricks[-1]
    if perspective.is_viewer(last.winner):
        return ngettext(
            "Dernier pli pour vous : %(points)s point.",
            "Dernier pli pour vous : %(points)s points.",
            last.points,
        ) % {"points": last.points}
    return ngettext(
        "Dernier pli pour %(name)s : %(points)s point.",
        "Dernier pli pour %(name)s : %(points)s points.",
        last.points,
    ) % {"name": perspective.name(last.winner), "points": last.points}


def _status(
    view: PlayerView, thinking: int | None, choosing: list[int], perspective: Perspective
) -> str:
    if view.phase == Phase.FINISHED:
        return _("La manche est terminée.")
    mine = perspective.viewer is not None and perspective.viewer in choosing
    if view.phase == Phase.PASSING and mine:
        receiver = perspective.name(view.direction.receiver(view.seat))
        return _("Choisissez 3 cartes à passer à %(name)s.") % {"name": receiver}
    others = [seat for seat in choosing if not perspective.is_viewer(seat)]
    if others and (view.phase == Phase.PASSING or thinking is None):
        names = ", ".join(perspective.name(seat) for seat in others)
        return _("En attente de %(names)s…") % {"names": names}
    if thinking is not None:
        return _("%(name)s réfléchit…") % {"name": perspective.name(thinking)}
    if not mine:
        return ""
    if view.is_first_trick and not view.current_trick:
        return _("Vous avez le ♣2 : il ouvre le premier pli.")
    return _("À vous de jouer.")


def _bots(seating: Seating, hand_level: str) -> str:
    """The bar's word on the bots: the solo game's three, or a live table's count (seats of
    people away count: a bot plays them), never a level at a table of four people."""
    level = level_label(hand_level)
    if not seating.live:
        return _("Robots : %(level)s") % {"level": level}
    count = len(seating.bot_seats)
    if count == 0:
        return _("Sans robots")
    return ngettext("%(count)s robot : %(level)s", "%(count)s robots : %(level)s", count) % {
        "count": count,
        "level": level,
    }


def _difficulty_note(game: TableGame, hand_level: str) -> str:
    if game.difficulty == hand_level:
        return ""
    return _("Niveau « %(level)s » à partir de la manche suivante.") % {
        "level": level_label(game.difficulty)
    }


def _hand_action(
    view: PlayerView, game: TableGame, perspective: Perspective, hints: bool
) -> HandAction | None:
    """The pass to choose or the card to play, if it is the human's move; the suggestion is
    the « Normal » bot's choice from the human's own view (Indice, training advice), when
    the table gives `hints`."""
    bot = make_bot(HINT_LEVEL, seed=game.seed)
    if view.phase == Phase.PASSING and not view.pass_submitted:
        cards = bot.choose_pass(view) if hints else []
        return HandAction(
            kind=Phase.PASSING,
            submit_label=str(PASS_LABELS[view.direction]),
            hint=cards,
            advice=advice.pass_reason(view, cards) if hints else "",
        )
    if view.phase == Phase.PLAYING and view.is_my_turn:
        if not hints:
            return HandAction(kind=Phase.PLAYING, submit_label=_("Jouer"), hint=[], advice="")
        card = bot.choose_play(view)
        return HandAction(
            kind=Phase.PLAYING,
            submit_label=_("Jouer"),
            hint=[card],
            advice=advice.play_reason(view, card, perspective.name),
        )
    return None


def _hand_cards(deal: Deal, view: PlayerView, hint: list[Card]) -> list[HandCard]:
    # « reçue » until the human plays a first card: the hand still holds 13 cards.
    received = set(view.received or ()) if len(view.hand) == 13 else set()
    cards = sorted(view.hand, key=hand_order)
    hand = []
    for index, card in enumerate(cards):
        refusal = deal.check_play(view.seat, card) if view.phase == Phase.PLAYING else None
        hand.append(
            HandCard(
                face=Face.of(card),
                playable=refusal is None,
                reason=illegal_move_message(refusal) if refusal else "",
                received=card in received,
                hinted=card in hint,
                suit_start=index > 0 and cards[index - 1].suit != card.suit,
            )
        )
    return hand


def _replay(
    view: PlayerView, count: int, perspective: Perspective
) -> tuple[list[PlayedCard], list[PlayedCard], str]:
    """The cards the last action put on the table, in order, for table.js to deal out one
    at a time, each with the table's indicators once it has landed; the cards of the trick
    already there before them; and the indicators before the first of them."""
    if not count:
        return [], [], ""
    plays = view.plays
    start = max(len(plays) - count, 0)
    before = [
        played_card(seat, card, perspective=perspective)
        for seat, card in plays[start - start % 4 : start]
    ]
    steps = []
    for index in range(start, len(plays)):
        seat, card = plays[index]
        wins = view.tricks[index // 4].winner if index % 4 == 3 else None
        state = table_state(view, index + 1, perspective)
        steps.append(replace(played_card(seat, card, wins, perspective), state=state))
    return before, steps, table_state(view, start, perspective)


def shown_points(taken: list[int], *, finished: bool) -> tuple[list[int], int | None]:
    """What the seats show for the hand: the points taken and who threatens the moon while
    it is played; once it is over, its scores with the moon applied (the result panel's
    figures: a shooter shows 0, not 26) and no threat left."""
    if finished:
        return moon_scores(taken)[0], None
    return taken, moon_threat(taken)


def table_state(view: PlayerView, played: int, perspective: Perspective) -> str:
    """The indicators once the hand's first `played` cards are down, as JSON for table.js:
    each place's points (« 13 pts »), the place threatening the moon, the two markers.
    Points are counted when a trick is complete, as the engine counts them."""
    taken = [0, 0, 0, 0]
    for trick in view.tricks[: played // 4]:
        taken[trick.winner] += trick.points
    plays = view.plays[:played]
    cards = [card for _seat, card in plays]
    points, threat = shown_points(taken, finished=played == 52)
    return json.dumps(
        {
            "cards": {
                perspective.place(seat): _cards_label(_cards_left(plays, seat)) for seat in range(4)
            },
            "turn": _turn_after(view, plays, perspective),
            "points": {perspective.place(seat): points_label(points[seat]) for seat in range(4)},
            "moon": None if threat is None else perspective.place(threat),
            "hearts": any(card.suit == "H" for card in cards),
            "queen": QUEEN_OF_SPADES in cards,
        }
    )


def _turn_after(
    view: PlayerView, plays: Sequence[tuple[int, Card]], perspective: Perspective
) -> str | None:
    """The place to play once `plays` (the hand's first cards) are down: the next seat
    round the table, or the last trick's taker; None once the hand is over (or before
    its first card, which the final table shows)."""
    played = len(plays)
    if played == 0 or played >= 52:
        return None
    if played % 4:
        return perspective.place((plays[-1][0] + 1) % 4)
    return perspective.place(view.tricks[played // 4 - 1].winner)


def _standings(game: TableGame, scores: list[int], perspective: Perspective) -> list[ResultRow]:
    """Each seat with its score for the hand and its total, ranked by total (ties share)."""
    match = game.match()
    return [
        ResultRow(
            rank=match.rank_of(seat),
            name=perspective.name(seat),
            hand_score=scores[seat],
            total=game.totals[seat],
            is_human=perspective.is_viewer(seat),
        )
        for seat in perspective.seats_from_bottom()
    ]


def _hand_result(source: TableSource, perspective: Perspective) -> HandResult:
    deal = source.deal
    rows = _standings(source.game, deal.scores(), perspective)
    moon = moon_sentence(deal.moon_shooter, perspective)
    return HandResult(number=source.hand_number, rows=rows, moon=moon)


def _game_result(last_hand: HandResult, game: TableGame, perspective: Perspective) -> GameResult:
    ranking = sorted(last_hand.rows, key=lambda row: row.rank)
    victory = None if perspective.viewer is None else game.winner == perspective.viewer
    winner = perspective.name(game.winner) if game.winner is not None else ""
    return GameResult(victory=victory, ranking=ranking, winner=winner)


def _played_by_suit(view: PlayerView) -> list[SuitRecord]:
    records = []
    for suit in HAND_SUIT_ORDER:
        ranks = []
        for rank in RANKS:
            card = Card.from_code(rank + suit)
            state = "played" if card in view.played else "mine" if card in view.hand else "out"
            ranks.append((rank_label(card), state))
        records.append(SuitRecord(symbol=SUIT_SYMBOLS[suit], red=suit in RED_SUITS, ranks=ranks))
    return records


def _voids(view: PlayerView, perspective: Perspective) -> list[str]:
    lines = []
    for seat in perspective.seats_around():
        suits = [str(SUIT_NAMES[suit]) for suit in HAND_SUIT_ORDER if suit in view.voids[seat]]
        if suits:
            lines.append(
                _("%(name)s n’a plus de %(suits)s.")
                % {"name": perspective.name(seat), "suits": ", ".join(suits)}
            )
    return lines
