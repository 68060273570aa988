"""Whom a deal waits for, read from the engine's Deal and the seating alone (no database),
so that the server's table and the offline table in the browser (Pyodide) agree."""

from __future__ import annotations

from game.engine import Deal, Phase
from play.seating import Seating


def seats_to_act(deal: Deal) -> list[int]:
    """The seats the deal waits for: those that have not chosen their pass (all choose at
    once), or the one whose turn it is to play."""
    if deal.phase == Phase.PASSING:
        return [seat for seat in range(4) if not deal.pass_submitted(seat)]
    if deal.phase == Phase.PLAYING and deal.turn is not None:
        return [deal.turn]
    return []


def pending_bot_seat(deal: Deal, seating: Seating) -> int | None:
    """The bot that must act next, if any: a pass not chosen yet, or a bot's turn to play."""
    bots = seating.bot_seats
    return next((seat for seat in seats_to_act(deal) if seat in bots), None)


def people_waited_for(deal: Deal, seating: Seating) -> list[int]:
    """The seats of people (present) the deal waits for."""
    bots = seating.bot_seats
    return [seat for seat in seats_to_act(deal) if seat not in bots]
