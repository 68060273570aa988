"""Where a card's server time goes: `python -m measuring.bench.profile [--games N]`.

Plays `make bench`'s short games against Normal bots through the real views (SQLite, one
process), profiles the requests alone with cProfile, and prints the share of their time in
three parts that do not overlap: the action (the service: lock, the hand's replay, the bots'
replies, the writes), the table's view-model (play.table.build_table) and the rendering of
templates; the rest is Django's request handling, sessions and middleware. Then, wherever
they run, the position's reading (the replay), the bots' choices and the database. cProfile
roughly doubles the time of pure-Python code: read the shares, not the milliseconds. Issue
38's breakdown in docs/architecture.md comes from this command."""

from __future__ import annotations

import argparse
import pstats
from cProfile import Profile

from measuring.bench.web import measure_actions

# The outermost calls of each part, as (file ending, function name): cProfile's cumulative
# time counts a recursive call (a template including another) once. The three parts do not
# overlap; the details are inside the action (and the database inside the view too).
PARTS: dict[str, tuple[tuple[str, str], ...]] = {
    "the action (services)": (("play/services.py", "_act"),),
    "the table's view-model": (("play/table.py", "build_table"),),
    "rendering templates": (("django/template/backends/django.py", "render"),),
}
DETAILS: dict[str, tuple[tuple[str, str], ...]] = {
    "reading the position": (("play/positions.py", "load_position"),),
    "the bots' choices": (
        ("game/bots/levels/normal.py", "choose_play"),
        ("game/bots/levels/normal.py", "choose_pass"),
    ),
    "the database": (("django/db/backends/utils.py", "_execute"),),
}


def cumulative(stats: pstats.Stats, places: tuple[tuple[str, str], ...]) -> float:
    """The cumulative seconds of the functions at `places`."""
    table = stats.stats  # type: ignore[attr-defined]  # pstats keeps it undocumented
    seconds: float = sum(
        entry[3]
        for (filename, _line, function), entry in table.items()
        if any(filename.endswith(end) and function == wanted for end, wanted in places)
    )
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3, help="50-point games played")
    args = parser.parse_args()
    profiler = Profile()
    figures = measure_actions(args.games, "normal", profiler)
    requests = sum(len(durations) for durations in figures.durations.values())
    stats = pstats.Stats(profiler)
    total = sum(entry[2] for entry in stats.stats.values())  # type: ignore[attr-defined]
    print(f"{requests} requests, {total / requests * 1000:.1f} ms each under the profiler")

    def line(name: str, seconds: float) -> str:
        return f"{name:>26}: {seconds / total:5.1%}   {seconds / requests * 1000:5.1f} ms"

    parts = {name: cumulative(stats, places) for name, places in PARTS.items()}
    for name, seconds in parts.items():
        print(line(name, seconds))
    print(line("the rest (request, session)", total - sum(parts.values())))
    print("of which, wherever they run:")
    for name, places in DETAILS.items():
        print(line(name, cumulative(stats, places)))


if __name__ == "__main__":
    main()
