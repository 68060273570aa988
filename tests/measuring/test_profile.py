"""The card's profile adds up what it names: a part's cumulative time, found by file and
function, is inside the profile's total and counts a recursive call once."""

from __future__ import annotations

import pstats
from cProfile import Profile

from measuring.bench.profile import cumulative


def countdown(steps: int) -> int:
    return 0 if steps == 0 else 1 + countdown(steps - 1)


def busy() -> int:
    return sum(countdown(50) for _ in range(200))


def test_a_part_is_measured_once_inside_the_total() -> None:
    profiler = Profile()
    profiler.runcall(busy)
    stats = pstats.Stats(profiler)
    total = sum(entry[2] for entry in stats.stats.values())  # type: ignore[attr-defined]
    recursive = cumulative(stats, (("tests/measuring/test_profile.py", "countdown"),))
    outer = cumulative(stats, (("tests/measuring/test_profile.py", "busy"),))
    assert 0 < recursive <= outer <= total
    assert cumulative(stats, (("nowhere.py", "countdown"),)) == 0
