"""« Jouer hors ligne » in real Chromium: « Préparer le jeu hors ligne » downloads the offline
files with a progress bar in bytes, then « Prêt : vous pouvez jouer sans connexion »; the
page starts the site's own engine and bots in Pyodide and plays a deal with them. With the
network cut (context.set_offline), the service worker serves the offline page again, the
engine runs again from the cache, and a page that needs the server says « Disponible avec
une connexion »."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Page, expect

# Pyodide's start from the cache takes about 2.5 s on this machine; generous for a busy one.
ENGINE_MS = 60_000


def test_prepare_then_the_engine_runs_with_the_network_cut(page: Page) -> None:
    page.goto("/hors-ligne/")
    expect(page.get_by_role("heading", name="Jouer hors ligne")).to_be_visible()
    expect(page.locator("[data-size]")).to_contain_text("À télécharger une fois")

    started = time.monotonic()
    page.get_by_role("button", name="Préparer le jeu hors ligne").click()
    expect(page.get_by_text("Prêt : vous pouvez jouer sans connexion")).to_be_visible(
        timeout=ENGINE_MS
    )
    prepared = time.monotonic() - started
    bytes_text = page.locator("[data-bytes]").inner_text()
    done, total = re.findall(r"[\d,]+", bytes_text)[:2]
    assert done == total and float(total.replace(",", ".")) > 10, bytes_text
    engine = page.locator("[data-engine]")
    expect(engine).to_contain_text("Moteur prêt", timeout=ENGINE_MS)
    # The 13 tricks' points of a deal always add up to 26: the engine really played it.
    assert page.locator(".offline").get_attribute("data-engine-points") == "26"
    print(f"\noffline: prepared in {prepared:.1f} s; {engine.inner_text()}")

    page.context.set_offline(True)
    started = time.monotonic()
    page.goto("/hors-ligne/")
    expect(page.get_by_text("Prêt : vous pouvez jouer sans connexion")).to_be_visible()
    expect(engine).to_contain_text("Moteur prêt", timeout=ENGINE_MS)
    print(f"offline, network cut: engine ready {time.monotonic() - started:.1f} s after the load")
    assert page.locator(".offline").get_attribute("data-engine-points") == "26"

    page.goto("/")
    expect(page.get_by_role("heading", name="Jouer hors ligne")).to_be_visible()
    page.goto("/parties/")
    expect(page.get_by_role("heading", name="Disponible avec une connexion")).to_be_visible()
    page.get_by_role("link", name="Jouer hors ligne").click()
    expect(page.get_by_role("heading", name="Jouer hors ligne")).to_be_visible()
