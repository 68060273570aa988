"""The score sheet of a game: each hand's scores and the running totals, as stored."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.engine import PassDirection
from game.history.replay import DIRECTION_LABELS, ReplayLinks
from game.history.selectors import result_of
from game.models import Game, Hand
from game.seats import HUMAN, SEAT_NAMES
from game.table import rank_of


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
    result: str
    names: list[str]
    rows: list[SheetRow]
    standings: list[Standing]
    links: ReplayLinks

    @property
    def shared(self) -> bool:
        return self.links.token is not None


def score_sheet(game: Game, hands: Sequence[Hand], links: ReplayLinks) -> ScoreSheet:
    totals = [0, 0, 0, 0]
    rows = []
    for hand in hands:
        finished = hand.scores is not None
        if finished:
            totals = [total + score for total, score in zip(totals, hand.scores, strict=True)]
        rows.append(
            SheetRow(
                number=hand.number,
                direction=str(DIRECTION_LABELS[PassDirection(hand.direction)]),
                finished=finished,
                cells=[
                    SheetCell(
                        score=hand.scores[seat] if finished else None,
                        total=totals[seat],
                        queen=hand.queen_taker == seat,
                        moon=hand.moon_shooter == seat,
                    )
                    for seat in range(4)
                ],
                url=links.step(hand.number, 0),
            )
        )
    ranked = sorted(range(4), key=lambda seat: totals[seat])
    standings = [
        Standing(
            rank=rank_of(totals, seat),
            name=str(SEAT_NAMES[seat]),
            total=totals[seat],
            is_human=seat == HUMAN,
        )
        for seat in ranked
    ]
    return ScoreSheet(
        game=game,
        result=result_of(game),
        names=[str(SEAT_NAMES[seat]) for seat in range(4)],
        rows=rows,
        standings=standings,
        links=links,
    )
