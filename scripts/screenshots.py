"""`make screens`: the solo table at the sizes the site is checked at, as a person sees it,
to look at before and after a change of its layout.

Starts Daphne on a fresh SQLite file (loadtest/servers.py), plays with Debian's Chromium the
way a newcomer does (« Jouer », « Indice » then the pass or « Jouer »), and writes
test-artifacts/screens/<state>-<width>x<height>.png for the states: pass (the first
screen), play (mid-hand, five tricks in), last-trick (« Dernier pli » open), menu (« Menu »
open) and sheet (« Feuille de marque »). Nothing is asserted: the browser suite does that.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from loadtest.servers import ROOT, ServerError, start_server, stop, wait_until_ready

SIZES = [(390, 844), (844, 390), (1280, 800), (1920, 1080), (360, 640), (667, 375)]
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
TRICKS_IN = 5
WAIT_MS = 30_000


def _ready(page) -> None:
    """The table waits for the player (no animation, no bot to come)."""
    page.wait_for_selector(
        "#table:not(.is-replaying):not([data-bots-pending='1']) [data-hint-button]",
        timeout=WAIT_MS,
    )


def _shoot(browser, base_url: str, out: Path, width: int, height: int) -> None:
    phone = min(width, height) < 600
    context = browser.new_context(
        base_url=base_url,
        viewport={"width": width, "height": height},
        locale="fr-FR",
        is_mobile=phone,
        has_touch=phone,
    )
    page = context.new_page()
    name = f"{width}x{height}"
    page.goto("/")
    page.get_by_role("button", name=re.compile("^Jouer$")).click()
    _ready(page)
    page.screenshot(path=out / f"pass-{name}.png")
    for _ in range(TRICKS_IN + 1):  # the pass, then the tricks
        _ready(page)
        move = int(page.locator("#table").get_attribute("data-move") or 0)
        page.locator("[data-hint-button]").click()
        page.locator("[data-submit]").click()
        page.wait_for_function(
            "move => Number(document.getElementById('table')?.dataset.move) > move",
            arg=move,
            timeout=WAIT_MS,
        )
        # The replay starts once htmx hands the new table to the script.
        page.wait_for_timeout(100)
    _ready(page)
    page.screenshot(path=out / f"play-{name}.png")
    page.get_by_text("Dernier pli", exact=True).click()
    page.screenshot(path=out / f"last-trick-{name}.png")
    page.reload()
    _ready(page)
    page.get_by_text("Menu", exact=True).click()
    page.screenshot(path=out / f"menu-{name}.png")
    page.locator(".menu__panel").get_by_role("button", name="Feuille de marque").click()
    page.get_by_role("dialog", name="Feuille de marque").get_by_role("row").nth(1).wait_for()
    page.screenshot(path=out / f"sheet-{name}.png")
    context.close()


def main() -> int:
    from playwright.sync_api import sync_playwright

    out = ROOT / "test-artifacts" / "screens"
    out.mkdir(parents=True, exist_ok=True)
    for path in out.glob("db.sqlite3*"):
        path.unlink()
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{out / 'db.sqlite3'}"}
    env.pop("REDIS_URL", None)
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )
    server = start_server(1, env, out)
    try:
        wait_until_ready(server, {}, timeout=30)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
            )
            for width, height in SIZES:
                _shoot(browser, server.url, out, width, height)
                print(f"{width}x{height} done")
            browser.close()
    except ServerError as error:
        print(error, file=sys.stderr)
        return 1
    finally:
        stop(server.process)
    print(f"screenshots in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
