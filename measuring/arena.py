"""Measure one level against a field of another: `python -m measuring.arena --help`.

Every seeded deal is played four times, the tested bot rotated through the four seats and
the field bots in the other three, so a lucky hand helps both sides alike. The figure of
merit is paired by deal: the tested bot's mean score over its four games minus the field's
mean over the same four games (negative is better, Hearts being a game of fewest points).

`options` give a level's bots their settings (`{"hard": {"samples": 32}}` for a cheaper
Difficile, as the smoke test in tests/bots does); any registered level may play, offered or not.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from multiprocessing import Pool
from typing import NamedTuple

from game.bots import bot_class, make_bot
from game.bots.base import Bot, registered_levels
from game.bots.selfplay import play_to_end
from game.engine import Card, Deal, PassDirection, Phase, PlayerView, deal_hands

Z_95 = 1.96
# Points a seat must hold alone, every point taken so far, for its hand to count as a moon
# attempt in the report: the Q♠ and seven hearts, past where a hand that merely took the queen
# early stands, and where the others must stop it or lose 26.
MOON_ATTEMPT = 20

type LevelOptions = Mapping[str, Mapping[str, object]]
"""Per level code, the keyword options its bots are made with."""


class DealOutcome(NamedTuple):
    """One seeded deal played in the four rotations."""

    tested_mean: float
    field_mean: float
    tested_moons: int
    field_moons: int
    tested_attempts: int
    decision_seconds: tuple[float, ...]
    """How long each decision of the tested bot took (passes and plays)."""


@dataclass(frozen=True)
class ArenaResult:
    """The figures of one series; `difference` is tested minus field, so negative is better."""

    tested: str
    field: str
    deals: int
    seed: int
    tested_mean: float
    field_mean: float
    difference: float
    ci_low: float
    ci_high: float
    tested_moons: int
    """Hands in which the tested bot shot the moon."""
    field_moons: int
    """Hands in which a field bot shot the moon at a table where the tested bot sat."""
    tested_attempts: int
    """Hands in which the tested bot led a moon race (`moon_attempted`), shot or not."""
    decision_seconds: tuple[float, ...]

    def per_100_hands(self, count: int) -> float:
        """A count of the tested bot's hands (`deals` x 4 of them) per 100 hands."""
        return 100 * count / (4 * self.deals)

    def percentile_ms(self, fraction: float) -> float:
        """A percentile of the tested bot's decision times, in milliseconds."""
        ordered = sorted(self.decision_seconds)
        return 1000 * ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]

    def report(self) -> str:
        return "\n".join(
            (
                f"{self.deals} deals x 4 seats, seed {self.seed}: "
                f"{self.tested} against a field of {self.field}",
                f"  {self.tested:>8}: {self.tested_mean:6.3f} points per hand"
                f" ({self.tested_moons} moons shot)",
                f"  {'field':>8}: {self.field_mean:6.3f} points per hand"
                f" ({self.field_moons} moons shot)",
                f"  difference: {self.difference:+.3f}"
                f"  (95% CI {self.ci_low:+.3f} .. {self.ci_high:+.3f}; negative is better)",
                f"  moons per 100 hands of {self.tested}:"
                f" attempted {self.per_100_hands(self.tested_attempts):.2f},"
                f" shot {self.per_100_hands(self.tested_moons):.2f};"
                f" shot against it by the field {self.per_100_hands(self.field_moons):.2f}",
                f"  {self.tested} decision time: p50 {self.percentile_ms(0.5):.3f} ms,"
                f" p95 {self.percentile_ms(0.95):.3f} ms,"
                f" p99 {self.percentile_ms(0.99):.3f} ms,"
                f" max {1000 * max(self.decision_seconds):.3f} ms"
                f" over {len(self.decision_seconds)} decisions",
            )
        )


def _seed_of(*parts: object) -> int:
    """A reproducible seed from its parts (string seeding, never the salted `hash()`)."""
    return random.Random(":".join(map(str, parts))).getrandbits(63)


def play_deal(
    bots: Sequence[Bot],
    hands: Sequence[Sequence[Card]],
    direction: PassDirection,
    timed_seat: int | None = None,
) -> tuple[Deal, list[float]]:
    """Plays one deal to the end between four bots; returns it and the timed seat's timings."""
    timings: list[float] = []
    players = [_Timed(bot, timings) if seat == timed_seat else bot for seat, bot in enumerate(bots)]
    deal = Deal.start(hands, direction)
    if deal.phase == Phase.PASSING:
        choices = [players[seat].choose_pass(deal.view(seat)) for seat in range(4)]
        for seat, cards in enumerate(choices):
            deal.submit_pass(seat, cards)
    return play_to_end(deal, players), timings


class _Timed:
    """A bot whose every decision's duration is added to `timings`."""

    def __init__(self, bot: Bot, timings: list[float]) -> None:
        self.bot = bot
        self.timings = timings

    def choose_pass(self, view: PlayerView) -> list[Card]:
        return self._timed(self.bot.choose_pass, view)

    def choose_play(self, view: PlayerView) -> Card:
        return self._timed(self.bot.choose_play, view)

    def _timed[T](self, choose: Callable[[PlayerView], T], view: PlayerView) -> T:
        started = time.perf_counter()
        choice = choose(view)
        self.timings.append(time.perf_counter() - started)
        return choice


def series_deal(seed: int, number: int) -> tuple[list[list[Card]], PassDirection]:
    """The hands and the pass direction of deal `number` of a series."""
    return deal_hands(random.Random(_seed_of("deal", seed, number))), PassDirection.for_hand(
        number + 1
    )


def rotation_bots(
    tested: str,
    field: str,
    seed: int,
    number: int,
    rotation: int,
    options: LevelOptions | None = None,
) -> list[Bot]:
    """The four bots of one game of the series: the tested level in seat `rotation`.

    Each bot's seed depends on the series, the deal, the rotation and its seat only, so a
    game can be played again (`measuring.screen`) with the same bots.
    """
    options = options or {}
    levels = [tested if seat == rotation else field for seat in range(4)]
    return [
        make_bot(level, seed=_seed_of(seed, number, rotation, seat), **options.get(level, {}))
        for seat, level in enumerate(levels)
    ]


def play_rotations(
    tested: str, field: str, seed: int, number: int, options: LevelOptions | None = None
) -> DealOutcome:
    """Deal `number` of the series, with the tested bot in each seat in turn."""
    hands, direction = series_deal(seed, number)
    tested_scores, field_scores, timings = [], [], []
    tested_moons = field_moons = tested_attempts = 0
    for rotation in range(4):
        bots = rotation_bots(tested, field, seed, number, rotation, options)
        deal, times = play_deal(bots, hands, direction, timed_seat=rotation)
        scores = deal.scores()
        tested_scores.append(scores[rotation])
        field_scores.append(
            statistics.fmean(s for seat, s in enumerate(scores) if seat != rotation)
        )
        timings += times
        tested_attempts += moon_attempted(deal, rotation)
        if deal.moon_shooter is not None:
            if deal.moon_shooter == rotation:
                tested_moons += 1
            else:
                field_moons += 1
    return DealOutcome(
        statistics.fmean(tested_scores),
        statistics.fmean(field_scores),
        tested_moons,
        field_moons,
        tested_attempts,
        tuple(timings),
    )


def moon_attempted(deal: Deal, seat: int) -> bool:
    """Whether `seat` led a moon race: alone with every point taken, `MOON_ATTEMPT` or more.

    A shot moon always counts; a hand that took only the early Q♠ and a few hearts does not.
    """
    taken = mine = 0
    for trick in deal.tricks:
        taken += trick.points
        if trick.winner == seat:
            mine += trick.points
        if mine != taken:
            return False
        if mine >= MOON_ATTEMPT:
            return True
    return False


def map_deals[T](one_deal: Callable[[int], T], deals: int, jobs: int) -> list[T]:
    """`one_deal` of deals 0 to `deals` - 1, in order, on `jobs` worker processes."""
    if jobs > 1:
        with Pool(jobs) as pool:
            return pool.map(one_deal, range(deals), chunksize=max(1, deals // (4 * jobs)))
    return [one_deal(number) for number in range(deals)]


def run_arena(
    tested: str,
    field: str,
    deals: int,
    seed: int = 1,
    jobs: int = 1,
    options: LevelOptions | None = None,
) -> ArenaResult:
    """Plays `deals` seeded deals in four rotations each and sums them up."""
    for level in (tested, field):
        bot_class(level)  # a ValueError for an unknown level, before any deal is played
    if deals < 1:
        raise ValueError("the arena needs at least one deal")
    outcomes = map_deals(partial(play_rotations, tested, field, seed, options=options), deals, jobs)
    differences = [outcome.tested_mean - outcome.field_mean for outcome in outcomes]
    difference = statistics.fmean(differences)
    spread = Z_95 * statistics.stdev(differences) / math.sqrt(deals) if deals > 1 else math.inf
    return ArenaResult(
        tested=tested,
        field=field,
        deals=deals,
        seed=seed,
        tested_mean=statistics.fmean(outcome.tested_mean for outcome in outcomes),
        field_mean=statistics.fmean(outcome.field_mean for outcome in outcomes),
        difference=difference,
        ci_low=difference - spread,
        ci_high=difference + spread,
        tested_moons=sum(outcome.tested_moons for outcome in outcomes),
        field_moons=sum(outcome.field_moons for outcome in outcomes),
        tested_attempts=sum(outcome.tested_attempts for outcome in outcomes),
        decision_seconds=tuple(t for outcome in outcomes for t in outcome.decision_seconds),
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m measuring.arena",
        description="Average points per hand of one bot level against a field of another.",
    )
    parser.add_argument("--deals", type=int, default=400, help="seeded deals (each played 4x)")
    levels = list(registered_levels())
    parser.add_argument("--seat", choices=levels, default="normal", help="tested level")
    parser.add_argument("--field", choices=levels, default="easy", help="the other three")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deal series")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args(argv)
    result = run_arena(args.seat, args.field, args.deals, args.seed, args.jobs)
    print(result.report())


if __name__ == "__main__":
    main()
