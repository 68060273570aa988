"""Screen a variant of a level on a recorded arena series: `python -m measuring.screen --help`.

A change worth 0.3 points per hand is invisible to a 100-deal arena (about ±1.0 at 95%):
once a game takes another turn, the rest of the hand is a new draw, and the noise of every
hand swamps the few decisions the change is about. So a series is recorded once (`record`:
the passes and cards of every game that `arena.play_rotations` plays), and a variant is then
played on the very same games (`replay`): each of its decisions is asked on the recorded
view; while it chooses what was recorded, the recorded game goes on without asking the field;
from its first different choice the bots play the hand out, the field's as they would have
(a bot is stateless: its seed and the view fix its choice). A hand the variant plays alike
scores exactly as recorded, so the paired difference comes from the hands it changes only,
and the field's work before a divergence is saved.

Replaying a game gives the game the variant would have played in the arena itself (its first
decisions replayed, not re-searched): the screen measures the same thing as the arena with
the record's games as common random numbers.

A variant that changes the recorded level in a few positions only (the last tricks, say) may
say which: a method `departs(view) -> bool`, False where it surely chooses as the recorded
level does. The screen then takes the recorded choice there without asking it, so a screen
of such a variant costs its own decisions, not a replay of every search before them.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path
from typing import NamedTuple

from game.bots import Bot, bot_class
from game.bots.selfplay import play_to_end
from game.engine import Deal, Phase, PlayerView
from measuring.arena import Z_95, map_deals, play_deal, rotation_bots, series_deal


class RecordedGame(NamedTuple):
    """One game of a series: the passes (card codes per seat, none on a hold hand), every
    card in the order played, the scores with the moon applied, and who shot the moon."""

    passes: list[list[str]]
    plays: list[str]
    scores: list[int]
    moon: int | None


@dataclass(frozen=True)
class Series:
    """A recorded arena series: `games[number][rotation]`, the tested level in that seat."""

    tested: str
    field: str
    seed: int
    games: list[list[RecordedGame]]

    def save(self, path: Path) -> None:
        path.write_text(json.dumps(asdict(self)))

    @classmethod
    def load(cls, path: Path) -> Series:
        data = json.loads(path.read_text())
        games = [[RecordedGame(*game) for game in deal] for deal in data.pop("games")]
        return cls(games=games, **data)


def _recorded(deal: Deal) -> RecordedGame:
    return RecordedGame(
        passes=[[card.code for card in deal.passed(seat) or ()] for seat in range(4)],
        plays=[card.code for trick in deal.tricks for _, card in trick.plays],
        scores=deal.scores(),
        moon=deal.moon_shooter,
    )


def record_deal(tested: str, field: str, seed: int, number: int) -> list[RecordedGame]:
    """The four games of deal `number`, as `arena.play_rotations` plays them."""
    hands, direction = series_deal(seed, number)
    return [
        _recorded(
            play_deal(rotation_bots(tested, field, seed, number, rotation), hands, direction)[0]
        )
        for rotation in range(4)
    ]


def record(tested: str, field: str, deals: int, seed: int = 1, jobs: int = 1) -> Series:
    """Plays and records a series, as `arena.run_arena` would play it."""
    for level in (tested, field):
        bot_class(level)  # a ValueError for an unknown level, before any deal is played
    one_deal = partial(record_deal, tested, field, seed)
    return Series(tested, field, seed, map_deals(one_deal, deals, jobs))


class Replayed(NamedTuple):
    """A recorded game played again with a variant in the tested seat."""

    scores: list[int]
    moon: int | None
    diverged: bool
    """Whether the variant chose otherwise somewhere (else the game is the recorded one)."""


def _asks(bot: Bot, view: PlayerView) -> bool:
    """Whether the variant must be asked this decision (see `departs` above)."""
    departs = getattr(bot, "departs", None)
    return departs is None or bool(departs(view))


def replay_game(series: Series, variant: str, number: int, rotation: int) -> Replayed:
    """The game the variant would have played in place of the recorded tested level."""
    recorded = series.games[number][rotation]
    hands, direction = series_deal(series.seed, number)
    bots = rotation_bots(variant, series.field, series.seed, number, rotation)
    tested = bots[rotation]
    deal = Deal.start(hands, direction)
    diverged = False
    if deal.phase == Phase.PASSING:
        # The others' passes never depend on ours: theirs are the recorded ones.
        view = deal.view(rotation)
        if _asks(tested, view):
            mine = [card.code for card in tested.choose_pass(view)]
            diverged = set(mine) != set(recorded.passes[rotation])
        else:
            mine = recorded.passes[rotation]
        for seat in range(4):
            deal.submit_pass(seat, mine if seat == rotation else recorded.passes[seat])
    for code in recorded.plays:
        turn = deal.turn
        if diverged or turn is None:
            break
        asked = deal.view(turn) if turn == rotation else None
        if asked is not None and _asks(tested, asked):
            card = tested.choose_play(asked)
            diverged = card.code != code
            deal.play(turn, card)
        else:
            deal.play(turn, code)
    play_to_end(deal, bots)
    return Replayed(deal.scores(), deal.moon_shooter, diverged)


def relative_score(scores: Sequence[float], seat: int) -> float:
    """A seat's score minus the mean of the other three (negative is better)."""
    return scores[seat] - statistics.fmean(s for other, s in enumerate(scores) if other != seat)


class ScreenedDeal(NamedTuple):
    """One deal's four games, recorded and replayed with the variant."""

    recorded: float
    """The recorded tested level's paired difference on this deal, as the arena counts it."""
    change: float
    """The variant's paired difference minus the recorded one."""
    diverged: int
    """Of the four games, those the variant played otherwise."""
    recorded_moons: tuple[int, int]
    """Moons (shot by the tested seat, shot against it) in the recorded games."""
    variant_moons: tuple[int, int]


def screen_deal(series: Series, variant: str, number: int) -> ScreenedDeal:
    """Replays the four games of deal `number` with the variant in the tested seat."""
    recorded = replayed_total = 0.0
    diverged = 0
    recorded_moons = [0, 0]
    variant_moons = [0, 0]
    for rotation, game in enumerate(series.games[number]):
        replayed = replay_game(series, variant, number, rotation)
        recorded += relative_score(game.scores, rotation) / 4
        replayed_total += relative_score(replayed.scores, rotation) / 4
        diverged += replayed.diverged
        for moon, counts in ((game.moon, recorded_moons), (replayed.moon, variant_moons)):
            if moon is not None:
                counts[moon != rotation] += 1
    return ScreenedDeal(
        recorded,
        replayed_total - recorded,
        diverged,
        (recorded_moons[0], recorded_moons[1]),
        (variant_moons[0], variant_moons[1]),
    )


@dataclass(frozen=True)
class ScreenResult:
    """A variant's change over a recorded series; negative is better, as in the arena."""

    variant: str
    series: Series
    deals: list[ScreenedDeal]

    @property
    def change(self) -> float:
        return statistics.fmean(deal.change for deal in self.deals)

    @property
    def spread(self) -> float:
        """Half the 95% confidence interval of the change, from the per-deal changes."""
        if len(self.deals) < 2:
            return math.inf
        changes = [deal.change for deal in self.deals]
        return Z_95 * statistics.stdev(changes) / math.sqrt(len(changes))

    def report(self) -> str:
        series = self.series
        recorded = statistics.fmean(deal.recorded for deal in self.deals)
        hands = 4 * len(self.deals)
        return "\n".join(
            (
                f"{self.variant} in place of {series.tested} against a field of {series.field}:"
                f" {len(self.deals)} recorded deals x 4 seats, seed {series.seed}",
                f"  hands it played otherwise: {sum(deal.diverged for deal in self.deals)}"
                f" of {hands}",
                f"  recorded difference {recorded:+.3f};"
                f" change {self.change:+.3f}"
                f" (95% CI {self.change - self.spread:+.3f} .. {self.change + self.spread:+.3f};"
                " negative is better)",
                "  moons per 100 hands:"
                f" recorded {_moons([deal.recorded_moons for deal in self.deals], hands)};"
                f" variant {_moons([deal.variant_moons for deal in self.deals], hands)}",
            )
        )


def _moons(counts: list[tuple[int, int]], hands: int) -> str:
    """(shot, against) counts per game summed, per 100 hands."""
    shot = sum(count[0] for count in counts)
    against = sum(count[1] for count in counts)
    return f"shot {100 * shot / hands:.2f}, against {100 * against / hands:.2f}"


def screen(series: Series, variant: str, jobs: int = 1) -> ScreenResult:
    """Plays `variant` on every recorded game of the series, in the tested level's seat."""
    bot_class(variant)
    one_deal = partial(screen_deal, series, variant)
    return ScreenResult(variant, series, map_deals(one_deal, len(series.games), jobs))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m measuring.screen",
        description="Record an arena series, or screen a variant level on a recorded one.",
    )
    parser.add_argument(
        "--import",
        dest="modules",
        action="append",
        default=[],
        help="a module to import first (one that defines a variant level)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    commands = parser.add_subparsers(dest="command", required=True)
    recording = commands.add_parser("record", help="play and record a series")
    recording.add_argument("series", type=Path, help="the JSON file to write")
    recording.add_argument("--seat", required=True, help="tested level")
    recording.add_argument("--field", required=True, help="the other three")
    recording.add_argument("--deals", type=int, default=100, help="seeded deals (each played 4x)")
    recording.add_argument("--seed", type=int, default=1, help="seed of the deal series")
    replaying = commands.add_parser("replay", help="screen a variant on a recorded series")
    replaying.add_argument("series", type=Path, help="a file written by record")
    replaying.add_argument("--seat", required=True, help="the variant level")
    args = parser.parse_args(argv)
    for module in args.modules:
        importlib.import_module(module)
    if args.command == "record":
        record(args.seat, args.field, args.deals, args.seed, args.jobs).save(args.series)
        print(f"recorded {args.deals} deals x 4 seats in {args.series}")
    else:
        print(screen(Series.load(args.series), args.seat, args.jobs).report())


if __name__ == "__main__":
    main()
