"""« Moments clés » in the browser: « Analyser la manche » on a finished hand's replay runs
in the server's background worker while the page shows its progress, then lists each
costly choice with its class and why; a moment opens beside its position, with « Rejouer ce
moment »."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from play.ownership import Owner
from review.links import ReplayLinks
from tests.browser.table_page import play_instantly
from tests.browser.test_history_replay import start_short_easy_game
from tests.review.builders import recorded_game

CLASSES = re.compile("Imprécision|Erreur|Gaffe")
# A hand the easy bot plays for the player with at least one choice that costs a point.
SEED = 1


def test_a_key_moment_says_its_class_and_why(page: Page):
    play_instantly(page)
    guest = start_short_easy_game(page).guest_id
    game = recorded_game(Owner(guest_id=guest), hands=1, seed=SEED)
    page.goto(ReplayLinks(game.pk).step(1, 0))

    page.get_by_role("link", name="Analyser la manche").click()

    # The worker takes a second or two; the page polls until the list replaces the progress.
    expect(page.get_by_text(re.compile(r"Précision de la manche : \d+ %"))).to_be_visible(
        timeout=30_000
    )
    expect(page.locator(".moments__chart svg")).to_be_visible()
    first = page.locator(".moments__item").first
    expect(first.locator(".moment-class__label")).to_have_text(CLASSES)
    expect(first.locator(".moment-why")).to_have_text(re.compile(r"^(Le|La|L’|Votre) .+\.$"))

    first.get_by_role("link").first.click()
    here = page.locator("#moment-here")
    expect(here).to_contain_text(CLASSES)
    expect(here).to_contain_text("vous avez choisi")
    # The position is back in view, with its note, and « Rejouer ce moment » beside it.
    expect(here).to_be_in_viewport()
    page.get_by_role("link", name="Rejouer ce moment").click()
    expect(page.get_by_text("Vous rejouez la manche 1")).to_be_visible()
