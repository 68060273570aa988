"""Accessibility (issue 11): axe-core finds no serious or critical violation on the home
page, a solo table (passing with cards chosen, then playing with a card chosen), the
tutorial, the history (« Mes parties », « Mes statistiques », the score sheet « Feuille de
marque », a replay step) and the rules and tips pages, on a phone and on a desktop.

axe-core is the npm package pinned in package.json / package-lock.json, installed into
node_modules/ by scripts/ensure-node-modules.sh (which scripts/test-browser.sh runs): its script is
read from there and injected into each page, never fetched from the internet.

How it is injected: `page.evaluate(<the text of axe.min.js>)`. Playwright evaluates that
through the DevTools protocol, which the page's Content-Security-Policy does not govern
(docs/security.md: script-src 'self' plus a nonce, no 'unsafe-inline'), so the pages are
checked exactly as served, with their policy on. An injected `<script>` tag
(`page.add_script_tag`) would be refused by that policy, and a context with
`bypass_csp=True` would check pages whose policy is off, which is not what people get.
"""

from __future__ import annotations

import os
import re
from functools import cache
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from play.models import Game
from play.ownership import Owner
from tests.browser.conftest import ROOT
from tests.browser.screens import DESKTOP, PHONE
from tests.browser.table_page import TablePage, site_link
from tests.browser.test_tutorial import TutorialPage
from tests.driving import play_whole_game

AXE_SCRIPT = ROOT / "node_modules" / "axe-core" / "axe.min.js"
# What fails the test; "moderate" and "minor" findings are left out (issue 11).
FAILING_IMPACTS = ("serious", "critical")

VIEWPORTS = pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])

# Colours are read as drawn: a note fading in (tutorial.css, note-in) or a card sliding
# would be measured half transparent. Finite animations and transitions are let finish
# first; endless ones (a bot's « thinking » pulse) are not waited for.
RUN_AXE = """async () => {
  const finite = document.getAnimations().filter(
    (animation) => animation.effect && animation.effect.getComputedTiming().endTime !== Infinity
  );
  await Promise.all(finite.map((animation) => animation.finished.catch(() => null)));
  const results = await axe.run(document);
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => ({
      target: node.target.join(" "),
      summary: node.failureSummary || "",
    })),
  }));
}"""


@cache
def _axe_source() -> str:
    return AXE_SCRIPT.read_text(encoding="utf-8")


@pytest.fixture
def axe_source() -> str:
    if not AXE_SCRIPT.exists():
        message = (
            f"no axe-core at {AXE_SCRIPT.relative_to(ROOT)} "
            "(scripts/ensure-node-modules.sh installs it: npm ci)"
        )
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    return _axe_source()


class Audit:
    """Runs axe-core on each page shown and keeps its serious and critical violations."""

    def __init__(self, page: Page, source: str) -> None:
        self.page = page
        self.source = source
        self.found: list[str] = []

    def check(self, where: str) -> None:
        # A navigation drops the script; an htmx swap keeps it.
        if not self.page.evaluate("typeof window.axe === 'object'"):
            self.page.evaluate(self.source)
        violations: list[dict[str, Any]] = self.page.evaluate(RUN_AXE)
        for violation in violations:
            if violation["impact"] not in FAILING_IMPACTS:
                continue
            lines = [
                f"{where} ({self.page.url}): {violation['id']} [{violation['impact']}] "
                f"{violation['help']}"
            ]
            for node in violation["targets"]:
                summary = " ".join(node["summary"].split())
                lines.append(f"    {node['target']}  — {summary}")
            self.found.append("\n".join(lines))

    def assert_clean(self) -> None:
        assert not self.found, "serious or critical accessibility violations:\n" + "\n".join(
            self.found
        )


@pytest.fixture
def audit(page: Page, axe_source: str) -> Audit:
    return Audit(page, axe_source)


@VIEWPORTS
def test_home_rules_and_tips_pages(page: Page, audit: Audit, viewport):
    page.goto("/")
    expect(page.get_by_role("heading", name="Dame de Pique", level=1)).to_be_visible()
    audit.check("home")
    page.goto("/regles/")
    audit.check("rules")
    page.goto("/conseils/")
    audit.check("tips")
    audit.assert_clean()


@VIEWPORTS
def test_solo_table_while_passing_and_playing(page: Page, audit: Audit, viewport):
    table = TablePage(page, touch=viewport["width"] < 600)
    page.goto("/")
    table.press(page.get_by_role("button", name="Jouer", exact=True))
    expect(table.heading).to_have_text("Manche 1 · en 100 points")
    assert table.settle() == "pass"
    for name in table.card_names()[-3:]:
        table.click_card(name)
    expect(table.hand.get_by_role("checkbox", checked=True)).to_have_count(3)
    audit.check("table, passing, 3 cards chosen")

    table.press(page.get_by_role("button", name="Passer à gauche"))
    expect(table.hand.get_by_role("checkbox")).to_have_count(0, timeout=30_000)
    assert table.settle() == "play"
    table.click_card(table.playable_cards()[0])
    audit.check("table, playing, a card chosen")
    audit.assert_clean()


@VIEWPORTS
def test_tutorial(page: Page, audit: Audit, viewport):
    tutorial = TutorialPage(page, touch=viewport["width"] < 600)
    page.goto("/")
    tutorial.press(page.get_by_role("link", name="Apprendre à jouer", exact=True))
    expect(page.get_by_role("heading", name="Apprendre à jouer", level=1)).to_be_visible()
    audit.check("tutorial, start page")
    tutorial.press(page.get_by_role("button", name="Commencer"))
    expect(tutorial.heading).to_have_text("Apprendre à jouer · donne guidée")
    assert tutorial.settle() == "pass"
    expect(tutorial.notes).to_be_visible()
    audit.check("tutorial, the deal with its notes")
    audit.assert_clean()


@VIEWPORTS
def test_history_list_score_sheet_and_replay(page: Page, audit: Audit, viewport):
    page.goto("/")
    page.get_by_label("50 points (partie courte)").check()
    page.get_by_label("Facile").check()
    page.get_by_role("button", name="Commencer la partie").click()
    expect(page).to_have_url(re.compile(r"/partie/\d+/$"))
    game = Game.objects.get(pk=int(page.url.rstrip("/").rsplit("/", 1)[1]))
    # The rest of the game is played for the guest through the services.
    play_whole_game(game, Owner(guest_id=game.guest_id))

    page.goto("/")
    site_link(page, "Mes parties").click()
    expect(page.get_by_role("heading", name="Mes parties", level=1)).to_be_visible()
    audit.check("history, Mes parties")
    page.get_by_role("link", name="Mes statistiques").click()
    audit.check("history, Mes statistiques")

    page.goto("/parties/")
    page.locator(".game-row").first.get_by_role("link", name="Revoir").click()
    expect(page.get_by_role("heading", name="Feuille de marque")).to_be_visible()
    audit.check("history, Feuille de marque")
    page.get_by_role("link", name="Revoir la manche 1").click()
    expect(page.locator(".replay__step")).to_have_attribute("data-step", "0")
    audit.check("history, replay of hand 1, the deal")
    page.goto(f"/partie/{game.pk}/revoir/1/5/")
    expect(page.locator(".replay__step")).to_have_attribute("data-step", "5")
    audit.check("history, replay of hand 1, step 5")
    audit.assert_clean()
