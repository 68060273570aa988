"""Two tabs on one game: the tab left behind tries another card after the first tab has
played. It must not hear « Cette action a déjà été prise en compte » (its card was never
played): it is told the game moved on without it, and shown the table as it is now."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.table_page import TablePage, card_name

# A deal where, the first tab playing the hint's cards, the tab left behind soon holds
# another card it may play: the same moment on every run (issue 40).
SEED = 1


def test_a_stale_tab_is_told_the_table_moved_on_and_shown_it(page: Page):
    first = TablePage(page)
    first.start_short_game(seed=SEED)
    first.pass_cards(1, use_hint=True)
    second = TablePage(page.context.new_page())

    for _trick in range(12):
        assert first.settle() == "play"
        second.page.goto(page.url)
        assert second.settle() == "play"
        played = card_name(first.play_hint())
        others = [name for name in second.playable_cards() if card_name(name) != played]
        if others:
            break
    else:
        raise AssertionError(f"seed {SEED}: never two playable cards in the stale tab")

    second.play_button.wait_for()
    second.click_card(others[0])
    second.press(second.play_button)

    expect(second.status).to_contain_text("La partie a avancé entre-temps")
    expect(second.status).not_to_contain_text("déjà été prise en compte")
    # The stale tab now shows the table as it is: the first tab's card has left the hand.
    expect(second.hand.get_by_label(played, exact=False)).to_have_count(0)
    assert card_name(others[0]) in [card_name(name) for name in second.card_names()]
