"""The site's pages read as a guest's browser reads them, for the load test.

What the page's script does (static/js/table.js) is decided here from the real markup
(templates/home.html, play/templates/game/table.html): the legal cards are those not dimmed and
with no `data-reason`, `data-bots-pending` asks for « avancer », the hand's form carries the
`move` number the table was drawn at, the result panel holds « Manche suivante » (with its
`move`) or « Rejouer », and `data-bots-busy` (the bots think in another request) asks again
0.8 s later. Standard library only (regular expressions over the few tags it reads) and no
Locust import, so the test suite checks these functions against tables Django renders
(tests/web/test_loadtest_parsing.py): a template change that would blind the load test
fails there first.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from html import unescape

# table.js's BUSY_RETRY_MS: how long a table whose bots think elsewhere waits to ask again.
BUSY_RETRY_SECONDS = 0.8
# static/js/table.js deals the moves of an answer out one at a time: STEP_MS a card, then a
# finished trick stays TRICK_SHOWN_MS and is collected in COLLECT_MS.
STEP_SECONDS = 0.5
TRICK_SHOWN_SECONDS = 0.9
COLLECT_SECONDS = 0.35
# The replay of an answer's moves, the table's last part (game/table.html: the cards after
# `data-replay-steps`; one that ends a trick carries `data-wins`).
REPLAY_STEPS = re.compile(r"<div data-replay-steps>(.*?)</section>", re.DOTALL)


class PageError(Exception):
    """A page the load test cannot read, or a table that offers nothing to do."""


@dataclass(frozen=True)
class HandCard:
    code: str
    playable: bool
    reason: str
    hinted: bool


@dataclass
class Form:
    """A form as htmx posts it: to `hx-post` (else `action`), with its hidden fields."""

    url: str
    attrs: dict[str, str | None]
    in_table: bool
    in_result: bool
    hidden: list[tuple[str, str]] = field(default_factory=list)
    # (name, value, type, checked) of the other inputs, in page order.
    inputs: list[tuple[str, str, str, bool]] = field(default_factory=list)
    cards: list[HandCard] = field(default_factory=list)

    @property
    def classes(self) -> set[str]:
        return set((self.attrs.get("class") or "").split())

    def value(self, name: str) -> str | None:
        return next((value for key, value in self.hidden if key == name), None)


@dataclass(frozen=True)
class Table:
    """What the table asks of the player, as `section#table` shows it."""

    phase: str
    bots_pending: bool
    bots_busy: bool  # pending, but thinking in another request: ask again in a moment
    hand_kind: str | None  # "passing", "playing", or None while the hand waits
    hand: Form | None
    advance: Form | None
    next_hand: Form | None
    play_again: Form | None
    error: str
    replayed: int = 0  # cards the page deals out before the player sees the table
    tricks_collected: int = 0

    @property
    def animation_seconds(self) -> float:
        """How long table.js takes to deal this answer's moves out (« Avance rapide » not
        pressed): only then does the page post « avancer » or the player act."""
        trick_pause = TRICK_SHOWN_SECONDS + COLLECT_SECONDS
        return self.replayed * STEP_SECONDS + self.tricks_collected * trick_pause

    @property
    def cards(self) -> list[HandCard]:
        return self.hand.cards if self.hand else []

    @property
    def move(self) -> int | None:
        """The game's move number the table was drawn at (the `move` every action sends)."""
        for form in (self.hand, self.next_hand):
            raw = form.value("move") if form else None
            if raw is not None:
                return int(raw)
        return None


@dataclass(frozen=True)
class Action:
    """One post of the page: the request's name in the statistics, where, and what."""

    name: str
    url: str
    data: list[tuple[str, str]]
    delay: float = 0.0  # seconds the page waits before posting it, beyond the player's


# The tags the page's script reads, with their attributes (quoted values may hold ">").
TAG = re.compile(
    r"<(/?)(section|div|form|label|input|p)(?=[\s/>])((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>",
    re.IGNORECASE,
)
ATTRIBUTE = re.compile(r"""([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?""")


def attributes(raw: str) -> dict[str, str | None]:
    """A tag's attributes, unescaped; a bare attribute (`disabled`, `data-hand`) is None."""
    found: dict[str, str | None] = {}
    for match in ATTRIBUTE.finditer(raw):
        name, double, single, bare = match.groups()
        value = next((part for part in (double, single, bare) if part is not None), None)
        found.setdefault(name.lower(), None if value is None else unescape(value))
    return found


class _Page:
    """The forms of a page and where each sits (in `section#table`, in the result panel),
    read from its tags in one pass: html.parser takes ~7 ms a table, this about 1 ms,
    which matters when the same two cores also run the servers."""

    def __init__(self, html: str) -> None:
        self.table_attrs: dict[str, str | None] | None = None
        self.forms: list[Form] = []
        self.status = ""
        self.status_error = False
        self._form: Form | None = None
        self._label: dict[str, str | None] | None = None
        self._section_depth = 0
        self._table_depth: int | None = None
        self._div_depth = 0
        self._result_depth: int | None = None
        for match in TAG.finditer(html):
            closing, tag, raw = match.group(1), match.group(2).lower(), match.group(3)
            if closing:
                self._end(tag)
            else:
                self._start(tag, attributes(raw), html, match.end())

    def _start(self, tag: str, attrs: dict[str, str | None], html: str, end: int) -> None:
        classes = (attrs.get("class") or "").split()
        if tag == "section":
            self._section_depth += 1
            if attrs.get("id") == "table" and self.table_attrs is None:
                self.table_attrs = attrs
                self._table_depth = self._section_depth
        elif tag == "div":
            self._div_depth += 1
            if "result" in classes and self._result_depth is None:
                self._result_depth = self._div_depth
        elif tag == "form":
            self._form = Form(
                url=attrs.get("hx-post") or attrs.get("action") or "",
                attrs=attrs,
                in_table=self._table_depth is not None,
                in_result=self._result_depth is not None,
            )
            self.forms.append(self._form)
        elif tag == "label" and "hand__card" in classes:
            self._label = attrs
        elif tag == "input" and self._form is not None:
            self._input(attrs)
        elif tag == "p" and "data-status" in attrs and self._table_depth is not None:
            closing = html.find("</p>", end)
            self.status = unescape(html[end : closing if closing >= 0 else len(html)]).strip()
            self.status_error = "status--error" in classes

    def _input(self, attrs: dict[str, str | None]) -> None:
        assert self._form is not None
        name, value = attrs.get("name") or "", attrs.get("value") or ""
        kind = (attrs.get("type") or "text").lower()
        if kind == "hidden":
            self._form.hidden.append((name, value))
            return
        self._form.inputs.append((name, value, kind, "checked" in attrs))
        if self._label is not None:
            label_classes = (self._label.get("class") or "").split()
            reason = self._label.get("data-reason") or ""
            playable = "is-dimmed" not in label_classes and not reason and "disabled" not in attrs
            self._form.cards.append(
                HandCard(code=value, playable=playable, reason=reason, hinted="data-hint" in attrs)
            )

    def _end(self, tag: str) -> None:
        if tag == "section":
            if self._section_depth == self._table_depth:
                self._table_depth = None
            self._section_depth -= 1
        elif tag == "div":
            if self._div_depth == self._result_depth:
                self._result_depth = None
            self._div_depth -= 1
        elif tag == "form":
            self._form = None
        elif tag == "label":
            self._label = None


def parse_table(html: str) -> Table:
    """The table of a game page or of an htmx answer (`game/table.html#table`)."""
    parser = _Page(html)
    if parser.table_attrs is None:
        raise PageError("no section#table in the page")
    forms = [form for form in parser.forms if form.in_table]
    hand = next((form for form in forms if "data-hand" in form.attrs), None)
    result = [form for form in forms if form.in_result]
    # The result panel: « Manche suivante » names the move it was drawn at, « Rejouer » not.
    next_hand = next((form for form in result if form.value("move") is not None), None)
    play_again = next((form for form in result if form.value("move") is None), None)
    hand_kind = None
    if hand is not None and hand.url:
        hand_kind = next(
            (kind for kind in ("passing", "playing") if f"hand--{kind}" in hand.classes), None
        )
        if hand_kind is None:
            raise PageError(f"a hand form that neither passes nor plays: {hand.classes}")
    phase = next(
        (
            name.removeprefix("table--")
            for name in (parser.table_attrs.get("class") or "").split()
            if name.startswith("table--") and name != "table--training"
        ),
        "",
    )
    steps = REPLAY_STEPS.search(html)
    replay = steps.group(1) if steps else ""
    return Table(
        replayed=replay.count('class="played '),
        tricks_collected=replay.count("data-wins="),
        phase=phase,
        bots_pending=bool(parser.table_attrs.get("data-bots-pending")),
        bots_busy=bool(parser.table_attrs.get("data-bots-busy")),
        hand_kind=hand_kind,
        hand=hand,
        advance=next((form for form in forms if "data-advance" in form.attrs), None),
        next_hand=next_hand,
        play_again=play_again,
        error=parser.status if parser.status_error else "",
    )


def legal_cards(table: Table) -> list[str]:
    """The cards the player may play now: not dimmed, no refusal reason (table.js)."""
    return [card.code for card in table.cards if card.playable]


def next_action(
    table: Table, rng: random.Random, thinking: tuple[float, float] = (0.0, 0.0)
) -> Action:
    """What the player (and table.js) does next at this table, with the post's fields in the
    form's order: the hidden ones (the CSRF token, `move`) and the chosen cards, and when:
    after the page has dealt the answer's moves out, and for the player's own choices after
    a pause drawn from `thinking` (seconds, low and high)."""
    dealt_out = table.animation_seconds
    if table.bots_pending:
        # table.js: once the moves are dealt out, « avancer » while a bot still has to act;
        # a moment later if its bots think in another request.
        if table.advance is None:
            raise PageError("bots pending but no « avancer » form")
        delay = dealt_out + (BUSY_RETRY_SECONDS if table.bots_busy else 0.0)
        return Action("advance", table.advance.url, list(table.advance.hidden), delay)
    delay = dealt_out + rng.uniform(*thinking)
    if table.play_again is not None:
        return Action("play_again", table.play_again.url, list(table.play_again.hidden), delay)
    if table.next_hand is not None:
        return Action("next_hand", table.next_hand.url, list(table.next_hand.hidden), delay)
    if table.hand is not None and table.hand_kind == "passing":
        codes = [card.code for card in table.cards]
        if len(codes) < 3:
            raise PageError(f"passing with {len(codes)} cards")
        chosen = [("cards", code) for code in rng.sample(codes, 3)]
        return Action("pass", table.hand.url, [*chosen, *table.hand.hidden], delay)
    if table.hand is not None and table.hand_kind == "playing":
        legal = legal_cards(table)
        if not legal:
            raise PageError("the player's turn with no legal card")
        played = [("card", rng.choice(legal)), *table.hand.hidden]
        return Action("play", table.hand.url, played, delay)
    raise PageError(f"the table ({table.phase}) offers nothing to do")


@dataclass(frozen=True)
class HomePage:
    play: Form  # the big « Jouer » button: every default
    new_game: Form  # « Nouvelle partie »: length, level, training

    def levels(self) -> list[str]:
        return [value for name, value, _, _ in self.new_game.inputs if name == "difficulty"]


def parse_home(html: str) -> HomePage:
    """The two forms of the home page that start a game (templates/home.html)."""
    forms = _Page(html).forms
    play = next((form for form in forms if "home__play" in form.classes), None)
    new_game = next((form for form in forms if "new-game" in form.classes), None)
    if play is None or new_game is None:
        raise PageError("the home page has no « Jouer » or « Nouvelle partie » form")
    return HomePage(play=play, new_game=new_game)


def start_post(home: HomePage, level: str | None = None) -> Action:
    """« Jouer » (level None), or « Nouvelle partie » at `level` with the form's checked
    defaults for the rest (100 points, no training)."""
    if level is None:
        return Action("new_game", home.play.url, list(home.play.hidden))
    if level not in home.levels():
        raise PageError(f"level {level!r} not offered: {home.levels()}")
    data = list(home.new_game.hidden)
    for name, value, kind, checked in home.new_game.inputs:
        if name == "difficulty":
            continue
        if kind in {"radio", "checkbox"} and checked:
            data.append((name, value))
    data.append(("difficulty", level))
    return Action("new_game", home.new_game.url, data)
