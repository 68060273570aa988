"""Run every benchmark and print the figures (pinned to one core where the OS allows)."""

from __future__ import annotations

import argparse
import os

from game.bench.engine import deals_per_second


def pin_to_one_core() -> str:
    if hasattr(os, "sched_setaffinity"):
        core = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {core})
        return f"core {core}"
    return "unpinned"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="engine measurement length")
    args = parser.parse_args()
    print(f"Dame de Pique benchmarks ({pin_to_one_core()})")
    played, rate = deals_per_second(args.seconds)
    print(f"engine: {rate:,.0f} complete random deals/s ({played} deals; target ≥ 10,000)")


if __name__ == "__main__":
    main()
