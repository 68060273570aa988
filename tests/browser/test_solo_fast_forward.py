"""« Avance rapide » lasts through a whole Difficile turn: the player's card comes back in
one answer, the bots' cards in the next ones (they think outside the player's request), and
all of them are dealt out at once after one press; the button stays up while the bots
think (issue 11, bug 5)."""

from __future__ import annotations

import itertools

from playwright.sync_api import Page, expect

from tests.browser.table_page import TablePage, seeded_copy

# The same deal and bots' cards on every run (issue 40); how the bots' cards split between
# answers still depends on how long Difficile thinks.
SEED = 1

# When each card lands on the animation's stage, and in which answer (each answer is a new
# table element).
RECORDER = """() => {
  window.landings = [];
  let answers = 0;
  new MutationObserver((records) => {
    for (const record of records) {
      const table = record.target.closest?.("#table");
      if (!table || !record.target.classList.contains("trick__stage")) continue;
      table.answer ??= ++answers;
      for (const node of record.addedNodes) {
        if (node.classList?.contains("played")) {
          window.landings.push([table.answer, performance.now()]);
        }
      }
    }
  }).observe(document.body, {subtree: true, childList: true});
}"""


def test_fast_forward_lasts_through_the_bots_answers(page: Page):
    table = TablePage(page)
    page.goto("/")
    page.get_by_label("50 points (partie courte)").check()
    page.get_by_label("Difficile").check()
    page.get_by_role("button", name="Commencer la partie").click()
    page.goto(f"/partie/{seeded_copy(page.url, SEED)}/")
    table.settle()
    table.pass_cards(1, use_hint=True)
    page.evaluate(RECORDER)
    for _ in range(13):
        assert table.settle() == "play"
        page.evaluate("window.landings = []")
        before = table.cards().count()
        table.press(table.hint)
        table.press(table.play_button)
        # Pressed as soon as it shows: during the player's own card, or while bots think.
        expect(table.fast_forward).to_be_visible()
        table._skip_animation()
        expect(table.cards()).to_have_count(before - 1)
        table.settle(skip_animation=False)
        landings = page.evaluate("window.landings")
        answers = [answer for answer, _when in landings]
        # A later answer (the bots') with several cards: the first is the player's own.
        later = [a for a in set(answers) if a != answers[0] and answers.count(a) >= 2]
        if later:
            break
    else:
        raise AssertionError("no turn where the bots' answer brought several cards")
    for answer in later:
        times = [when for a, when in landings if a == answer]
        gaps = [second - first for first, second in itertools.pairwise(times)]
        # Dealt out at once, not half a second apart (STEP_MS in table.js).
        assert max(gaps) < 250, landings
