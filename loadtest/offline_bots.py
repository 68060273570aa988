"""The offline game's figures in real Chromium: how long Pyodide takes to start with the
site's two zips and draw the first table, and how long each level's bot thinks per card
in the browser (the same game/bots the server runs, in Pyodide), Difficile's also split
between its tree search and its exact search of the last cards.

    .venv/bin/python -m loadtest.offline_bots [--deals 8] [--hard-deals 2]

Serves offline/static/offline/build/ (manage.py build_offline makes it) on a free port
of 127.0.0.1 and drives Debian's Chromium through Playwright; prints a table.
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from playwright.sync_api import sync_playwright

from game.bots.levels.hard import ENDGAME_CARDS
from loadtest.servers import HOST, free_port
from offline import bundle

CHROMIUM = "/usr/bin/chromium"
PAGE = b"<!doctype html><meta charset=utf-8><title>offline bots</title>"

# Run in the page: Pyodide from the build, the two zips unpacked, then the timings.
MEASURE = """
async ([zips, code]) => {
  const started = performance.now();
  const { loadPyodide } = await import("/pyodide/pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: "/pyodide/" });
  for (const zip of zips) pyodide.unpackArchive(await (await fetch(zip)).arrayBuffer(), "zip");
  const loaded = performance.now();
  return JSON.stringify({ loaded: loaded - started, results: JSON.parse(pyodide.runPython(code)) });
}
"""

# Python run in Pyodide: the first table (Django's set-up and a new game drawn), then every
# card of whole deals played by four bots of each level, each decision timed.
TIMINGS = """
import json, random, time
from game.bots import make_bot
from game.engine import Deal, Move, PassDirection, Phase, deal_hands
from offline.browser import OfflinePage

fields = {name: {"label": name, "choices": [["normale", "Normale"]]}
          for name in ("speed", "card_size", "auto_play", "sounds")}
started = time.perf_counter()
page = OfflinePage(json.dumps({"language": "fr", "languages": [["fr", "Français"]],
    "page_url": "/hors-ligne/",
    "preference_fields": fields, "preferences": {}, "user": None}))
answer = json.loads(page.new_game(50, "normal"))
first_table = (time.perf_counter() - started) * 1000

# A whole 50-point game against Normal, the person's cards chosen by the easy bot: each
# action timed as the page makes it (the move, the bots' replies, the table drawn).
person = make_bot("easy", seed=1)
actions = []
while not answer["finished"]:
    table = page.table
    deal, move = table.position.deal, table.move
    if deal.phase == Phase.PASSING and not deal.pass_submitted(0):
        cards = [card.code for card in person.choose_pass(deal.view(0))]
        action, form = "pass_cards", {"cards": cards, "move": move}
    elif deal.phase == Phase.PLAYING and deal.turn == 0:
        action, form = "play_card", {"card": person.choose_play(deal.view(0)).code, "move": move}
    elif deal.phase == Phase.FINISHED:
        action, form = "next_hand", {"move": move}
    else:
        action, form = "advance", {}
    clock = time.perf_counter()
    answer = json.loads(page.act(action, json.dumps(form)))
    actions.append((time.perf_counter() - clock) * 1000)

def decisions(level, deals):
    times = []
    for number in range(deals):
        bots = [make_bot(level, seed=number * 4 + seat) for seat in range(4)]
        deal = Deal.start(deal_hands(random.Random(number)), PassDirection.LEFT)
        for seat in range(4):
            Move.passing(seat, bots[seat].choose_pass(deal.view(seat))).apply(deal)
        while deal.phase != Phase.FINISHED:
            seat = deal.turn
            view = deal.view(seat)
            clock = time.perf_counter()
            card = bots[seat].choose_play(view)
            times.append((len(view.hand), (time.perf_counter() - clock) * 1000))
            Move.playing(seat, card).apply(deal)
    return times

json.dumps({"first_table": first_table, "actions": actions,
            "levels": {level: decisions(level, deals) for level, deals in LEVEL_DEALS}})
"""


class _Files(SimpleHTTPRequestHandler):
    """The build's files, and a blank page at / to run the measure from."""

    extensions_map = {
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".json": "application/json",
        ".zip": "application/zip",
    }

    def do_GET(self) -> None:
        if self.path == "/":
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(PAGE)
            return
        super().do_GET()

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the figures are the output."""


def measure(deals: int, hard_deals: int) -> dict[str, Any]:
    port = free_port()
    handler = functools.partial(_Files, directory=str(bundle.BUILD))
    server = ThreadingHTTPServer((HOST, port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    code = TIMINGS.replace(
        "LEVEL_DEALS", repr([("easy", deals), ("normal", deals), ("hard", hard_deals)])
    )
    zips = ["/" + bundle.ZIP_NAME, "/" + bundle.DJANGO_ZIP_NAME]
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
            )
            page = browser.new_page()
            page.set_default_timeout(600_000)
            page.goto(f"http://{HOST}:{port}/")
            measured: dict[str, Any] = json.loads(page.evaluate(MEASURE, [zips, code]))
            browser.close()
    finally:
        server.shutdown()
    return measured


def _quantile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=8, help="deals for Facile and Normal")
    parser.add_argument("--hard-deals", type=int, default=2, help="deals for Difficile")
    options = parser.parse_args()
    measured = measure(options.deals, options.hard_deals)
    print(f"Pyodide and the two zips: {measured['loaded'] / 1000:.2f} s")
    results = measured["results"]
    print(f"first table (Django set up, a new game drawn): {results['first_table']:.0f} ms")
    print("what                          count   p50 ms   p95 ms   max ms")
    rows = {"action (Normal, drawn)": results["actions"]}
    for level, timed in results["levels"].items():
        rows[f"{level} bot, a card"] = [ms for _, ms in timed]
    hard = results["levels"]["hard"]
    rows[f"hard, {ENDGAME_CARDS} cards or fewer"] = [
        ms for cards, ms in hard if cards <= ENDGAME_CARDS
    ]
    rows[f"hard, more than {ENDGAME_CARDS}"] = [ms for cards, ms in hard if cards > ENDGAME_CARDS]
    for what, times in rows.items():
        print(
            f"{what:<29} {len(times):>5} {statistics.median(times):>8.2f} "
            f"{_quantile(times, 0.95):>8.2f} {max(times):>8.2f}"
        )


if __name__ == "__main__":
    main()
