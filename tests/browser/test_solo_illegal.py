"""Trying a dimmed card shows why it cannot be played and changes nothing, on the page or
in the saved game (docs/architecture.md, « The table » and « Words the player sees »).

Each test plays a game dealt from a seed whose hand has the situation it needs, with the
cards the test chooses: the same situation on every run, where a random deal could miss
it (issue 40)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.table_page import Snapshot, TablePage

# The player, passing the hint's cards and playing the lowest card each time, must follow
# suit holding other suits besides in trick 2 or later.
FOLLOW_SEED = 1
# Three clubs dealt (6, 8 and K), two hearts or more, and no club among the three cards
# received from the right (♦J, ♦Q, ♥K).
VOID_IN_CLUBS_SEED = 2
# Passing the three last cards and playing high, the player wins a trick and leads while
# hearts are still closed, holding hearts.
HEARTS_CLOSED_SEED = 1

# The page's server must read the test database, which pytest-django only sets up for a
# session holding a database test: these are (the rows are committed, then flushed).


def suit_of(name: str) -> str:
    """« trèfle » out of « Léa : 10 de trèfle » or « Valet de trèfle (reçue) : … »."""
    return re.search(r" de (trèfle|carreau|cœur|pique)\b", name).group(1)


def try_a_dimmed_card(table: TablePage, name: str, reason: str) -> None:
    """Click the dimmed card: its reason shows, nothing is selected, nothing is played,
    and the server has nothing new to show either (a reload gives the same table)."""
    before = table.snapshot()
    face = table.face(name)
    expect(face).to_have_class(re.compile(r"\bis-dimmed\b"))
    assert name.endswith(f" : {reason}")

    table.click_card(name)

    expect(table.status).to_have_text(reason)
    expect(table.status).to_have_class(re.compile(r"\bstatus--error\b"))
    expect(table.card(name)).not_to_be_checked()
    expect(table.play_button).to_be_disabled()
    assert _without_status(table.snapshot()) == _without_status(before)

    table.page.reload()
    assert table.settle() == "play"
    assert table.snapshot() == before


def _without_status(snapshot: Snapshot) -> Snapshot:
    return Snapshot(**{**snapshot.__dict__, "status": ""})


def test_a_card_of_another_suit_says_you_must_follow(page: Page):
    table = TablePage(page)
    table.start_short_game(seed=FOLLOW_SEED)
    table.pass_cards(1, use_hint=True)

    # Trick 2 or later, a suit led, the player holding it and other suits besides.
    for played in range(12):
        assert table.settle() == "play"
        trick = table.trick_cards()
        if played >= 1 and trick:
            led = suit_of(trick[0])
            reason = f"Vous devez fournir à {led}"
            dimmed = [name for name in table.dimmed_cards() if name.endswith(reason)]
            holds_led = [name for name in table.playable_cards() if suit_of(name) == led]
            if dimmed and holds_led:
                try_a_dimmed_card(table, dimmed[0], reason)
                # Then the right suit goes through.
                table.play(holds_led[0])
                return
        table.play_playable(0)
    raise AssertionError(f"seed {FOLLOW_SEED}: no trick where the player had to follow suit")


def test_a_point_card_on_the_first_trick_is_refused_when_void_in_clubs(page: Page):
    """Pass away every club (three at most, 2♣ included): no club comes back, so the
    first trick finds the player void in clubs: hearts and ♠Q are dimmed."""
    table = TablePage(page)
    reason = "Pas de cartes à points au premier pli"
    table.start_short_game(seed=VOID_IN_CLUBS_SEED)
    hand = table.card_names()
    clubs = [name for name in hand if suit_of(name) == "trèfle"]
    assert len(clubs) <= 3 and [name for name in hand if suit_of(name) == "cœur"], hand
    others = [name for name in reversed(hand) if suit_of(name) in {"carreau", "pique"}]
    for name in [*clubs, *others][:3]:
        table.click_card(name)
    table.press(table.page.get_by_role("button", name="Passer à gauche"))
    expect(table.hand.get_by_role("checkbox")).to_have_count(0)
    assert table.settle() == "play"
    assert not [name for name in table.card_names() if suit_of(name) == "trèfle"]

    assert table.trick_cards(), "2♣ leads, and it is not the player's"
    assert suit_of(table.trick_cards()[0]) == "trèfle"
    refused = [name for name in table.dimmed_cards() if name.endswith(f" : {reason}")]
    assert {suit_of(name) for name in refused} <= {"cœur", "pique"}
    assert any(suit_of(name) == "cœur" for name in refused), table.card_names()
    try_a_dimmed_card(table, refused[0], reason)


def test_leading_a_heart_before_hearts_are_open_is_refused(page: Page):
    """Play high to win a trick early, then lead: hearts are still closed."""
    table = TablePage(page)
    reason = "Les cœurs ne sont pas encore ouverts"
    table.start_short_game(seed=HEARTS_CLOSED_SEED)
    table.pass_cards(1, use_hint=False)
    for _trick in range(13):
        if table.settle() != "play" or table.markers().count("♥ Cœurs ouverts"):
            break
        leading = not table.trick_cards()
        refused = [name for name in table.dimmed_cards() if name.endswith(f" : {reason}")]
        if leading and refused:
            assert {suit_of(name) for name in refused} == {"cœur"}
            assert table.playable_cards()
            try_a_dimmed_card(table, refused[-1], reason)
            return
        table.play_playable(-1)
    raise AssertionError(f"seed {HEARTS_CLOSED_SEED}: never led with hearts closed")
