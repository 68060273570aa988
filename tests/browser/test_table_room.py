"""The table as a card room (issue 11), at phone portrait, phone landscape and desktop: the
site's header folds into the game's « Menu » where it would eat the screen, the opponents
show an avatar and their card backs, the seat to play glows, the markers sit under the trick,
« Dernier pli », « Feuille de marque », the cards you passed, and « Réglages » that apply at
once and are kept by the browser (and by the account, once signed in)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.table_page import (
    DESKTOP,
    PHONE_LANDSCAPE,
    PHONE_PORTRAIT,
    TablePage,
    overlapping_boxes,
)

SIZES = pytest.mark.parametrize(
    "viewport",
    [PHONE_PORTRAIT, PHONE_LANDSCAPE, DESKTOP],
    ids=["phone-portrait", "phone-landscape", "desktop"],
)
OPPONENTS = ("Léa", "Hugo", "Chloé")
LARGE_DESKTOP = {"width": 1920, "height": 1080}
SMALL_PHONE = {"width": 360, "height": 640}
SMALL_PHONE_LANDSCAPE = {"width": 667, "height": 375}
# A hand where, playing the hint's cards, some card is the only one the player may play, so
# that the page plays it by itself: the same hand on every run (issue 40).
AUTO_PLAY_SEED = 1


def _seat(page: Page, name: str):
    return page.locator("#table .seat").filter(has=page.get_by_text(name, exact=True))


def _center_x(box: dict) -> float:
    return box["x"] + box["width"] / 2


def _center_y(box: dict) -> float:
    return box["y"] + box["height"] / 2


@SIZES
def test_the_table_shows_a_full_card_room_at_every_size(page: Page, viewport):
    table = TablePage(page, touch=viewport["width"] < 600)
    table.start_short_game()
    height = viewport["height"]

    # The site's header takes at most ~8% of the height, or folds into « Menu ».
    header = page.locator(".site-header")
    if header.is_visible():
        assert header.bounding_box()["height"] <= 0.08 * height
    else:
        table.press(page.get_by_text("Menu", exact=True))
        menu = page.locator(".menu__panel")
        expect(menu.get_by_role("link", name="Règles")).to_be_visible()
        expect(menu.get_by_role("link", name="Mes parties")).to_be_visible()
        expect(menu.get_by_role("button", name=re.compile("^FR"))).to_be_visible()
        table.press(page.get_by_text("Menu", exact=True))

    # Each opponent: an avatar, thirteen card backs and their number.
    for name in OPPONENTS:
        seat = _seat(page, name)
        expect(seat.locator(".seat__avatar")).to_have_text(name[0])
        expect(seat.locator(".seat__backs")).to_be_visible()
        expect(seat.locator(".seat__count")).to_have_text("13")
        expect(seat.get_by_text("13 cartes")).to_have_count(1)

    # The pass; then the three cards passed are recalled, to whom.
    passed = table.pass_cards(1, use_hint=True)
    assert table.settle() == "play"
    reminder = page.locator(".passed")
    expect(reminder).to_contain_text("Passées à Léa :")
    expect(reminder.locator(".passed__card")).to_have_count(3)
    names = ", ".join(name.split(" : ")[0] for name in passed)
    expect(reminder).to_contain_text(f"Vous avez passé à Léa : {names}")
    # The seat to play glows: yours, now.
    expect(page.locator("#table .seat.is-turn")).to_have_count(1)
    expect(page.locator("#table .seat--bottom")).to_have_class(re.compile(r"\bis-turn\b"))

    # After the first trick: every opponent has twelve cards left, and « Dernier pli »
    # shows who played what and who took it.
    table.play_hint()
    assert table.settle() == "play"
    on_the_table = {play.split(" : ")[0] for play in table.trick_cards()}
    for name in OPPONENTS:
        left = "11" if name in on_the_table else "12"
        expect(_seat(page, name).locator(".seat__count")).to_have_text(left)
    last = page.locator(".last-trick")
    table.press(last.get_by_text("Dernier pli", exact=True))
    panel = last.locator(".last-trick__panel")
    expect(panel).to_be_visible()
    expect(panel.locator(".last-trick__name")).to_have_count(4)
    expect(panel).to_contain_text(re.compile(r"Pris par (vous|Léa|Hugo|Chloé) : \d+ points?"))
    assert panel.get_by_text("2 de trèfle").count() == 1
    table.press(last.get_by_text("Dernier pli", exact=True))
    expect(panel).to_be_hidden()
    # The server draws it: a reload keeps it.
    page.reload()
    assert table.settle() == "play"
    expect(page.locator(".last-trick").get_by_text("Dernier pli", exact=True)).to_be_visible()

    # The markers sit by the trick (under it; beside it on a phone held sideways), near
    # the centre of the table.
    markers = page.locator(".markers").bounding_box()
    trick = table.trick.bounding_box()
    assert abs(_center_x(markers) - _center_x(trick)) < max(trick["width"], 0.2 * viewport["width"])
    assert abs(_center_y(markers) - _center_y(trick)) < trick["height"]

    # « Feuille de marque » from the menu: hand 1, in progress.
    table.press(page.get_by_text("Menu", exact=True))
    table.press(page.locator(".menu__panel").get_by_role("button", name="Feuille de marque"))
    sheet = page.get_by_role("dialog", name="Feuille de marque")
    expect(sheet).to_be_visible()
    expect(sheet.get_by_role("row")).to_have_count(2, timeout=10_000)
    expect(sheet.get_by_role("columnheader", name="Vous")).to_be_visible()
    expect(sheet.get_by_text("En cours")).to_be_visible()
    table.press(sheet.get_by_role("button", name="Fermer"))
    expect(sheet).to_be_hidden()

    # Nothing overlaps a card, and nothing is wider than the screen.
    assert not overlapping_boxes(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]


def _open_settings(table: TablePage) -> None:
    page = table.page
    table.press(page.get_by_text("Menu", exact=True))
    table.press(page.get_by_text("Réglages", exact=True))


@SIZES
def test_settings_apply_at_once_and_are_kept_by_the_browser(page: Page, viewport):
    table = TablePage(page, touch=viewport["width"] < 600)
    table.start_short_game()
    card = table.hand.locator(".card").first
    width = card.bounding_box()["width"]

    _open_settings(table)
    expect(page.get_by_label("Normale", exact=True)).to_be_checked()
    page.get_by_label("Grandes", exact=True).check()
    page.get_by_label("Instantanée", exact=True).check()
    expect(page.locator("html")).to_have_attribute("data-card-size", "grande")
    # On a narrow phone the hand's width may already cap the cards: never smaller.
    assert card.bounding_box()["width"] >= width

    page.reload()
    expect(page.locator("html")).to_have_attribute("data-card-size", "grande")
    _open_settings(table)
    expect(page.get_by_label("Instantanée", exact=True)).to_be_checked()
    expect(page.get_by_label("Grandes", exact=True)).to_be_checked()
    page.get_by_label("Petites", exact=True).check()
    expect(page.locator("html")).to_have_attribute("data-card-size", "petite")
    assert card.bounding_box()["width"] < width + 0.5


def test_a_lone_playable_card_is_played_for_the_player_who_chose_so(page: Page):
    table = TablePage(page)
    table.start_short_game(seed=AUTO_PLAY_SEED)
    _open_settings(table)
    page.get_by_label("Jouer automatiquement une carte seule possible").check()
    page.get_by_label("Instantanée", exact=True).check()
    table.press(page.get_by_text("Menu", exact=True))

    posts = []
    page.on(
        "request",
        lambda request: (
            request.method == "POST"
            and request.url.endswith("/jouer/")
            and posts.append(request.url)
        ),
    )
    table.pass_cards(1, use_hint=True)
    ours = 0
    # A whole hand: each time only one card may be played, the page plays it by itself.
    while (state := table.settle()) == "play":
        assert len(table.playable_cards()) > 1, table.card_names()
        table.play_hint()
        ours += 1
    assert state == "result"
    assert len(posts) == 13
    assert ours < 13, f"seed {AUTO_PLAY_SEED}: no card was the only one playable in the hand"


def test_an_account_keeps_its_settings_in_another_browser(browser, live_server_url: str):
    contexts = [
        browser.new_context(base_url=live_server_url, viewport=DESKTOP, locale="fr-FR")
        for _ in range(2)
    ]
    try:
        first, second = (context.new_page() for context in contexts)
        first.goto("/compte/inscription/")
        first.get_by_label("Nom d’utilisateur").fill("reglages")
        first.get_by_label("Mot de passe :", exact=True).fill("une phrase de passe")
        first.get_by_label("Confirmation du mot de passe").fill("une phrase de passe")
        first.get_by_role("button", name="Créer un compte").click()
        table = TablePage(first)
        table.start_short_game()
        _open_settings(table)
        with first.expect_response(lambda response: "/compte/reglages/" in response.url) as saved:
            first.get_by_label("Rapide", exact=True).check()
        assert saved.value.status == 204
        with first.expect_response(lambda response: "/compte/reglages/" in response.url) as saved:
            first.get_by_label("Grandes", exact=True).check()
        assert saved.value.status == 204

        second.goto("/compte/connexion/")
        second.get_by_label("Nom d’utilisateur").fill("reglages")
        second.get_by_label("Mot de passe").fill("une phrase de passe")
        second.get_by_role("button", name="Se connecter").click()
        second.goto("/")
        second.get_by_role("link", name="Reprendre", exact=True).click()
        expect(second.locator("html")).to_have_attribute("data-card-size", "grande")
        _open_settings(TablePage(second))
        expect(second.get_by_label("Rapide", exact=True)).to_be_checked()
    finally:
        for context in contexts:
            context.close()


@pytest.mark.parametrize("viewport", [PHONE_LANDSCAPE, DESKTOP], ids=["landscape", "desktop"])
def test_in_english_the_received_tags_touch_neither_each_other_nor_the_buttons(
    page: Page, viewport
):
    table = TablePage(page, touch=False)
    table.start_short_game()
    table.pass_cards(1, use_hint=True)
    assert table.settle() == "play"
    # English, from the header or, where it folds away, from the game's menu.
    if not page.locator(".site-header").is_visible():
        table.press(page.get_by_text("Menu", exact=True))
    page.get_by_role("button", name="EN English").filter(visible=True).click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    tags = page.locator(".received")
    expect(tags.first).to_have_text("received")
    boxes = [tag.bounding_box() for tag in tags.all()]
    assert len(boxes) == 3
    buttons = [button.bounding_box() for button in page.locator(".controls .btn").all()]
    for index, box in enumerate(boxes):
        for other in boxes[index + 1 :] + buttons:
            assert not _touch(box, other), (box, other)
    assert not overlapping_boxes(page)


def _touch(one: dict, other: dict) -> bool:
    """Overlapping or closer than a pixel."""
    return (
        one["x"] < other["x"] + other["width"] + 1
        and other["x"] < one["x"] + one["width"] + 1
        and one["y"] < other["y"] + other["height"] + 1
        and other["y"] < one["y"] + one["height"] + 1
    )


@pytest.mark.parametrize(
    "viewport",
    [LARGE_DESKTOP, SMALL_PHONE, SMALL_PHONE_LANDSCAPE],
    ids=["1920x1080", "360x640", "667x375"],
)
def test_the_table_grows_on_a_large_screen_and_fits_a_small_one(page: Page, viewport):
    table = TablePage(page, touch=viewport["width"] < 600)
    table.start_short_game()
    table.pass_cards(1, use_hint=True)
    assert table.settle() == "play"
    width, height = viewport["width"], viewport["height"]
    hand = table.hand.bounding_box()
    card = table.hand.locator(".card").first.bounding_box()
    if width >= 1900:
        # The hand spans a sensible width with cards larger than a laptop's.
        assert hand["width"] >= 0.6 * width, hand
        assert card["width"] >= 100, card
    # Nothing wider than the screen, the whole table (bar to buttons) in one screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    buttons = page.locator(".controls").bounding_box()
    bar = page.locator(".table__bar").bounding_box()
    assert bar["y"] >= 0 and buttons["y"] + buttons["height"] <= height + 1, (bar, buttons)
    assert not overlapping_boxes(page)
