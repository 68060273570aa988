"""The score sheet of a game: each hand's scores and the running totals, as stored."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.engine import Match
from play.models import Game, Hand, Result
from play.seating import SOLO_PERSPECTIVE, Perspective
from review.links import ReplayLinks
from review.replay import DIRECTION_LABELS


@dataclass(frozen=True)
class SheetCell:
    score: int | None
    total: int
    queen: bool
    moon: bool


@dataclass(frozen=True)
class SheetRow:
    number: int
    direction: str
    finished: bool
    cells: list[SheetCell]
    url: str


@dataclass(frozen=True)
class Standing:
    rank: int
    name: str
    total: int
    is_human: bool


@dataclass(frozen=True)
class ScoreSheet:
    game: Game
    result: Result
    names: list[str]
    rows: list[SheetRow]
    standings: list[Standing]
    links: ReplayLinks
    # The column of the person reading (seat 0 but for a live table seen from another seat).
    you: int = 0

    @property
    def shared(self) -> bool:
        return self.links.token is not None


def score_sheet(
    game: Game,
    hands: Sequence[Hand],
    links: ReplayLinks,
    perspective: Perspective = SOLO_PERSPECTIVE,
) -> ScoreSheet:
    """The sheet as the player of `perspective` reads it (« Vous » is their column; a share
    link's visitor reads the player's name there)."""
    match = Match(game.target)
    rows = []
    for hand in hands:
        scores: list[int] | None = hand.scores  # None until the hand is finished
        if scores is not None:
            match.record_scores(scores)
        rows.append(
            SheetRow(
                number=hand.number,
                direction=str(DIRECTION_LABELS[hand.pass_direction]),
                finished=hand.is_finished,
                cells=[
                    SheetCell(
                        score=None if scores is None else scores[seat],
                        total=match.totals[seat],
                        queen=hand.queen_taker == seat,
                        moon=hand.moon_shooter == seat,
                    )
                    for seat in range(4)
                ],
                url=links.step(hand.number, 0),
            )
        )
    standings = [
        Standing(
            rank=match.rank_of(seat),
            name=perspective.name(seat),
            total=match.totals[seat],
            # The player whose sheet it is: the viewer, or a share link's player (bottom).
            is_human=seat == perspective.bottom,
        )
        for seat in match.ranking()
    ]
    return ScoreSheet(
        game=game,
        result=game.result_for(perspective.bottom),
        names=[perspective.name(seat) for seat in range(4)],
        rows=rows,
        standings=standings,
        links=links,
        you=perspective.bottom,
    )
