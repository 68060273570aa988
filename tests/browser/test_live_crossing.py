"""A move whose answer crosses another person's push (issue 38). Alice's pass is held on its
way while Bruno passes: his push replaces Alice's table, so htmx drops the answer to her
post (the table it was to replace is gone, and it says so to no one), and her socket skips
her own move, since her page named it in the post. live.js swaps the answer in itself: her
table shows the exchange done, not her pass form again."""

from __future__ import annotations

from playwright.sync_api import Browser, Route, expect

from tests.browser.table_page import (
    SETTLE_MS,
    TablePage,
    new_person,
    pass_label,
    start_with_bruno,
)

SHOWN_MOVE = "Number(document.getElementById('table')?.dataset.move ?? -1)"


def test_a_pass_whose_answer_crosses_a_push_still_shows(browser: Browser, live_server_url: str):
    alice_context, alice = new_person(browser, live_server_url)
    bruno_context, bruno = new_person(browser, live_server_url)
    try:
        start_with_bruno(alice, bruno)
        alice_table, bruno_table = TablePage(alice), TablePage(bruno)
        for table in (alice_table, bruno_table):
            expect(table.heading).to_have_text("Manche 1 · en 50 points", timeout=SETTLE_MS)

        held: list[Route] = []
        alice.route("**/passer/", lambda route: held.append(route))
        alice_table.press(alice_table.hint)
        expect(alice_table.hand.get_by_role("checkbox", checked=True)).to_have_count(3)
        alice_table.press(alice.get_by_role("button", name=pass_label(1)))
        for _ in range(100):
            if held:
                break
            alice.wait_for_timeout(50)  # the route's handler runs while the page waits
        assert len(held) == 1
        before = alice.evaluate(SHOWN_MOVE)

        # Bruno passes: his move reaches Alice's page while her post is still on its way.
        bruno_table.pass_cards(1, use_hint=True)
        alice.wait_for_function(f"move => {SHOWN_MOVE} > move", arg=before, timeout=SETTLE_MS)

        held[0].continue_()
        expect(alice_table.hand.get_by_role("checkbox")).to_have_count(0, timeout=SETTLE_MS)
        assert alice.evaluate(SHOWN_MOVE) >= before + 2
    finally:
        alice_context.close()
        bruno_context.close()
