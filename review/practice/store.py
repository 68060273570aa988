"""A practice's moves in the visitor's session (why the session: review.practice).

Each practice is a short list of moves, « seat:codes » (« 0:QS », « 2:2C 3C 4C »), the
player's and the bots' in the order made, under the practice's key (Moment.key). Only the
latest MAX_PRACTICES are kept; what the session holds is read defensively (anything else
than such a list is no practice at all) and replayed by the engine, which refuses a move
that does not fit.
"""

from __future__ import annotations

from django.contrib.sessions.backends.base import SessionBase

from game.engine import Move as EngineMove

SESSION_KEY = "practices"
# How many times each practice was started again: its table's move numbers of one start
# never meet those of another (play._table_game), so a tab drawn before « Recommencer ce
# moment » is told it is stale even at the same number of moves.
RESTARTS_KEY = "practice_restarts"
MAX_PRACTICES = 8
# A hand's moves: four passes and 52 cards.
MAX_MOVES = 56


class NotAMove(ValueError):
    """A stored move the session should not hold (another version's, or damaged)."""


def saved_moves(session: SessionBase, key: str) -> list[EngineMove]:
    """The moves kept for this practice, none if there are none (or none readable)."""
    stored = _practices(session).get(key)
    if not isinstance(stored, list) or len(stored) > MAX_MOVES:
        return []
    try:
        return [_move(entry) for entry in stored]
    except NotAMove:
        return []


def save_moves(session: SessionBase, key: str, moves: list[EngineMove]) -> None:
    """This practice's moves, now the latest one; the oldest practices beyond the cap go."""
    practices = {name: kept for name, kept in _practices(session).items() if name != key}
    practices[key] = [f"{move.seat}:{move.codes}" for move in moves[:MAX_MOVES]]
    session[SESSION_KEY] = dict(list(practices.items())[-MAX_PRACTICES:])


def forget(session: SessionBase, key: str) -> None:
    """« Recommencer ce moment »: the practice starts again from its first decision."""
    practices = _practices(session)
    if key in practices:
        session[SESSION_KEY] = {name: kept for name, kept in practices.items() if name != key}
    counts = {name: count for name, count in _restarts(session).items() if name != key}
    counts[key] = restarts(session, key) + 1
    session[RESTARTS_KEY] = dict(list(counts.items())[-MAX_PRACTICES:])


def restarts(session: SessionBase, key: str) -> int:
    """How many times this practice was started again (0 when unreadable)."""
    count = _restarts(session).get(key, 0)
    return count if isinstance(count, int) and 0 <= count < 2**31 else 0


def _restarts(session: SessionBase) -> dict[str, object]:
    stored = session.get(RESTARTS_KEY)
    return stored if isinstance(stored, dict) else {}


def _practices(session: SessionBase) -> dict[str, object]:
    stored = session.get(SESSION_KEY)
    return stored if isinstance(stored, dict) else {}


def _move(entry: object) -> EngineMove:
    if not isinstance(entry, str):
        raise NotAMove(entry)
    seat, _colon, codes = entry.partition(":")
    try:
        return EngineMove.from_codes(int(seat), codes)
    except ValueError:
        raise NotAMove(entry) from None
