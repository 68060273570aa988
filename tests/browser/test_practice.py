"""« Rejouer ce moment » in the browser: from a finished hand's replay step, the hand is
played on at the game's own table, another card than the game's first, to its end; the
end panel shows the points beside the game's, starts the moment again, and goes back."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from play.display import Face
from play.ownership import Owner
from play.seats import HUMAN
from review.links import ReplayLinks
from review.selectors import load_hand
from tests.browser.table_page import TablePage, play_instantly
from tests.browser.test_history_replay import start_short_easy_game
from tests.review.builders import recorded_game


def test_a_moment_is_played_again_to_the_end_of_the_hand(page: Page):
    play_instantly(page)
    # The browser's guest (a game started from the home page) owns a finished hand.
    guest = start_short_easy_game(page).guest_id
    game = recorded_game(Owner(guest_id=guest), hands=1)
    _hands, record = load_hand(game, 1)
    # A card of the player's from the fifth trick on, among several legal ones.
    step, played = next(
        (record.decision_step(plays), record.moves[index].card)
        for plays, index in enumerate(range(4, 56))
        if record.moves[index].seat == HUMAN
        and plays >= 16
        and len(record.positions[index].legal_cards(HUMAN)) > 1
    )
    links = ReplayLinks(game.pk)
    page.goto(links.step(1, step))
    expect(page.locator(".replay__step")).to_have_attribute("data-step", str(step))

    page.get_by_role("link", name="Rejouer ce moment").click()
    expect(page).to_have_url(re.compile(rf"/partie/{game.pk}/revoir/1/{step}/rejouer/$"))
    table = TablePage(page)
    expect(page.get_by_text("Vous rejouez la manche 1")).to_be_visible()
    assert table.settle() == "play"
    other = next(name for name in table.playable_cards() if name != Face.of(played).name)
    cards = table.cards().count()
    table.play(other)
    while table.settle() == "play":
        table.play_playable()

    expect(table.result.get_by_role("heading")).to_have_text("Fin de la manche 1 rejouée")
    rows = table.result.get_by_role("row")
    expect(rows).to_have_count(5)
    expect(rows.nth(1).get_by_role("rowheader")).to_have_text("Vous")
    expect(table.result).to_contain_text(re.compile(r"Vous marquez \d+ points?"))

    table.press(table.result.get_by_role("button", name="Recommencer ce moment"))
    expect(table.cards()).to_have_count(cards)
    assert table.settle() == "play"
    page.get_by_role("link", name="Revenir à la partie").click()
    expect(page).to_have_url(re.compile(rf"/partie/{game.pk}/revoir/1/{step}/$"))
