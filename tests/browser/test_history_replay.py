"""Reviewing a finished game in the browser: « Mes parties », the score sheet, then one hand
stepped through with the keyboard, each step at its own address (docs/architecture.md:
« a history of past games with a move-by-move replay »)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from game.models import Game
from game.ownership import Owner
from tests.browser.screens import DESKTOP, PHONE
from tests.driving import play_whole_game

STEP = re.compile(r"Étape (\d+) / (\d+)")


def start_short_easy_game(page: Page) -> Game:
    """« Nouvelle partie » on the home page, as a person starts one: 50 points, Facile."""
    page.goto("/")
    page.get_by_label("50 points (partie courte)").check()
    page.get_by_label("Facile").check()
    page.get_by_role("button", name="Commencer la partie").click()
    expect(page).to_have_url(re.compile(r"/partie/\d+/$"))
    return Game.objects.get(pk=int(page.url.rstrip("/").rsplit("/", 1)[1]))


def step_shown(page: Page) -> tuple[int, int]:
    text = page.locator(".replay__step").inner_text()
    match = STEP.search(text)
    assert match, text
    return int(match[1]), int(match[2])


def expect_step(page: Page, step: int) -> None:
    expect(page.locator(".replay__step")).to_have_attribute("data-step", str(step))
    expect(page).to_have_url(re.compile(rf"/revoir/1/{step}/$"))


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_finished_game_is_replayed_hand_by_hand_with_the_keyboard(page: Page, viewport):
    game = start_short_easy_game(page)
    # The rest of the game is played for the guest through the services (as the table would).
    play_whole_game(game, Owner(guest_id=game.guest_id))

    page.goto("/")
    page.get_by_role("link", name="Mes parties").first.click()
    row = page.locator(".game-row").first
    expect(row.locator(".result")).to_have_text(re.compile("Victoire|Défaite"))
    row.get_by_role("link", name="Revoir").click()
    expect(page.get_by_role("heading", name="Feuille de marque")).to_be_visible()
    page.get_by_role("link", name="Revoir la manche 1").click()
    # The keys work once the page's script has run, as for a person who waits for the page.
    page.wait_for_load_state("load")

    # The deal: all four hands, since the game is over.
    expect(page.locator(".replay__caption")).to_have_text(
        "La donne : chacun passera 3 cartes à gauche."
    )
    expect(page.locator(".rhand")).to_have_count(4)
    _step, last = step_shown(page)
    assert last == 53

    page.keyboard.press("ArrowRight")
    expect_step(page, 1)
    expect(page.locator(".replay__caption")).to_have_text(
        "L’échange : chacun a passé 3 cartes à gauche."
    )
    for step in range(2, 6):
        page.keyboard.press("ArrowRight")
        expect_step(page, step)
        expect(page.locator(".rtrick .rplayed")).to_have_count(step - 1)
    expect(page.locator(".replay__caption")).to_contain_text("Pli 1 pour")
    expect(page.locator(".rplayed.is-winner")).to_have_count(1)

    page.keyboard.press("ArrowLeft")
    expect_step(page, 4)
    page.keyboard.press("PageDown")
    expect_step(page, 5)
    page.keyboard.press("PageDown")
    expect_step(page, 9)
    page.keyboard.press("End")
    expect_step(page, 53)
    expect(page.locator(".replay__caption")).to_contain_text("Pli 13 pour")
    page.keyboard.press("Home")
    expect_step(page, 0)

    # The address of a step is the step: reloading it shows the same position.
    page.keyboard.press("PageDown")
    expect_step(page, 1)
    page.reload()
    expect_step(page, 1)
    expect(page.locator(".rhand .is-received")).to_have_count(12)
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
