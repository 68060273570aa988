"""The Content-Security-Policy (settings.SECURE_CSP, docs/security.md) refuses nothing the
site itself does: no violation on the pages, through a pass and a card played with htmx,
the tutorial and the replay's script."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import ConsoleMessage, Page, expect

from tests.browser.table_page import TablePage

# Added before any page script runs (Playwright's init scripts are not the page's, so the
# policy does not apply to this one): every violation the browser reports is kept.
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  const where = `${event.sourceFile}:${event.lineNumber}`;
  window.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI} ${where}`);
});
"""


@pytest.fixture
def watched(page: Page) -> Iterator[tuple[Page, list[str]]]:
    console: list[str] = []

    def keep(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            console.append(message.text)

    page.add_init_script(RECORD_VIOLATIONS)
    page.on("console", keep)
    yield page, console


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
