import pytest
from playwright.sync_api import Page, expect

from tests.browser.screens import DESKTOP, PHONE


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_home_page_shows_the_site_name(page: Page, viewport):
    page.goto("/")

    expect(page.get_by_role("heading", name="Dame de Pique", level=1)).to_be_visible()
    expect(page).to_have_title("Dame de Pique")
    # Served through Daphne with DEBUG off: the stylesheet and htmx arrived.
    assert page.evaluate("typeof window.htmx") == "object"
    heading_colour = page.get_by_role("heading", level=1).evaluate(
        "element => getComputedStyle(element).color"
    )
    assert heading_colour == "rgb(232, 197, 71)"
    # Nothing wider than the screen: no sideways scrolling on a phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]


def test_with_a_game_under_way_the_home_page_offers_reprendre_first(page: Page):
    page.goto("/")
    page.get_by_role("button", name="Jouer", exact=True).click()
    expect(page.get_by_role("region", name="Table de jeu")).to_be_visible()
    game_url = page.url

    page.goto("/")

    resume = page.get_by_role("link", name="Reprendre", exact=True).first
    expect(resume).to_be_visible()
    expect(
        page.locator(".home__play").get_by_role("button", name="Nouvelle partie")
    ).to_be_visible()
    expect(page.get_by_role("button", name="Jouer", exact=True)).to_have_count(0)
    resume.click()
    expect(page).to_have_url(game_url)
