"""The player's statistics, computed by the database: a fixed handful of queries whatever
the number of games (one aggregate over the games, one over the hands, the best and the
worst game), never a loop over games or moves in Python."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Avg, Count, F, FloatField, Q, QuerySet
from django.db.models.functions import Cast
from django.utils.translation import gettext_lazy

from play.models import Difficulty, Game, Hand, Target
from play.ownership import Owner
from play.seats import BOT_SEATS, HUMAN
from review.selectors import solo_games

FINISHED = Q(status=Game.Status.FINISHED)
TARGET_LABELS = {Target.SHORT: gettext_lazy("50 points"), Target.FULL: gettext_lazy("100 points")}
WON = FINISHED & Q(winner=HUMAN)


@dataclass(frozen=True)
class Record:
    """Finished games and wins in one category (a level, a length, or all)."""

    label: str
    played: int
    won: int

    @property
    def rate(self) -> int | None:
        """The win rate in whole percent; None before any finished game."""
        return round(100 * self.won / self.played) if self.played else None


@dataclass(frozen=True)
class Stats:
    overall: Record
    in_progress: int
    by_difficulty: list[Record]
    by_target: list[Record]
    hands: int
    average_points: float | None
    clean_hands: int
    queens: int
    moons_shot: int
    moons_suffered: int
    best: Game | None
    worst: Game | None

    @property
    def empty(self) -> bool:
        return not (self.overall.played or self.in_progress or self.hands)


def _game_totals(games: QuerySet[Game]) -> dict[str, int]:
    """Every game count in one query, by conditional aggregation."""
    counts = {
        "played": Count("pk", filter=FINISHED),
        "won": Count("pk", filter=WON),
        "in_progress": Count("pk", filter=Q(status=Game.Status.PLAYING)),
    }
    for level in Difficulty.values:
        counts[f"played_{level}"] = Count("pk", filter=FINISHED & Q(difficulty=level))
        counts[f"won_{level}"] = Count("pk", filter=WON & Q(difficulty=level))
    for target in Target.values:
        counts[f"played_{target}"] = Count("pk", filter=FINISHED & Q(target=target))
        counts[f"won_{target}"] = Count("pk", filter=WON & Q(target=target))
    return games.aggregate(**counts)


def _hand_totals(games: QuerySet[Game]) -> dict:
    """Every hand figure in one query, over the finished hands of those games."""
    hands = Hand.objects.filter(game__in=games, player_score__isnull=False)
    return hands.aggregate(
        hands=Count("pk"),
        average=Avg("player_score"),
        # A hand without points: nothing taken (a moon of one's own also scores 0: not clean).
        clean=Count("pk", filter=Q(player_score=0) & ~Q(moon_shooter=HUMAN)),
        queens=Count("pk", filter=Q(queen_taker=HUMAN)),
        moons_shot=Count("pk", filter=Q(moon_shooter=HUMAN)),
        moons_suffered=Count("pk", filter=Q(moon_shooter__in=BOT_SEATS)),
    )


def _extreme(games: QuerySet[Game], *, best: bool) -> Game | None:
    """The best game: a win, with the fewest points for its length (50 or 100); the worst:
    a defeat, with the most. None without such a game: a win is never the worst, nor a
    defeat the best. Ties go to the most recent."""
    share = Cast(F("player_total"), FloatField()) / F("target")
    games = games.filter(WON) if best else games.filter(FINISHED).exclude(winner=HUMAN)
    return games.order_by(share.asc() if best else share.desc(), "-finished_at", "-pk").first()


def player_stats(owner: Owner) -> Stats:
    games = solo_games(owner).order_by()
    counts = _game_totals(games)
    hands = _hand_totals(games)
    return Stats(
        overall=Record("", counts["played"], counts["won"]),
        in_progress=counts["in_progress"],
        by_difficulty=[
            Record(str(label), counts[f"played_{level}"], counts[f"won_{level}"])
            for level, label in Difficulty.choices
        ],
        by_target=[
            Record(str(label), counts[f"played_{target}"], counts[f"won_{target}"])
            for target, label in TARGET_LABELS.items()
        ],
        hands=hands["hands"],
        average_points=hands["average"],
        clean_hands=hands["clean"],
        queens=hands["queens"],
        moons_shot=hands["moons_shot"],
        moons_suffered=hands["moons_suffered"],
        best=_extreme(games, best=True) if counts["won"] else None,
        worst=_extreme(games, best=False) if counts["played"] > counts["won"] else None,
    )
