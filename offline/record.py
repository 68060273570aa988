"""A solo game played offline, as the device sends it back, checked by the engine alone.

The browser plays the offline game with this project's own engine and bots (Pyodide); it
keeps, for each hand, the four hands as dealt and every move in order, and sends that
record when the connection returns. Nothing in it is trusted: `check_record` rebuilds
every hand move by move with the engine (a deal must be the 52 cards, each move legal where
it stands), the pass directions and the end of the game come from the hand numbers and
the engine's Match, not from the device. Pure Python over the engine, so that a record
can be checked anywhere (docs/offline.md gives its format).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass

from game.engine import Deal, IllegalMove, Match, Move, PassDirection, Phase

TARGETS = (50, 100)
# The most hands a game to 100 can take: every hand adds 26 points (or 78 with a moon),
# so someone passes 100 within 16 hands; with room to spare.
MOST_HANDS = 40
# Four passes and 52 cards.
MOST_MOVES_A_HAND = 56
# A seed the site can store (Game.seed, a 64-bit column).
SEEDS = 2**62


class BadRecord(Exception):
    """Why a record is refused: `code` for programs and the site's translated message,
    `hand` (1-based) and `move` (1-based within the hand) where it went wrong."""

    def __init__(self, code: str, *, hand: int | None = None, move: int | None = None) -> None:
        self.code = code
        self.hand = hand
        self.move = move
        super().__init__(code if hand is None else f"{code} (hand {hand}, move {move})")


@dataclass(frozen=True)
class CheckedHand:
    number: int
    direction: PassDirection
    dealt: tuple[tuple[str, ...], ...]
    moves: tuple[Move, ...]
    deal: Deal
    # The bots' level this hand was played at, when the record says (« Changer le niveau »
    # applies from the next hand); else the game's.
    level: str | None = None


@dataclass(frozen=True)
class CheckedGame:
    """A record the engine replayed to its end: the game the site stores."""

    id: uuid.UUID
    target: int
    difficulty: str
    hands: tuple[CheckedHand, ...]
    totals: tuple[int, ...]
    winner: int | None
    # The game's seed as the device drew it (its deals, bots and « Indice »), if sent.
    seed: int | None = None


def check_record(record: object, *, levels: Sequence[str]) -> CheckedGame:
    """The finished game `record` describes, or `BadRecord`: the shape, a deal that is not
    the 52 cards, a move the rules refuse, a game not over at its last hand (or going on
    after its end)."""
    if not isinstance(record, dict):
        raise BadRecord("not_a_record")
    game_id = _uuid(record.get("id"))
    target = record.get("target")
    difficulty = record.get("difficulty")
    hands = record.get("hands")
    if type(target) is not int or target not in TARGETS:
        raise BadRecord("bad_target")
    if not isinstance(difficulty, str) or difficulty not in levels:
        raise BadRecord("bad_difficulty")
    if not isinstance(hands, list) or not 1 <= len(hands) <= MOST_HANDS:
        raise BadRecord("bad_hands")
    seed = record.get("seed")
    if seed is not None and (type(seed) is not int or not 0 <= seed < SEEDS):
        raise BadRecord("bad_seed")
    match = Match(target)
    checked = []
    for number, hand in enumerate(hands, start=1):
        if match.is_over:
            raise BadRecord("after_the_end", hand=number)
        checked.append(_check_hand(number, hand, match, levels))
        match.record(checked[-1].deal)
    if not match.is_over:
        raise BadRecord("not_over", hand=len(hands))
    return CheckedGame(
        id=game_id,
        target=target,
        difficulty=difficulty,
        hands=tuple(checked),
        totals=tuple(match.totals),
        winner=match.winner,
        seed=seed,
    )


def _uuid(value: object) -> uuid.UUID:
    if not isinstance(value, str) or len(value) > 36:
        raise BadRecord("bad_id")
    try:
        return uuid.UUID(value)
    except ValueError:
        raise BadRecord("bad_id") from None


def _check_hand(number: int, hand: object, match: Match, levels: Sequence[str]) -> CheckedHand:
    if not isinstance(hand, dict):
        raise BadRecord("bad_hand", hand=number)
    level = hand.get("level")
    if level is not None and (not isinstance(level, str) or level not in levels):
        raise BadRecord("bad_difficulty", hand=number)
    dealt, moves = hand.get("dealt"), hand.get("moves")
    if not isinstance(dealt, list) or len(dealt) != 4 or not all(isinstance(h, str) for h in dealt):
        raise BadRecord("bad_deal", hand=number)
    if not isinstance(moves, list) or len(moves) > MOST_MOVES_A_HAND:
        raise BadRecord("bad_moves", hand=number)
    direction = PassDirection.for_hand(number)
    codes = tuple(tuple(cards.split()) for cards in dealt)
    try:
        deal = Deal.start(codes, direction, totals=match.totals, target=match.target)
    except ValueError:
        raise BadRecord("bad_deal", hand=number) from None
    parsed = tuple(_move(entry, number, index) for index, entry in enumerate(moves, start=1))
    for index, move in enumerate(parsed, start=1):
        try:
            move.apply(deal)
        except (IllegalMove, ValueError):
            raise BadRecord("illegal_move", hand=number, move=index) from None
    if deal.phase != Phase.FINISHED:
        raise BadRecord("hand_not_finished", hand=number)
    return CheckedHand(number, direction, codes, parsed, deal, level)


def _move(entry: object, hand: int, index: int) -> Move:
    if (
        not isinstance(entry, list)
        or len(entry) != 2
        or type(entry[0]) is not int
        or not 0 <= entry[0] <= 3
        or not isinstance(entry[1], str)
        or len(entry[1]) > 12
    ):
        raise BadRecord("bad_moves", hand=hand, move=index)
    try:
        return Move.from_codes(entry[0], entry[1])
    except ValueError:
        raise BadRecord("bad_moves", hand=hand, move=index) from None
