"""What the queue tells browsers, after the commit (never before: a page would read a
state that may still roll back), through the channel layer that carries the live tables'
news (tables.live): every queue page of a queue hears that it changed (how many wait, the
ranges widen), and one player's pages hear what concerns them (a table found, dealt, or a
no-show that ended it). Each socket then draws its own state (ranked.consumers)."""

from __future__ import annotations

from collections.abc import Iterable

from tables import live


def queue_group(target: int, rated: bool) -> str:
    return f"queue-{target}-{'rated' if rated else 'friendly'}"


def player_group(user_id: int) -> str:
    return f"queue-player-{user_id}"


def queue_changed(target: int, rated: bool) -> None:
    live.send_after_commit(queue_group(target, rated), "queue.changed")


def to_players(user_ids: Iterable[int], *, notice: str = "", url: str = "") -> None:
    """To each of these players' pages, in one batch. `notice`: « dropped » (not confirmed
    in time) or « requeued » (someone else was not); `url`: the table just dealt."""
    message: dict[str, object] = {"type": "queue.player", "notice": notice, "url": url}
    live.send_all_after_commit([(player_group(user_id), message) for user_id in user_ids])


def wake_matcher() -> None:
    """The matcher runs on the table clock's worker: a new player or a new proposal's
    deadline may be due sooner than what it waits for."""
    live.wake_clocks()
