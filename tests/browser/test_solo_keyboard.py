"""On a desktop the game is played from the keyboard too: the hand is one tab stop, arrow
keys move between the cards, Enter chooses and plays (static/js/table.js)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.table_page import TablePage, card_name

MAX_TABS = 40

# The page's server must read the test database, which pytest-django only sets up for a
# session holding a database test: these are (the rows are committed, then flushed).


def test_arrow_keys_move_between_cards_and_enter_plays(page: Page):
    table = TablePage(page)
    table.start_short_game()
    keyboard = page.keyboard

    # Tab into the hand: it is one stop, on its first card.
    names = table.card_names()
    first = table.card(names[0])
    for _ in range(MAX_TABS):
        keyboard.press("Tab")
        if first.evaluate("input => input === document.activeElement"):
            break
    expect(first).to_be_focused()

    # Passing: arrows move, Enter picks; three cards, then Tab to the pass button.
    chosen = []
    for index in (0, 1, 2):
        if index:
            keyboard.press("ArrowRight")
        expect(table.card(names[index])).to_be_focused()
        keyboard.press("Enter")
        expect(table.card(names[index])).to_be_checked()
        chosen.append(names[index])
    keyboard.press("ArrowLeft")
    expect(table.card(names[1])).to_be_focused()
    keyboard.press("Tab")
    pass_button = page.get_by_role("button", name="Passer à gauche")
    expect(pass_button).to_be_focused()
    keyboard.press("Enter")
    expect(table.hand.get_by_role("checkbox")).to_have_count(0)

    # Playing: when the bots are done (the animation is watched, not skipped by a click),
    # focus is on the first card one may play.
    assert table.settle(skip_animation=False) == "play"
    playable = table.playable_cards()
    target = table.card(playable[0])
    expect(target).to_be_focused()

    # An arrow moves to the next card (selecting it, as in any radio group); if that one
    # may not be played its reason shows and « Jouer » stays greyed.
    names = table.card_names()
    following = names[(names.index(playable[0]) + 1) % len(names)]
    keyboard.press("ArrowRight")
    expect(table.card(following)).to_be_focused()
    expect(table.card(following)).to_be_checked()
    if following in playable:
        expect(table.play_button).to_be_enabled()
    else:
        expect(table.status).to_have_text(following.split(" : ", 1)[1])
        expect(table.play_button).to_be_disabled()

    # Back, and Enter plays the card.
    keyboard.press("ArrowLeft")
    expect(target).to_be_focused()
    expect(target).to_be_checked()
    keyboard.press("Enter")
    expect(table.cards()).to_have_count(len(names) - 1)
    assert card_name(playable[0]) not in {card_name(name) for name in table.card_names()}
