"""The solo table as a person sees it: a small page object for the browser tests.

Everything is found the way a person (or a screen reader) finds it: the hand is the group
« Votre main », a card is named « Dame de pique » (« … (reçue) » when passed to you, and
« … : <raison> » when it is dimmed), the trick is the region « Pli en cours », buttons carry
their French labels. Waits are on what the page shows, never on the clock.
"""

from __future__ import annotations

import contextlib
import re
import time
from dataclasses import dataclass

from playwright.sync_api import (
    Browser,
    BrowserContext,
    Error as PlaywrightError,
    Locator,
    Page,
    expect,
)

# Viewports: portrait and landscape phones and a desktop (docs/architecture.md, « The table »).
PHONE_PORTRAIT = {"width": 390, "height": 844}
PHONE_LANDSCAPE = {"width": 844, "height": 390}
DESKTOP = {"width": 1280, "height": 800}

SEATS = ("Vous", "Léa", "Hugo", "Chloé")
PASS_BUTTONS = {1: "Passer à gauche", 2: "Passer à droite", 3: "Passer en face"}
# What the status line says when the table waits for the player (table.py, _status).
YOUR_MOVE = re.compile(
    r"À vous de jouer\.|Vous avez le ♣2 : il ouvre le premier pli\.|Choisissez 3 cartes à passer"
)
# One bot reply, animation skipped, takes well under a second; a whole run of them (up to a
# trick and a half, in several requests when the bots run out of time) a few seconds on a
# busy machine.
SETTLE_MS = 30_000


# « Réglages » → « Instantanée », as this browser's own settings (static/js/table.js): the
# bots' cards land at once. For tests that play whole games and check what the table shows
# between moves, not how it deals them out (test_solo_fast_forward, test_solo_no_spoilers
# and the keyboard test watch the animation).
INSTANT = (
    "localStorage.setItem('dame-de-pique:preferences', JSON.stringify("
    "{speed: 'instantanee', auto_play: false, card_size: 'normale', sounds: false}))"
)


def play_instantly(target: Page | BrowserContext) -> None:
    """Every page of `target` opens with the animation speed « Instantanée »."""
    target.add_init_script(INSTANT)


def new_person(browser: Browser, base_url: str) -> tuple[BrowserContext, Page]:
    """A browser of one's own (cookies, storage) at the desktop size, « Instantanée »."""
    context = browser.new_context(base_url=base_url, viewport=DESKTOP, locale="fr-FR")
    context.set_default_timeout(10_000)
    play_instantly(context)
    return context, context.new_page()


def site_link(page: Page, name: str) -> Locator:
    """A link of the site's header, as a person reaches it: on a phone, behind « Menu du
    site » (opened here), elsewhere in the header itself."""
    header = page.locator(".site-header")
    menu = header.get_by_role("button", name="Menu du site")
    if menu.is_visible():
        menu.click()
    return header.get_by_role("link", name=name, exact=True)


def open_live_table(host: Page, name: str, *, short: bool = True, touch: bool = False) -> None:
    """« Jouer entre amis » as `name`: 50 points unless told not, « Créer la table » (tapped
    on a touch phone); the waiting room is shown."""
    host.goto("/amis/")
    host.get_by_label("Votre nom à la table").fill(name)
    if short:
        host.get_by_label("50 points (partie courte)").check()
    create = host.get_by_role("button", name="Créer la table")
    if touch:
        create.tap()
    else:
        create.click()
    expect(host.get_by_role("heading", name="Table entre amis")).to_be_visible()


def take_seat(page: Page, seat: str, name: str) -> None:
    """In the waiting room, `name` typed at `seat` (« Nord », « Ouest »…), « Prendre place »."""
    place = page.get_by_role("listitem").filter(has_text=seat)
    place.get_by_label("Votre nom à la table").fill(name)
    place.get_by_role("button", name="Prendre place").click()


def start_with_bruno(alice: Page, bruno: Page) -> None:
    """Alice opens a table, Bruno sits at north through its link, Alice sees him arrive and
    presses « Commencer » (two bots in the free seats)."""
    open_live_table(alice, "Alice")
    bruno.goto(alice.url)
    take_seat(bruno, "Nord", "Bruno")
    expect(alice.get_by_text("Bruno", exact=True)).to_be_visible()
    alice.get_by_role("button", name="Commencer").click()


def seeded_copy(table_url: str, seed: int) -> int:
    """A new game like the one at `table_url` (its owner, target and level), dealt from
    `seed`, as play.services starts a lesson; its id."""
    from play.models import Game
    from play.ownership import Owner
    from play.services import start_game

    game = Game.objects.get(pk=int(table_url.rstrip("/").rsplit("/", 1)[1]))
    owner = Owner(user_id=game.owner_id, guest_id=None if game.owner_id else game.guest_id)
    return start_game(owner=owner, target=game.target, difficulty=game.difficulty, seed=seed).pk


def pass_label(hand_number: int) -> str | None:
    """« Passer à gauche » on hands 1, 5, 9…; None on the no-pass hands 4, 8…"""
    return PASS_BUTTONS.get((hand_number - 1) % 4 + 1)


def card_name(accessible_name: str) -> str:
    """« Roi de cœur » out of « Roi de cœur (reçue) : Vous devez fournir à trèfle »."""
    return accessible_name.split(" : ")[0].removesuffix(" (reçue)")


def is_playable(accessible_name: str) -> bool:
    """A dimmed card says why in its name (« … : Vous devez fournir à trèfle »)."""
    return " : " not in accessible_name


@dataclass(frozen=True)
class Seat:
    name: str
    hand_points: int
    total: int
    moon_threat: bool


@dataclass(frozen=True)
class ResultRow:
    rank: int | None
    name: str
    hand_score: int
    total: int


@dataclass(frozen=True)
class Snapshot:
    """Everything a person can read off the table between two moves."""

    title: str
    hand: list[str]
    trick: list[str]
    seats: list[Seat]
    markers: list[str]
    status: str
    captions: list[str]


class TablePage:
    def __init__(self, page: Page, *, touch: bool = False) -> None:
        """touch: tap rather than click, as on a phone (the context must have touch)."""
        self.page = page
        self.touch = touch
        self.table = page.get_by_role("region", name="Table de jeu")
        self.heading = self.table.get_by_text(re.compile(r"^Manche \d+ · en \d+ points$"))
        self.hand = page.get_by_role("group", name="Votre main")
        self.trick = page.get_by_role("region", name="Pli en cours")
        self.status = page.get_by_role("status")
        self.fast_forward = page.get_by_role("button", name="Avance rapide")
        self.hint = page.get_by_role("button", name="Indice")
        self.play_button = page.get_by_role("button", name="Jouer", exact=True)
        self.result = page.get_by_role("dialog")
        self.next_hand_button = self.result.get_by_role("button", name="Manche suivante")
        self.play_again_button = self.result.get_by_role("button", name="Rejouer")
        self.hearts_marker = self.table.get_by_text("♥ Cœurs ouverts", exact=True)
        self.queen_marker = self.table.get_by_text("♠Q jouée", exact=True)
        self.no_pass = self.table.get_by_text("Pas de passe cette manche", exact=True)

    # -- Starting ------------------------------------------------------------------------

    def start_short_game(self, *, seed: int | None = None) -> None:
        """Home page, « Nouvelle partie », 50 points (partie courte), default level.

        With `seed`, that game is then replaced by one of the same settings and owner dealt
        from `seed`: its deals and its bots' choices follow from it, so a test that plays
        the same cards sees the same hand on every run. A test that waits for a moment of
        the hand (cards on the table at the player's turn, a void in clubs) names the seed
        that has it, rather than hoping a random deal does (issue 40)."""
        self.page.goto("/")
        self.page.get_by_label("50 points (partie courte)").check()
        self.page.get_by_role("button", name="Commencer la partie").click()
        expect(self.heading).to_have_text("Manche 1 · en 50 points")
        if seed is not None:
            self.page.goto(f"/partie/{seeded_copy(self.page.url, seed)}/")
            expect(self.heading).to_have_text("Manche 1 · en 50 points")
        self.settle()

    # -- Reading -------------------------------------------------------------------------

    def cards(self) -> Locator:
        """The cards of the hand: checkboxes while passing, radios while playing."""
        return self.hand.get_by_role("checkbox").or_(self.hand.get_by_role("radio"))

    def card(self, accessible_name: str) -> Locator:
        return self.hand.get_by_label(accessible_name, exact=True)

    def card_names(self) -> list[str]:
        """The accessible names of the cards in hand, in the order shown (read in one go:
        a whole game reads them hundreds of times)."""
        return self.cards().evaluate_all(
            "cards => cards.map((card) => card.getAttribute('aria-label') || '')"
        )

    def playable_cards(self) -> list[str]:
        return [name for name in self.card_names() if is_playable(name)]

    def dimmed_cards(self) -> list[str]:
        return [name for name in self.card_names() if not is_playable(name)]

    def face(self, accessible_name: str) -> Locator:
        """The card as drawn (the input itself is visually hidden inside it)."""
        return self.hand.locator("label").filter(
            has=self.page.get_by_label(accessible_name, exact=True)
        )

    def trick_cards(self) -> list[str]:
        """« Léa : 2 de trèfle », … in the order played."""
        return self.trick.get_by_role("img").evaluate_all(
            "cards => cards.map((card) => card.getAttribute('aria-label') || '')"
        )

    def hand_number(self) -> int:
        return int(re.search(r"Manche (\d+)", self.heading.inner_text()).group(1))

    def seat(self, name: str) -> Seat:
        box = self.table.locator(".seat").filter(has=self.page.get_by_text(name, exact=True))
        text = box.inner_text()
        return Seat(
            name=name,
            hand_points=int(re.search(r"(\d+) pts?\b", text).group(1)),
            total=int(re.search(r"Total (-?\d+)", text).group(1)),
            moon_threat="Menace de lune" in text,
        )

    def seats(self) -> list[Seat]:
        return [self.seat(name) for name in SEATS]

    def markers(self) -> list[str]:
        return [
            text
            for marker, text in (
                (self.hearts_marker, "♥ Cœurs ouverts"),
                (self.queen_marker, "♠Q jouée"),
            )
            if marker.is_visible()
        ]

    def snapshot(self) -> Snapshot:
        return Snapshot(
            title=self.heading.inner_text(),
            hand=self.card_names(),
            trick=self.trick_cards(),
            seats=self.seats(),
            markers=self.markers(),
            status=self.status.inner_text(),
            captions=[
                text.strip() for text in self.trick.locator("p").all_inner_texts() if text.strip()
            ],
        )

    def result_title(self) -> str:
        return self.result.get_by_role("heading", level=2).inner_text()

    def result_rows(self) -> list[ResultRow]:
        table = self.result.get_by_role("table")
        headers = table.get_by_role("columnheader").all_inner_texts()
        rows = []
        for row in table.get_by_role("row").all()[1:]:
            name = row.get_by_role("rowheader").inner_text()
            cells = [int(text) for text in row.get_by_role("cell").all_inner_texts()]
            rank = cells.pop(0) if headers[0] == "Rang" else None
            rows.append(ResultRow(rank=rank, name=name, hand_score=cells[0], total=cells[1]))
        return rows

    # -- Waiting -------------------------------------------------------------------------

    def settle(self, *, skip_animation: bool = True) -> str:
        """Wait, skipping the bots' animation with « Avance rapide » (unless told not to:
        a keyboard player watches it), until the table waits for the player; returns
        "pass", "play" or "result".

        Ready means: no animation running (the fast-forward button is gone), the status
        line asks for a move (or the hand's result is up), and the table's script has taken
        the new table in hand — the submit button is greyed until cards are chosen, which
        only the script does (htmx hands the new table to it a moment after the swap)."""
        prompt = self.status.filter(has_text=YOUR_MOVE)
        deadline = time.monotonic() + SETTLE_MS / 1000
        while time.monotonic() < deadline:
            signal = self.fast_forward.or_(prompt).or_(self.result).filter(visible=True)
            expect(signal.first).to_be_visible(timeout=SETTLE_MS)
            if self.fast_forward.is_visible():
                if skip_animation:
                    self._skip_animation()
                else:
                    expect(self.fast_forward).to_be_hidden(timeout=SETTLE_MS)
                continue
            if not self._idle():
                continue
            if self.result.is_visible():
                return "result"
            if not prompt.is_visible():
                continue
            submit = self.page.locator("form[data-hand] [data-submit]")
            if submit.is_enabled() or self.hand.locator("input:checked").count():
                # The script has not set the hand up yet (or a choice is pending).
                continue
            return "pass" if self.hand.get_by_role("checkbox").count() else "play"
        raise AssertionError(f"the table did not settle: {self.status.inner_text()!r}")

    def _skip_animation(self) -> None:
        try:
            if self.touch:
                self.fast_forward.tap(timeout=1_000)
            else:
                self.fast_forward.click(timeout=1_000)
        except PlaywrightError:
            pass  # The animation ended (or the table was replaced) under the click.

    def _idle(self) -> bool:
        """No request in flight and htmx done settling the last swap."""
        busy = self.page.locator("#table.htmx-settling, #table.htmx-swapping, .htmx-request")
        try:
            expect(busy).to_have_count(0, timeout=SETTLE_MS)
        except AssertionError:
            return False
        return True

    # -- Acting ---------------------------------------------------------------------------

    def press(self, target: Locator, *, timeout: float | None = None) -> None:
        """A tap on a phone, a click elsewhere."""
        if self.touch:
            target.tap(timeout=timeout)
        else:
            target.click(timeout=timeout)

    def click_card(self, accessible_name: str) -> None:
        self.press(self.face(accessible_name))

    def pass_cards(self, hand_number: int, *, use_hint: bool) -> list[str]:
        """Choose three cards (« Indice » or three clicks) and pass them; returns their
        names. Waits until the exchange is done and play can start."""
        button = self.page.get_by_role("button", name=pass_label(hand_number))
        expect(button).to_be_disabled()
        if use_hint:
            self.press(self.hint)
            expect(self.hand.get_by_role("checkbox", checked=True)).to_have_count(3)
            expect(self.status).to_contain_text("Suggestion :")
        else:
            for name in self.card_names()[-3:]:
                self.click_card(name)
        chosen = [
            card.get_attribute("aria-label") or ""
            for card in self.hand.get_by_role("checkbox", checked=True).all()
        ]
        assert len(chosen) == 3
        expect(button).to_be_enabled()
        self.press(button)
        expect(self.hand.get_by_role("checkbox")).to_have_count(0, timeout=SETTLE_MS)
        return chosen

    def play(self, accessible_name: str, *, how: str = "button") -> None:
        """Select a card then « Jouer » (how="button"), or tap it twice (how="again").
        Waits until the card has left the hand."""
        before = self.cards().count()
        if not self.card(accessible_name).is_checked():
            self.click_card(accessible_name)
            expect(self.card(accessible_name)).to_be_checked()
        if how == "again":
            self.click_card(accessible_name)
        else:
            expect(self.play_button).to_be_enabled()
            self.press(self.play_button)
        expect(self.cards()).to_have_count(before - 1, timeout=SETTLE_MS)

    def play_playable(self, index: int = 0) -> str:
        """Play the index-th playable card (0: lowest of the first suit shown; -1: the
        last card one may play); returns its name."""
        name = self.playable_cards()[index]
        self.play(name)
        return name

    def play_hint(self) -> str:
        """« Indice » then « Jouer »; returns the name of the card played."""
        before = self.cards().count()
        self.press(self.hint)
        expect(self.status).to_contain_text("Suggestion :")
        chosen = self.hand.get_by_role("radio", checked=True)
        expect(chosen).to_have_count(1)
        name = chosen.get_attribute("aria-label") or ""
        assert is_playable(name), name
        expect(self.play_button).to_be_enabled()
        self.press(self.play_button)
        expect(self.cards()).to_have_count(before - 1, timeout=SETTLE_MS)
        return name

    def next_hand(self) -> None:
        number = self.hand_number()
        self.press(self.next_hand_button)
        expect(self.heading).to_contain_text(f"Manche {number + 1} ", timeout=SETTLE_MS)


# The boxes a person reads (seats, their badges and card counts, markers, captions, the
# status and notes, « reçue ») and the cards drawn on the table and in the hand: no text box
# may cover a card. « reçue » sits inside its own card by design, over the cards of the hand
# before it (which its own card covers too); a rotated trick card's box may graze a
# neighbour by a pixel.
_OVERLAPS_JS = """
() => {
  const visible = (element) => {
    const style = getComputedStyle(element);
    if (style.visibility === "hidden" || style.display === "none") return null;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 ? box : null;
  };
  const texts = [...document.querySelectorAll(
    "#table .seat, #table .badge, #table .marker, #table .trick__caption, #table .status, " +
    "#table .table__note, #table .passed, #table .received, #table .last-trick summary, " +
    "#table .fast-forward, #table .table__bar > *"
  )];
  const cards = [...document.querySelectorAll(
    "#table .trick__cards .card, #table .trick__stage .card, #table .hand__card .card"
  )];
  const found = [];
  for (const text of texts) {
    const a = visible(text);
    if (!a || !text.textContent.trim()) continue;
    const own = text.closest(".hand__card");
    for (const card of cards) {
      const holder = card.closest(".hand__card");
      if (own && holder && (own === holder ||
          own.compareDocumentPosition(holder) & Node.DOCUMENT_POSITION_PRECEDING)) continue;
      const b = visible(card);
      if (!b) continue;
      const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (x > 1 && y > 1) {
        const name = holder?.querySelector("input")?.getAttribute("aria-label") ||
          card.closest("[aria-label]")?.getAttribute("aria-label");
        found.push(`${text.className} « ${text.textContent.trim().slice(0, 40)} » over ${name}`);
      }
    }
  }
  return found;
}
"""


def overlapping_boxes(page: Page) -> list[str]:
    """Each text box of the table that covers a card, described (empty when none does)."""
    return page.evaluate(_OVERLAPS_JS)


def take_turn(table: TablePage) -> bool:
    """One thing this person does if the table waits for them: skip an animation, pass,
    play, or deal the next hand. Whether anything was done."""
    if table.fast_forward.is_visible():
        table._skip_animation()
        return True
    if table.result.is_visible():
        if table.next_hand_button.is_visible():
            # The other person (or the clock) may deal the next hand first.
            with contextlib.suppress(PlaywrightError):
                table.press(table.next_hand_button, timeout=2_000)
            return True
        return False
    if not table.status.filter(has_text=YOUR_MOVE).is_visible() or not table._idle():
        return False
    submit = table.page.locator("form[data-hand] [data-submit]")
    if not submit.count() or submit.is_enabled():
        return False  # the table's script has not taken this table in hand yet
    if table.hand.get_by_role("checkbox").count():
        table.pass_cards(table.hand_number(), use_hint=True)
    else:
        table.play_hint()
    return True
