"""The player's profile in the browser: a guest plays a short game, keeps it by creating an
account from the guest profile, opens the profile from the header's username and finds the
history's figures, the tutorial once finished, the game to replay and the table's settings;
someone else sees the same figures without the replay. Nothing is wider than the screen,
on a phone (390×844) and a desktop (1280×800)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.template.defaultfilters import floatformat
from playwright.sync_api import Page, expect

from play.models import Game
from play.ownership import Owner
from review.stats import player_stats
from tests.browser.screens import DESKTOP, PHONE
from tests.browser.table_page import site_link
from tests.browser.test_accessibility import Audit, axe_source
from tests.browser.test_history_replay import start_short_easy_game
from tests.driving import play_whole_game
from tests.review.builders import recorded_game
from tests.tutorial.helpers import follow_the_hint
from tutorial import services as tutorial_services
from tutorial.models import TutorialCompletion

# axe-core's fixture (tests/browser/test_accessibility.py: skipped without node_modules).
__all__ = ["axe_source"]

PASSWORD = "une phrase de passe"

# Elements whose box goes past the page's width (visually hidden text excepted).
OVERFLOWING = """() => {
  const width = document.documentElement.clientWidth;
  return [...document.querySelectorAll("body *")]
    .filter((element) => !element.closest(".visually-hidden"))
    .filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.right > width + 0.5 || box.left < -0.5);
    })
    .map((element) => `${element.tagName}.${element.className}`);
}"""


def figure(page: Page, label: str) -> str:
    """The value shown under a figure's label (« Parties terminées » → « 1 ») of the games
    against the bots (the ratings' section has its own « Victoires »)."""
    figures = page.locator('[aria-labelledby="profile-figures"]')
    term = figures.locator(".figure dt", has_text=re.compile(f"^{re.escape(label)}$"))
    return term.locator("xpath=following-sibling::dd").inner_text().strip()


def expect_nothing_wider_than_the_screen(page: Page, viewport: dict[str, int]) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert page.evaluate(OVERFLOWING) == []


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_player_finds_their_figures_on_their_profile(
    page: Page, browser, live_server_url: str, viewport
):
    username = f"profil-{viewport['width']}"
    game = start_short_easy_game(page)
    # The rest of the game is played for the guest through the services (as the table would).
    play_whole_game(game, Owner(guest_id=game.guest_id))

    # The guest's own profile, « Invité », with the way to keep it.
    page.goto("/parties/")
    page.get_by_role("link", name="Mon profil").click()
    expect(page).to_have_url(re.compile(r"/joueurs/~invite/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Invité")
    expect(page.locator(".profile__game")).to_have_count(1)
    assert figure(page, "Parties terminées") == "1"
    expect_nothing_wider_than_the_screen(page, viewport)
    page.locator(".profile__keep").get_by_role("link", name="Créer un compte").click()
    page.get_by_label("Nom d’utilisateur").fill(username)
    page.get_by_label("Mot de passe :", exact=True).fill(PASSWORD)
    page.get_by_label("Confirmation du mot de passe").fill(PASSWORD)
    page.get_by_role("button", name="Créer un compte").click()
    expect(page).to_have_url(re.compile(rf"/joueurs/{username}/$"))

    # From anywhere, the header's username opens it (behind « Menu du site » on a phone).
    page.goto("/")
    site_link(page, username).click()
    expect(page).to_have_url(re.compile(rf"/joueurs/{username}/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text(username)
    expect(page.get_by_text("Tutoriel pas encore terminé.")).to_be_visible()

    owner = Owner(user_id=Game.objects.get(pk=game.pk).owner_id)
    follow_the_hint(tutorial_services.start_tutorial(owner=owner), owner)
    page.reload()
    expect(page.locator(".profile__tutorial")).to_contain_text("Tutoriel terminé ✓")

    stats = player_stats(owner)
    assert figure(page, "Parties terminées") == str(stats.overall.played) == "1"
    assert figure(page, "Victoires").startswith(str(stats.overall.won))
    # As the page rounds it (Django's floatformat: half up, a decimal comma).
    average = floatformat(stats.average_points, 1).replace(".", ",")
    assert figure(page, "Points par manche en moyenne") == average
    assert figure(page, "Lunes tirées") == str(stats.moons_shot)
    expect_nothing_wider_than_the_screen(page, viewport)

    # Someone else sees the same figures, and the game without its replay.
    other = browser.new_context(base_url=live_server_url, viewport=viewport, locale="fr-FR")
    try:
        stranger = other.new_page()
        stranger.goto(f"/joueurs/{username}/")
        assert figure(stranger, "Parties terminées") == "1"
        expect(stranger.locator(".profile__game")).to_have_count(1)
        expect(stranger.get_by_role("link", name="Revoir")).to_have_count(0)
        expect(
            stranger.get_by_text("Seuls les joueurs d’une partie peuvent la revoir.")
        ).to_be_visible()
    finally:
        other.close()

    # The table's settings, saved from the profile.
    page.get_by_label("Rapide", exact=True).check()
    page.get_by_role("button", name="Enregistrer les réglages").click()
    expect(page.get_by_role("status")).to_have_text("Réglages enregistrés.")
    expect(page.get_by_label("Rapide", exact=True)).to_be_checked()
    expect_nothing_wider_than_the_screen(page, viewport)

    # Its game, replayed from the profile.
    page.locator(".profile__game").get_by_role("link", name="Revoir").click()
    expect(page.get_by_role("heading", name="Feuille de marque")).to_be_visible()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_profile_pages_have_no_serious_accessibility_violation(
    page: Page, axe_source: str, viewport
):
    audit = Audit(page, axe_source)
    username = f"axe-{viewport['width']}"
    user = User.objects.create_user(username, password=PASSWORD)
    recorded_game(Owner(user_id=user.pk), hands=1)
    TutorialCompletion.objects.create(user=user)

    page.goto("/joueurs/~invite/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Invité")
    audit.check("the guest's profile")
    page.goto(f"/joueurs/{username}/")
    expect(page.get_by_role("heading", level=1)).to_have_text(username)
    audit.check("someone else's profile")
    page.goto("/compte/connexion/")
    page.get_by_label("Nom d’utilisateur").fill(username)
    page.get_by_label("Mot de passe").fill(PASSWORD)
    page.get_by_role("button", name="Se connecter").click()
    page.goto(f"/joueurs/{username}/")
    expect(page.get_by_role("button", name="Enregistrer les réglages")).to_be_visible()
    audit.check("one's own profile")
    page.goto("/joueurs/personne/")
    audit.check("an unknown player")
    audit.assert_clean()
