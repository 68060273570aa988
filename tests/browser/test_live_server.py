"""The browser suite's server (Daphne in a child process) reads the test database that
this process writes: rows a test commits are what the page shows."""

from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect


def test_a_user_made_by_the_test_can_log_in_through_the_browser(page: Page, transactional_db):
    get_user_model().objects.create_superuser("arbitre", password="dame-de-pique-2026")

    page.goto("/admin/login/")
    page.get_by_label("Nom d’utilisateur").fill("arbitre")
    page.get_by_label("Mot de passe").fill("dame-de-pique-2026")
    page.get_by_role("button", name="Connexion").click()

    expect(page.get_by_text("Bienvenue, ")).to_be_visible()
