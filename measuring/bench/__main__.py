"""Run every benchmark and print the figures; each runs in this one process, on one core."""

from __future__ import annotations

import argparse
import os

from measuring.bench.bots import time_decisions
from measuring.bench.engine import deals_per_second
from measuring.bench.matcher import time_matcher
from measuring.bench.moments import time_analyses
from measuring.bench.pushes import time_pushes
from measuring.bench.web import measure_actions


def _load() -> str:
    """Other work on the machine skews every figure: print it beside them."""
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="engine measurement length")
    parser.add_argument("--deals", type=int, default=40, help="deals timed per easy/normal bot")
    parser.add_argument("--hard-deals", type=int, default=4, help="deals timed for the hard bot")
    parser.add_argument("--games", type=int, default=3, help="50-point games played on the site")
    parser.add_argument("--analysed", type=int, default=6, help="hands analysed (key moments)")
    args = parser.parse_args()
    print(f"Dame de Pique benchmarks ({os.cpu_count()} cores; one used, load {_load()})")
    played, rate = deals_per_second(args.seconds)
    print(f"engine: {rate:,.0f} complete random deals/s ({played} deals; target ≥ 10,000)")
    print("bot decision times (targets: easy/normal p95 < 5 ms; hard p95 < 500 ms, max < 1 s)")
    for level, deals in (("easy", args.deals), ("normal", args.deals), ("hard", args.hard_deals)):
        if deals:
            print(f"  {time_decisions(level, deals)}", flush=True)
    print("site, SQLite, Normal bots (targets: card play p50 < 15 ms, p95 < 40 ms, ≤ 9 queries)")
    for line in measure_actions(args.games, "normal").lines():
        print(f"  {line}")
    if args.analysed:
        print("key moments (target: the first analysis of a 13-trick hand under 3 s)")
        print(f"  {time_analyses(args.analysed)}")
    print(time_matcher(1000), flush=True)
    print(f"{time_pushes()} (target ≤ 1.5 ms)", flush=True)


if __name__ == "__main__":
    main()
