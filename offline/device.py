"""The offline game as the browser holds it, drawn as the server draws its tables.

The device keeps one record per game, in offline.record's format (the four hands as dealt
and every move, hand by hand), plus the game's `seed` (its bots and « Indice » are made
from it, as on the server). Everything the table shows is rebuilt from that record by the
engine and drawn by game.table_view, the module the server's game.table uses too: one
rule and one presentation, here run in Pyodide. No model, no database.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.engine import Deal, Match, Move, PassDirection, Phase
from game.seating import SOLO_SEATING
from game.seats import HUMAN
from game.table_view import TableLinks, TableSource, TableView, draw_table


@dataclass
class DeviceGame:
    """The game's side of an offline table (game.table_view.TableGame): its options, and
    the engine's Match over the hands finished so far."""

    target: int
    difficulty: str
    seed: int
    scored: Match
    move_count: int = 0
    kind: str = "solo"
    training: bool = False

    @property
    def totals(self) -> list[int]:
        return list(self.scored.totals)

    @property
    def winner(self) -> int | None:
        return self.scored.winner

    @property
    def is_finished(self) -> bool:
        return self.scored.is_over

    def match(self) -> Match:
        return self.scored


@dataclass
class DevicePosition:
    """The record replayed: the game, its current hand's number and deal."""

    game: DeviceGame
    hand_number: int
    deal: Deal

    @property
    def source(self) -> TableSource:
        return TableSource(
            game=self.game,
            hand_number=self.hand_number,
            hand_level=self.game.difficulty,
            deal=self.deal,
            seating=SOLO_SEATING,
        )


def replay_record(record: Mapping[str, Any]) -> DevicePosition:
    """The position the record stands at, every move checked again by the engine (a record
    the device wrote itself; one from elsewhere goes through offline.record)."""
    target = int(record["target"])
    game = DeviceGame(
        target=target,
        difficulty=str(record["difficulty"]),
        seed=int(record.get("seed", 0)),
        scored=Match(target),
    )
    hands = record["hands"]
    deal: Deal | None = None
    for number, hand in enumerate(hands, start=1):
        dealt = tuple(tuple(cards.split()) for cards in hand["dealt"])
        deal = Deal.start(
            dealt,
            PassDirection.for_hand(number),
            totals=game.scored.totals,
            target=target,
        )
        for seat, codes in hand["moves"]:
            Move.from_codes(seat, codes).apply(deal)
            game.move_count += 1
        if deal.phase == Phase.FINISHED:
            game.scored.record(deal)
    if deal is None:
        raise ValueError("a record holds at least its first hand")
    return DevicePosition(game=game, hand_number=len(hands), deal=deal)


def draw(
    position: DevicePosition,
    links: TableLinks,
    *,
    new_plays: int = 0,
    error: str | None = None,
) -> TableView:
    """The offline table, from the person's seat."""
    return draw_table(position.source, links, new_plays=new_plays, error=error, viewer=HUMAN)
