"""The Content-Security-Policy (settings.SECURE_CSP, docs/security.md) refuses nothing the
site itself does: no violation on the pages, through a pass and a card played with htmx,
the tutorial and the replay's script; nor at a live table on a touch phone, through a whole
hand, a quick message, the menu and a reload (issue 37, fault 10)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, expect

from tests.browser.table_page import (
    SETTLE_MS,
    TablePage,
    new_person,
    open_live_table,
    take_seat,
    take_turn,
)

# A whole first hand between two people at « Instantanée », with room for a slow machine.
HAND_SECONDS = 180

# Added before any page script runs (Playwright's init scripts are not the page's, so the
# policy does not apply to this one): every violation the browser reports is kept.
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  const where = `${event.sourceFile}:${event.lineNumber}`;
  window.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI} ${where}`);
});
"""


def watch(page: Page) -> list[str]:
    """Records the violations `page` reports from now on; the console's reports of them."""
    console: list[str] = []

    def keep(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            console.append(message.text)

    page.add_init_script(RECORD_VIOLATIONS)
    page.on("console", keep)
    return console


@pytest.fixture
def watched(page: Page) -> Iterator[tuple[Page, list[str]]]:
    yield page, watch(page)


def violations(page: Page) -> list[str]:
    return page.evaluate("window.__cspViolations || []")


def test_the_policy_is_sent_and_refuses_nothing_the_site_does(watched):
    page, console = watched
    response = page.goto("/")
    assert response is not None
    assert "script-src 'self' 'nonce-" in response.headers["content-security-policy"]
    # The inline script ran (its nonce matched) and htmx loaded.
    assert page.evaluate("document.documentElement.classList.contains('js')")
    assert page.evaluate("typeof window.htmx") == "object"
    # htmx was told not to add its indicator style, which the policy would refuse.
    assert page.evaluate("htmx.config.includeIndicatorStyles") is False

    table = TablePage(page)
    table.start_short_game()
    assert table.settle() == "pass"
    table.pass_cards(1, use_hint=True)
    assert table.settle() == "play"
    table.play_playable()
    table.settle()
    assert violations(page) == [], violations(page)

    for address in ["/parties/", "/regles/", "/conseils/", "/compte/connexion/", "/apprendre/"]:
        page.goto(address)
        assert violations(page) == [], (address, violations(page))

    page.goto("/apprendre/")
    page.get_by_role("button", name="Commencer", exact=True).click()
    expect(page.get_by_role("region", name="1 Bienvenue à la table")).to_be_visible()
    assert violations(page) == [], violations(page)
    assert console == []


def test_a_live_table_on_a_touch_phone_refuses_nothing(
    phone: Page, browser: Browser, live_server_url: str
):
    """Agathe hosts from her phone, Bastien joins from a desktop; they play the first hand
    through to the next one, and Agathe taps a quick message, the menu, the score sheet and
    the last trick. Her phone reports no violation at any step."""
    console = watch(phone)
    open_live_table(phone, "Agathe", touch=True)
    friend_context, friend = new_person(browser, live_server_url)
    try:
        friend.goto(phone.url)
        take_seat(friend, "Nord", "Bastien")
        expect(phone.get_by_text("Bastien", exact=True)).to_be_visible()
        phone.get_by_role("button", name="Commencer").tap()
        tables = (TablePage(phone, touch=True), TablePage(friend))
        expect(tables[0].heading).to_have_text("Manche 1 · en 50 points", timeout=SETTLE_MS)
        deadline = time.monotonic() + HAND_SECONDS
        while tables[0].hand_number() < 2:
            assert time.monotonic() < deadline, "the first hand did not end in time"
            acted = [take_turn(table) for table in tables]  # each person, every round
            if not any(acted):
                time.sleep(0.1)
        phone.get_by_text("Messages rapides", exact=True).tap()
        phone.get_by_role("button", name="Bien joué !").tap()
        expect(friend.locator("#table [data-emote]", has_text="Bien joué !")).to_be_visible()
        phone.get_by_text("Menu", exact=True).tap()
        phone.get_by_role("button", name="Feuille de marque").tap()
        expect(phone.get_by_role("dialog")).to_be_visible()
        phone.get_by_role("button", name="Fermer").tap()
        assert violations(phone) == [], violations(phone)
        phone.reload()
        expect(tables[0].heading).to_have_text("Manche 2 · en 50 points", timeout=SETTLE_MS)
    finally:
        friend_context.close()
    assert violations(phone) == [], violations(phone)
    assert console == []
