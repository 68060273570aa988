"""Reviewing a finished game in the browser: « Mes parties », the score sheet, then one hand
stepped through with the keyboard, each step at its own address (docs/architecture.md:
« a history of past games with a move-by-move replay »)."""

from __future__ import annotations

import re
import uuid

import pytest
from playwright.sync_api import Page, expect

from play.models import Game
from play.ownership import Owner
from review import sharing
from tests.browser.screens import DESKTOP, PHONE
from tests.browser.table_page import site_link
from tests.driving import play_whole_game
from tests.review.builders import recorded_game

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
    site_link(page, "Mes parties").click()
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


# The seats of the replay never cover each other, and every card of a hand shows its whole
# corner (rank and suit) beside the next card, the next row below it.
_HAND_LAYOUT_JS = """
() => {
  const problems = [];
  const boxes = [...document.querySelectorAll("#replay .rseat")].map((seat) =>
    seat.getBoundingClientRect());
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b, j) => {
    const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (x > 1 && y > 1) problems.push(`seat ${i} over seat ${i + j + 1}`);
  }));
  for (const hand of document.querySelectorAll("#replay .rhand")) {
    const name = hand.getAttribute("aria-label");
    const seat = hand.closest(".rseat").getBoundingClientRect();
    const cards = [...hand.querySelectorAll(".card")].map((card) => ({
      box: card.getBoundingClientRect(),
      corner: card.querySelector(".card__corner").getBoundingClientRect(),
    }));
    cards.forEach(({ box, corner }, i) => {
      if (box.left < seat.left - 1 || box.right > seat.right + 1)
        problems.push(`${name}: card ${i} outside its seat`);
      const next = cards[i + 1];
      if (!next) return;
      // A received or passed card is raised a little: still the same row.
      const sameRow = Math.abs(next.box.top - box.top) < 8;
      if (sameRow && next.box.left < corner.right)
        problems.push(`${name}: the corner of card ${i} under the next`);
      if (!sameRow && next.box.top < box.bottom - 2)
        problems.push(`${name}: a row over card ${i}`);
    });
  }
  return problems;
}
"""


@pytest.mark.parametrize("viewport", [PHONE], ids=["phone"])
def test_a_shared_game_is_seen_from_another_seat_and_plays_itself(page: Page, viewport):
    owner = Owner(guest_id=uuid.uuid4())
    game = sharing.share_game(game=recorded_game(owner, hands=14, target=100))
    token = game.share_token

    # The sheet scrolls inside its own box; its header row stays in view.
    page.goto(f"/partage/{token}/")
    box = page.locator(".sheet__scroll")
    header = page.locator(".sheet__table thead th").nth(1)
    expect(header).to_have_text("Invité")
    assert box.evaluate("box => box.scrollHeight > box.clientHeight + 100")
    top = header.bounding_box()["y"]
    box.evaluate("box => { box.scrollTop = 300; }")
    assert box.evaluate("box => box.scrollTop") == 300
    assert abs(header.bounding_box()["y"] - top) < 1
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]

    page.goto(f"/partage/{token}/1/0/")
    page.wait_for_load_state("load")
    page.get_by_role("link", name="Voir depuis la place de Léa").click()
    expect(page).to_have_url(re.compile(r"/partage/[^/]+/1/0/\?place=1$"))
    expect(page.locator(".rseat--bottom .rseat__name")).to_have_text("Léa")
    expect(page.locator(".rseat--right .rseat__name")).to_have_text("Invité")
    expect(page.locator(".rhand")).to_have_count(4)
    assert page.evaluate(_HAND_LAYOUT_JS) == []

    page.get_by_label("Vitesse").select_option(label="rapide")
    play = page.get_by_role("button", name="Lecture auto")
    play.click()
    expect(play).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".replay__step")).to_have_attribute("data-step", "4", timeout=10_000)
    expect(page).to_have_url(re.compile(r"\?place=1$"))
    expect(play).to_have_attribute("aria-pressed", "true")  # the new step's button, still on
    page.keyboard.press("ArrowLeft")  # a step of one's own stops it
    expect(page.get_by_role("button", name="Lecture auto")).to_have_attribute(
        "aria-pressed", "false"
    )
    # Once the step asked for has come, nothing moves on: « rapide » would have gone on twice.
    page.wait_for_timeout(1000)
    stopped = page.locator(".replay__step").get_attribute("data-step")
    page.wait_for_timeout(1000)
    expect(page.locator(".replay__step")).to_have_attribute("data-step", stopped)
    assert page.evaluate(_HAND_LAYOUT_JS) == []

    # At the hand's last step there is nothing left to play.
    page.keyboard.press("End")
    expect(page.locator(".replay__step")).to_have_attribute("data-step", "53")
    play.click()
    expect(play).to_have_attribute("aria-pressed", "false")
