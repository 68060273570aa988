"""A phone (390×844) gives the game the screen (issue 37, fault 9): the site's links fold
behind one « Menu du site » button so a page starts under one line of header (they took
about 135 px), and a live table's four quick messages are one « Messages rapides » control
(they took two rows, about 90 px, above the table)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect

from tests.browser.table_page import (
    SETTLE_MS,
    TablePage,
    new_person,
    open_live_table,
    take_seat,
)

# One line of header: the site's name and the menu's button (2.5rem), with its padding.
ONE_LINE_PX = 60
# The live bar on one line: the clock, the spectators and « Messages rapides » (2.25rem).
LIVE_BAR_PX = 48
PASSWORD = "cartes-sur-table"


def box_height(page: Page, selector: str) -> float:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box["height"]


@pytest.mark.parametrize("path", ["/", "/direct/", "/regles/", "/parties/"])
def test_a_page_starts_under_one_line_of_header(phone: Page, path: str):
    phone.goto(path)
    assert box_height(phone, ".site-header") <= ONE_LINE_PX
    header = phone.locator(".site-header")
    rules = header.get_by_role("link", name="Règles", exact=True)
    expect(rules).to_be_hidden()
    header.get_by_role("button", name="Menu du site").tap()
    for name in ("Règles", "Conseils", "Mes parties", "Se connecter", "Créer un compte"):
        expect(header.get_by_role("link", name=name, exact=True)).to_be_visible()
    expect(header.get_by_role("button", name="EN English")).to_be_visible()
    rules.tap()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Règles du jeu")


@pytest.mark.django_db(transaction=True)
def test_an_account_finds_its_links_behind_the_menu(phone: Page):
    User.objects.create_user("agathe", password=PASSWORD)
    phone.goto("/compte/connexion/")
    phone.get_by_label("Nom d’utilisateur").fill("agathe")
    phone.get_by_label("Mot de passe").fill(PASSWORD)
    phone.get_by_role("button", name="Se connecter").tap()
    phone.wait_for_url(lambda url: "connexion" not in url)
    phone.goto("/direct/")
    assert box_height(phone, ".site-header") <= ONE_LINE_PX
    phone.get_by_role("button", name="Menu du site").tap()
    expect(phone.get_by_role("link", name="agathe")).to_be_visible()
    expect(phone.get_by_role("button", name="Se déconnecter")).to_be_visible()


def test_a_desktop_shows_the_links_in_the_header(page: Page):
    page.goto("/")
    expect(page.get_by_role("button", name="Menu du site")).to_be_hidden()
    expect(page.locator(".site-header").get_by_role("link", name="Règles")).to_be_visible()


def test_the_quick_messages_are_one_control_above_a_live_table(
    phone: Page, browser: Browser, live_server_url: str
):
    open_live_table(phone, "Agathe", short=False, touch=True)
    friend_context, friend = new_person(browser, live_server_url)
    try:
        friend.goto(phone.url)
        take_seat(friend, "Nord", "Bastien")
        expect(phone.get_by_text("Bastien", exact=True)).to_be_visible()
        phone.get_by_role("button", name="Commencer").tap()
        table = TablePage(phone, touch=True)
        expect(table.heading).to_have_text("Manche 1 · en 100 points", timeout=SETTLE_MS)
        assert box_height(phone, ".live-bar") <= LIVE_BAR_PX
        phrases = phone.get_by_role("group", name="Messages rapides")
        expect(phrases).to_be_hidden()
        trick = phone.get_by_role("region", name="Pli en cours").bounding_box()
        phone.get_by_text("Messages rapides", exact=True).tap()
        expect(phrases.get_by_role("button")).to_have_count(4)
        # The phrases float over the table: nothing under them moved.
        assert phone.get_by_role("region", name="Pli en cours").bounding_box() == trick
        phrases.get_by_role("button", name="Bien joué !").tap()
        expect(friend.locator("#table [data-emote]", has_text="Bien joué !")).to_be_visible()
        expect(phrases).to_be_hidden()
    finally:
        friend_context.close()
