"""The ratings' mathematics, all of it openskill's (its Plackett–Luce model for games of
several players): the ranks a finished game gives its players, the new (mu, sigma) they
get, and the number a player sees. No Django here: ranked.ratings stores what this says.

The number shown is openskill's ordinal, mu − 3·sigma (a rating we are 99.7% sure the
player is above), scaled by DISPLAY_SCALE and shifted so that a newcomer shows 1500, as
chess-like ratings do. It rises as games make the estimate surer, even from losses at
first, like every ordinal-based display (lichess shows a « ? » there; we mark players
with fewer than PROVISIONAL_GAMES games « provisoire »).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
START_MU = MODEL.mu
START_SIGMA = MODEL.sigma
DISPLAY_START = 1500
DISPLAY_SCALE = 20
# Below this many rated games, a rating is « provisoire » (listed apart).
PROVISIONAL_GAMES = 5


@dataclass(frozen=True)
class Skill:
    mu: float = START_MU
    sigma: float = START_SIGMA

    @property
    def shown(self) -> int:
        """The rating a player sees: 1500 for a newcomer."""
        rating = MODEL.create_rating([self.mu, self.sigma])
        return round(rating.ordinal(alpha=DISPLAY_SCALE, target=DISPLAY_START))


@dataclass(frozen=True)
class Standing:
    """A seat at the game's end: its total, and whether its player abandoned."""

    total: int
    abandoned: bool = False


def final_ranks(standings: Sequence[Standing]) -> list[int]:
    """1 for the lowest total; equal totals share a rank (1, 2, 2, 4); everyone who
    abandoned shares the last place, whatever their seat's total."""
    last = len(standings)
    stayed = [standing.total for standing in standings if not standing.abandoned]
    return [
        last if standing.abandoned else 1 + sum(total < standing.total for total in stayed)
        for standing in standings
    ]


def rate(before: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
    """Everyone's skill after one game they finished at `ranks` (openskill's update, each
    player a team of one)."""
    teams = [[MODEL.create_rating([skill.mu, skill.sigma])] for skill in before]
    after = MODEL.rate(teams, ranks=list(ranks))
    return [Skill(team[0].mu, team[0].sigma) for team in after]
