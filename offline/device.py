"""The offline game as the browser holds it, played and drawn as the server plays and
draws its tables.

The device keeps one record per game, in offline.record's format (the four hands as dealt
and every move, hand by hand), plus the game's `seed` (its deals, bots and « Indice » come
from it, as on the server). The person's moves are read and the bots reply through
play.table_play, the loop the server's tables use; everything the table shows is drawn by
play.table_view, the module the server's play.table uses too: one rule and one
presentation, here run in Pyodide. No model, no database.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.engine import Deal, IllegalMove, Match, Move, PassDirection, Phase, replay
from play.messages import illegal_move_message
from play.seating import SOLO_SEATING, Seating
from play.seats import HUMAN
from play.table_play import (
    Refused,
    bot_replies,
    card_of,
    check_fresh,
    check_hand_over,
    check_level,
    check_playing,
    hand_cards,
    hand_codes,
    immediate_replies,
    pass_of,
)
from play.table_view import TableLinks, TableSource, TableUrls, TableView, draw_table

# A new game's seeds: JavaScript's numbers hold integers exactly only up to 2**53, and the
# record goes through JSON.parse before it is saved (a larger seed came back rounded after a
# reload: other deals, other bots).
SEEDS = 2**53

# What the offline table's forms name: the page answers them itself (static/js/offline.js
# reads the action after the #), nothing is posted to the server.
OFFLINE_URLS = TableUrls(
    pass_cards="#pass_cards",
    play_card="#play_card",
    advance="#advance",
    change_difficulty="#change_difficulty",
    next_hand="#next_hand",
    play_again="#play_again",
)


@dataclass
class DeviceGame:
    """The game's side of an offline table (play.table_view.TableGame): its options, and
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
    """The record replayed: the game, its current hand's number and deal (what
    play.table_play's loop reads and moves on)."""

    game: DeviceGame
    hand_number: int
    deal: Deal
    # The level this hand's bots play at (the game's may change for the next hands).
    level: str
    seating: Seating = field(default=SOLO_SEATING)

    @property
    def bots_level(self) -> str:
        return self.level

    @property
    def seed(self) -> int:
        return self.game.seed

    @property
    def source(self) -> TableSource:
        return TableSource(
            game=self.game,
            hand_number=self.hand_number,
            hand_level=self.level,
            deal=self.deal,
            seating=self.seating,
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
        deal = _replayed(hand, number, game.scored)
        game.move_count += len(hand["moves"])
        if deal.phase == Phase.FINISHED:
            game.scored.record(deal)
    if deal is None:
        raise ValueError("a record holds at least its first hand")
    return DevicePosition(game, len(hands), deal, _level_of(hands[-1], game))


def _replayed(hand: Mapping[str, Any], number: int, scored: Match) -> Deal:
    """A record's hand `number` after its moves, each checked by the engine."""
    return replay(
        [cards.split() for cards in hand["dealt"]],
        PassDirection.for_hand(number),
        [Move.from_codes(seat, codes) for seat, codes in hand["moves"]],
        totals=scored.totals,
        target=scored.target,
    )


def draw(
    position: DevicePosition,
    links: TableLinks,
    *,
    new_plays: int = 0,
    error: str | None = None,
) -> TableView:
    """The offline table, from the person's seat."""
    return draw_table(position.source, links, new_plays=new_plays, error=error, viewer=HUMAN)


@dataclass
class Answer:
    """What an action did: the cards it put on the table (for the page to deal them out),
    or why it was refused (nothing changed)."""

    new_plays: int = 0
    error: str | None = None


class DeviceTable:
    """One offline game in play: its record (what the browser saves after every card and
    sends back once the game is over) and the position it stands at. The actions are the
    server's (play.services), without storage: the person's move, checked by the engine,
    then the bots' replies; Difficile thinks when the page asks (« avancer »)."""

    def __init__(self, record: dict[str, Any]) -> None:
        self.record = record
        self.position = replay_record(record)

    @classmethod
    def new(cls, target: int, difficulty: str, seed: int | None = None) -> DeviceTable:
        """A new game: its id and seed chosen here, its first hand dealt (and the bots'
        passes chosen, unless they search: the page asks for those)."""
        seed = random.SystemRandom().randrange(SEEDS) if seed is None else seed
        table = cls(
            {
                "id": str(uuid.uuid4()),
                "target": target,
                "difficulty": difficulty,
                "seed": seed,
                "hands": [_dealt(seed, 1, difficulty)],
            }
        )
        immediate_replies(table.position, table._apply)
        return table

    @property
    def move(self) -> int:
        return self.position.game.move_count

    @property
    def finished(self) -> bool:
        return self.position.game.is_finished

    def draw(self, links: TableLinks, answer: Answer) -> TableView:
        return draw(self.position, links, new_plays=answer.new_plays, error=answer.error)

    def pass_cards(self, codes: list[str], expected_move: int | None = None) -> Answer:
        return self._act(expected_move, lambda: pass_of(self.position.deal, HUMAN, codes))

    def play_card(self, code: str, expected_move: int | None = None) -> Answer:
        return self._act(
            expected_move,
            lambda: Move.playing(HUMAN, card_of(code)),
            repeats=lambda codes: codes == str(code).strip().upper(),
        )

    def advance(self) -> Answer:
        """The bots' moves the person's action left to think about, within one bot's time
        budget (the page asks again for the rest)."""
        if self.finished:
            return Answer()
        return self._answer(bot_replies(self.position, self._apply))

    def next_hand(self, expected_move: int | None = None) -> Answer:
        """« Manche suivante », once the hand is over and the game is not."""
        try:
            self._check(expected_move)
            check_hand_over(self.position.deal)
        except Refused as refused:
            return Answer(error=refused.message)
        game, number = self.position.game, self.position.hand_number + 1
        self.record["hands"].append(_dealt(game.seed, number, game.difficulty))
        deal = _replayed(self.record["hands"][-1], number, game.scored)
        self.position = DevicePosition(game, number, deal, game.difficulty)
        return self._answer(immediate_replies(self.position, self._apply))

    def change_difficulty(self, level: str) -> Answer:
        """« Changer le niveau »: the bots' level from the next hand on, as on the server."""
        try:
            check_playing(self.finished)
            self.record["difficulty"] = self.position.game.difficulty = check_level(level)
        except Refused as refused:
            return Answer(error=refused.message)
        return Answer()

    def _act(
        self,
        expected_move: int | None,
        move_of: Callable[[], Move],
        repeats: Callable[[str], bool] | None = None,
    ) -> Answer:
        """`repeats`: whether a move of the person's is this very one (its repeat from a
        table drawn before it is « already done », as on the server)."""
        try:
            self._check(expected_move, repeats)
            move = move_of()
            self._apply(move)
        except Refused as refused:
            return Answer(error=refused.message)
        except IllegalMove as illegal:
            return Answer(error=illegal_move_message(illegal))
        return self._answer([move, *immediate_replies(self.position, self._apply)])

    def _check(
        self, expected_move: int | None, repeats: Callable[[str], bool] | None = None
    ) -> None:
        """As the server checks a post (play.table_play): not once the game is over, nor
        from a table drawn at another move (a double click, another tab)."""
        check_playing(self.finished)

        def repeated() -> bool:
            made = [move for hand in self.record["hands"] for move in hand["moves"]]
            since = made[expected_move or 0 :]
            return not repeats or any(seat == HUMAN and repeats(c) for seat, c in since)

        check_fresh(self.move, expected_move, repeated)

    def _apply(self, move: Move) -> Move:
        """The move played (IllegalMove, and nothing changed, if the rules refuse it) and
        written into the record; a hand's end is counted into the match."""
        position = self.position
        move.apply(position.deal)
        self.record["hands"][-1]["moves"].append([move.seat, move.codes])
        position.game.move_count += 1
        if position.deal.phase == Phase.FINISHED:
            position.game.scored.record(position.deal)
        return move

    @staticmethod
    def _answer(moves: list[Move]) -> Answer:
        return Answer(new_plays=sum(not move.is_pass for move in moves))


def _dealt(seed: int, number: int, level: str) -> dict[str, Any]:
    """A new hand of the record: its four hands as dealt (as on the server), its bots'
    level, no move yet."""
    return {"dealt": hand_codes(hand_cards(seed, number)), "moves": [], "level": level}


def _level_of(hand: Mapping[str, Any], game: DeviceGame) -> str:
    """A record's hand's bots' level (a record from before levels were kept per hand: the
    game's)."""
    return str(hand.get("level") or game.difficulty)
