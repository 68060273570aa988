"""No spoilers: when the bots' cards are dealt out after the player's card, the seats'
points, « Menace de lune » and the markers show what the cards on the table have caused
so far, not the final state the server already knows, and the hand does not dim the cards
that the bots' cards still to come will forbid (issue 11, bug 1)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from playwright.sync_api import Page

from tests.browser.table_page import TablePage

# A deal where, the player playing high, the bots' cards change the seats' points or the
# markers in at least two of the replays: the same hand on every run (issue 40).
SEED = 1

# Records, the moment a replay starts, what the table shows and what each step says.
RECORDER = """() => {
  window.replays = [];
  new MutationObserver(() => {
    const table = document.getElementById("table");
    if (!table || !table.classList.contains("is-replaying") || table.recorded) return;
    table.recorded = true;
    const steps = [...table.querySelectorAll("[data-replay-steps] > .played")];
    window.replays.push({
      seats: [...table.querySelectorAll(".seat")].map((seat) => ({
        place: seat.className.match(/seat--(\\w+)/)[1],
        points: seat.querySelector(".seat__points").textContent.trim(),
        moon: Boolean(seat.querySelector(".badge--moon")),
      })),
      markers: [...table.querySelectorAll(".markers .marker")].map((m) => m.textContent.trim()),
      dimmed: [...table.querySelectorAll(".hand__card.is-dimmed .card")].map(
        (card) => getComputedStyle(card).filter),
      first: steps[0].dataset.state,
      last: steps[steps.length - 1].dataset.state,
    });
  }).observe(document.body, {subtree: true, childList: true, attributes: true,
                             attributeFilter: ["class"]});
}"""


def play_high_watching(page: Page, watcher: str, enough: Callable[[], bool]) -> None:
    """The seeded short game with `watcher` recording: the hint's pass, then the highest
    playable card trick after trick, until `enough()` or the hand's end."""
    table = TablePage(page)
    table.start_short_game(seed=SEED)
    page.evaluate(watcher)
    table.pass_cards(1, use_hint=True)
    for _trick in range(13):
        if table.settle() != "play":
            return
        table.play_playable(-1)
        if enough():
            return


def test_the_seats_and_markers_change_only_as_the_cards_land(page: Page):
    def telling_replays() -> list[dict]:
        replays = page.evaluate("window.replays")
        return [r for r in replays if json.loads(r["first"]) != json.loads(r["last"])]

    play_high_watching(page, RECORDER, lambda: len(telling_replays()) >= 2)
    telling = telling_replays()
    assert telling, f"seed {SEED}: no replay where the bots' cards changed the indicators"
    for replay in telling:
        first = json.loads(replay["first"])
        shown = {seat["place"]: seat["points"] for seat in replay["seats"]}
        assert shown == first["points"], replay
        moon = {seat["place"] for seat in replay["seats"] if seat["moon"]}
        assert moon == ({first["moon"]} if first["moon"] else set()), replay
        markers = {re.sub(r"\\s+", " ", marker) for marker in replay["markers"]}
        assert ("♥ Cœurs ouverts" in markers) == first["hearts"], replay
        assert ("♠Q jouée" in markers) == first["queen"], replay
        # Which cards may be played is not shown before the bots' cards are down either.
        assert set(replay["dimmed"]) <= {"none"}, replay


# Records each change of a seat's points while the bots' cards are dealt out, with what
# the trick shows at that moment: a trick's points belong to its taker once it is
# collected, not while its last card has just landed (issue 37, seen at 0.37 s of a 1.26 s
# collection).
POINTS_WATCHER = """() => {
  window.pointChanges = [];
  let shown = null;
  new MutationObserver(() => {
    const table = document.getElementById("table");
    if (!table || !table.classList.contains("is-replaying")) { shown = null; return; }
    const points = [...table.querySelectorAll(".seat__points")]
      .map((p) => p.textContent.trim()).join("|");
    const first = shown === null;
    if (!first && points !== shown) {
      const stage = table.querySelector(".trick__stage");
      window.pointChanges.push({
        before: shown, after: points,
        untaken: Boolean(stage.querySelector(".played[data-wins]"))
          && !stage.classList.contains("is-collecting"),
      });
    }
    shown = points;
  }).observe(document.body, {subtree: true, childList: true, characterData: true,
                             attributes: true, attributeFilter: ["class"]});
}"""


def test_a_seat_scores_a_trick_once_it_is_collected(page: Page):
    play_high_watching(page, POINTS_WATCHER, lambda: bool(page.evaluate("window.pointChanges")))
    changes = page.evaluate("window.pointChanges")
    assert changes, f"seed {SEED}: no replay where a bot's trick brought points"
    assert not [change for change in changes if change["untaken"]], changes
