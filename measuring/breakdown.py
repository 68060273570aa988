"""Where a recorded series' points come from: `python -m measuring.breakdown SERIES`.

The arena gives one figure per pair of levels, the tested level's points per hand against
the field's mean at its tables. To choose what to work on next, that figure is split here into
parts that add up to it exactly: the moons the tested level shot, the moons shot against it,
and in the other hands the Q♠ and the hearts, each counted as the tested seat's points minus
the mean of the three others'. Between two levels of equal strength the moon parts cancel
(one moon of ours, -26, against three of theirs, +26/3 each) and the others are 0; so the
parts say whether a gain comes from dodging the Q♠, from the hearts or from the moon, and
which of its moon parts a change should move. The same difference is also given by pass
direction.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from game.engine import Card, Deal, PassDirection, Phase
from game.engine.cards import QUEEN_OF_SPADES_BIT
from game.engine.rules import points_of
from measuring.arena import moon_attempted, series_deal
from measuring.screen import RecordedGame, Series, relative_score

QUEEN_POINTS = points_of(QUEEN_OF_SPADES_BIT)
# A hand without a moon this costly is most often a run that failed, or the Q♠ with most hearts.
HEAVY_POINTS = 20


@dataclass
class Breakdown:
    """The tested level's difference over a series, in parts that add up to it."""

    series: Series
    hands: int = 0
    moons_shot: float = 0.0
    """Sum over the hands it shot the moon of its paired difference (-26 each)."""
    moons_against: float = 0.0
    """The same over the hands another seat shot the moon (+26/3 each)."""
    queen: float = 0.0
    """Over the other hands: 13 when it took the Q♠, minus 13/3 when a field seat did."""
    hearts: float = 0.0
    """Over the other hands: its hearts minus the field's mean."""
    moon_counts: list[int] = field(default_factory=lambda: [0, 0, 0])
    """Hands in which it led a moon race, shot the moon, had one shot against it."""
    queens: list[float] = field(default_factory=lambda: [0.0, 0.0])
    """In the hands without a moon: the Q♠ taken by it, and by a field seat on average."""
    heavy: list[float] = field(default_factory=lambda: [0.0, 0.0])
    """In the hands without a moon: those it ended with `HEAVY_POINTS` or more, and a field
    seat on average."""
    by_direction: dict[PassDirection, list[float]] = field(default_factory=dict)

    @property
    def difference(self) -> float:
        return (self.moons_shot + self.moons_against + self.queen + self.hearts) / self.hands

    def add(self, deal: Deal, game: RecordedGame, seat: int) -> None:
        """Counts one recorded game, played out again on the engine, the tested level in `seat`."""
        scores = game.scores
        others = [other for other in range(4) if other != seat]
        relative = relative_score(scores, seat)
        self.hands += 1
        self.by_direction.setdefault(deal.direction, []).append(relative)
        self.moon_counts[0] += moon_attempted(deal, seat)
        if game.moon == seat:
            self.moons_shot += relative
            self.moon_counts[1] += 1
            return
        if game.moon is not None:
            self.moons_against += relative
            self.moon_counts[2] += 1
            return
        taker = deal.queen_taker
        queens = [QUEEN_POINTS if taker == player else 0 for player in range(4)]
        self.queen += relative_score(queens, seat)
        self.queens[0] += taker == seat
        self.queens[1] += sum(taker == other for other in others) / 3
        self.heavy[0] += scores[seat] >= HEAVY_POINTS
        self.heavy[1] += sum(scores[other] >= HEAVY_POINTS for other in others) / 3
        hearts = [scores[player] - queens[player] for player in range(4)]
        self.hearts += relative_score(hearts, seat)

    def report(self) -> str:
        series = self.series
        hands = self.hands
        per_100 = [100 * count / hands for count in self.moon_counts]
        lines = [
            f"{series.tested} against a field of {series.field}: {len(series.games)} recorded"
            f" deals x 4 seats, seed {series.seed}; points per hand, its own minus the field's"
            " mean (negative is better)",
            f"  difference {self.difference:+.3f} ="
            f" moons it shot {self.moons_shot / hands:+.3f}"
            f" + moons against it {self.moons_against / hands:+.3f}"
            f" + the Q♠ {self.queen / hands:+.3f} + hearts {self.hearts / hands:+.3f}",
            f"  moons per 100 hands: races led {per_100[0]:.2f}, shot {per_100[1]:.2f},"
            f" shot against it {per_100[2]:.2f}",
            f"  hands without a moon: it took the Q♠ {self.queens[0]:.0f} times,"
            f" a field seat {self.queens[1]:.1f} on average; {HEAVY_POINTS} points or more:"
            f" it {self.heavy[0]:.0f} times, a field seat {self.heavy[1]:.1f}",
        ]
        for direction in PassDirection:
            differences = self.by_direction.get(direction)
            if differences:
                lines.append(
                    f"  pass {direction.name.lower()}: {statistics.fmean(differences):+.3f}"
                    f" over {len(differences)} hands"
                )
        return "\n".join(lines)


def replayed_games(series: Series) -> Iterator[tuple[Deal, RecordedGame, int]]:
    """Every recorded game played out again on the engine, with the tested level's seat."""
    for number, games in enumerate(series.games):
        hands, direction = series_deal(series.seed, number)
        for seat, game in enumerate(games):
            yield _played(hands, direction, game), game, seat


def _played(hands: Sequence[Sequence[Card]], direction: PassDirection, game: RecordedGame) -> Deal:
    deal = Deal.start(hands, direction)
    if deal.phase == Phase.PASSING:
        for player in range(4):
            deal.submit_pass(player, game.passes[player])
    for code in game.plays:
        turn = deal.turn
        assert turn is not None, "a recorded game holds 52 cards"
        deal.play(turn, code)
    return deal


def breakdown(series: Series) -> Breakdown:
    """The tested level's difference over a recorded series, split into its parts."""
    result = Breakdown(series)
    for deal, game, seat in replayed_games(series):
        result.add(deal, game, seat)
    return result


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m measuring.breakdown",
        description="Split a recorded series' difference (measuring.screen record) into parts.",
    )
    parser.add_argument("series", type=Path, help="a file written by measuring.screen record")
    args = parser.parse_args(argv)
    series = Series.load(args.series)
    if not series.games:
        parser.error(f"{args.series} holds no games")
    print(breakdown(series).report())


if __name__ == "__main__":
    main()
