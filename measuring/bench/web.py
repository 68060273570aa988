"""Server time and queries of a human action through the real view, on a scratch SQLite file.

A card play is timed from the request to the response, so it includes the lock, the replay
of the hand, the bots' replies up to the human's next turn, the inserts and the rendering.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from cProfile import Profile
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

# How htmx posts a form (its default encoding), and so the table's actions.
FORM = "application/x-www-form-urlencoded"


@dataclass
class ActionFigures:
    durations: dict[str, list[float]] = field(default_factory=dict)
    queries: dict[str, list[int]] = field(default_factory=dict)

    def add(self, action: str, seconds: float, query_count: int) -> None:
        self.durations.setdefault(action, []).append(seconds)
        self.queries.setdefault(action, []).append(query_count)

    def lines(self) -> list[str]:
        lines = []
        for action, durations in self.durations.items():
            ordered = sorted(durations)
            p95 = ordered[int(0.95 * (len(ordered) - 1))]
            lines.append(
                f"{action:>10}: p50 {statistics.median(ordered) * 1000:6.2f} ms   "
                f"p95 {p95 * 1000:6.2f} ms   queries max {max(self.queries[action])}   "
                f"({len(ordered)} requests)"
            )
        return lines


def _setup_django(database: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django
    from django.conf import settings
    from django.core.management import call_command

    django.setup()
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    call_command("migrate", verbosity=0)


def measure_actions(games: int, level: str, profiler: Profile | None = None) -> ActionFigures:
    """Play `games` short games as a person would, through htmx posts; time each action
    (and, given a `profiler`, profile the requests alone: measuring.bench.profile)."""
    with tempfile.TemporaryDirectory() as scratch:
        _setup_django(Path(scratch) / "bench.sqlite3")
        return _play_games(games, level, profiler)


def _play_games(games: int, level: str, profiler: Profile | None) -> ActionFigures:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from game.bots import make_bot
    from game.engine import Phase
    from play.models import Game
    from play.positions import bots_pending, load_position
    from play.seats import HUMAN

    figures = ActionFigures()
    client = Client(headers={"HX-Request": "true"})
    player = make_bot("normal", seed=3)
    for _ in range(games):
        client.post("/partie/nouvelle/", {"target": 50, "difficulty": level})
        game = Game.objects.latest("pk")
        while True:
            game = Game.objects.select_related("current_hand").get(pk=game.pk)
            if game.is_finished:
                break
            position = load_position(game)
            deal, base = position.deal, f"/partie/{game.pk}/"
            data: dict[str, int | str | list[str]] = {"move": game.move_count}
            if bots_pending(position):
                action, url = "advance", base + "avancer/"
            elif deal.phase == Phase.PASSING:
                cards = player.choose_pass(deal.view(HUMAN))
                action, url = "pass", base + "passer/"
                data["cards"] = [card.code for card in cards]
            elif deal.phase == Phase.PLAYING:
                action, url = "play card", base + "jouer/"
                data["card"] = player.choose_play(deal.view(HUMAN)).code
            else:
                action, url = "next hand", base + "manche-suivante/"
            with CaptureQueriesContext(connection) as queries:
                if profiler is not None:
                    profiler.enable()
                started = time.perf_counter()
                response = client.post(url, urlencode(data, doseq=True), content_type=FORM)
                elapsed = time.perf_counter() - started
                if profiler is not None:
                    profiler.disable()
            if response.status_code != 200:
                raise RuntimeError(f"{action} answered {response.status_code}")
            figures.add(action, elapsed, len(queries))
    return figures
