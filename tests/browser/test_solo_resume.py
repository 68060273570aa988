"""Autosave: reloading the page in the middle of a hand, or turning the phone, resumes
exactly where the player was (docs/architecture.md, « The table »)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.table_page import PHONE_LANDSCAPE, PHONE_PORTRAIT, TablePage

MIN_TRICKS = 3
# A deal (and bots) where, the player passing the hint's cards and playing high for three
# tricks then low, the fifth trick finds cards on the table at the player's turn with
# hearts open and ♠Q played: the same moment on every run (a random deal once had none).
SEED = 3

# The page's server must read the test database, which pytest-django only sets up for a
# session holding a database test: these are (the rows are committed, then flushed).


@pytest.mark.parametrize("viewport", [PHONE_PORTRAIT], ids=["phone-portrait"])
def test_reloading_in_the_middle_of_a_hand_resumes_exactly(page: Page, viewport):
    table = TablePage(page, touch=True)
    table.start_short_game(seed=SEED)
    table.pass_cards(1, use_hint=True)

    # A few tricks in, at a moment when cards lie on the table (the player is not leading),
    # with both markers up. High cards first (hearts may open, for the markers), then low.
    played = 0
    assert table.settle() == "play"
    while played < MIN_TRICKS or not (table.trick_cards() and len(table.markers()) == 2):
        assert played < 12, f"seed {SEED} no longer reaches its moment: deal changed?"
        table.play_playable(-1 if played < MIN_TRICKS else 0)
        played += 1
        assert table.settle() == "play"

    before = table.snapshot()
    assert len(before.hand) == 13 - played
    assert before.trick and before.status == "À vous de jouer."
    assert sum(seat.hand_points for seat in before.seats) <= 26

    page.reload()
    assert table.settle() == "play"
    # Nothing to deal out again: the table is simply there as it was.
    expect(table.fast_forward).to_be_hidden()
    assert table.snapshot() == before

    # Turning the phone: the same table, laid out for landscape.
    page.set_viewport_size(PHONE_LANDSCAPE)
    assert table.snapshot() == before
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_LANDSCAPE["width"]

    # And the game goes on from there.
    table.play_playable(0)
    assert table.settle() in {"play", "result"}
    assert len(table.card_names()) == len(before.hand) - 1
