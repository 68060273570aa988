"""A table's play, with no storage: the cards of each hand, the bots' replies, and a
person's move read from what they chose.

One copy for every place a hand is played: the server's tables (play.services, which
stores each move), « Rejouer ce moment » (review.practice, in memory) and the offline game
in the browser (offline.device, in Pyodide). No model and no database here, so that the
browser runs these very lines.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Protocol

from django.utils.translation import gettext as _

from game.bots import HINT_LEVEL, LEVELS, bot_class, make_bot
from game.engine import Card, Deal, Move as EngineMove, Phase, deal_hands
from play.seating import Seating
from play.turns import pending_bot_seat

# About one Difficile decision: past it the bots stop and the page asks for the rest
# (« avancer ») while it animates what it already has, so nothing waits on more than one
# slow bot.
BOT_TIME_BUDGET = 0.5


class Refused(Exception):
    """An action refused before anything was played (the position is left as it was)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class TableInPlay(Protocol):
    """What the bots' loop reads and moves on: the deal as it stands, who sits where, the
    level the hand's bots play at and the game's seed (their choices follow from it)."""

    deal: Deal

    @property
    def seating(self) -> Seating: ...

    @property
    def bots_level(self) -> str: ...

    @property
    def seed(self) -> int: ...


def hand_cards(seed: int, number: int) -> list[list[Card]]:
    """The four hands of a game's hand `number`, shuffled from the game's seed."""
    return deal_hands(random.Random(f"{seed}:{number}"))


def hand_codes(hands: Sequence[Sequence[Card]]) -> list[str]:
    """Four hands as they are kept (a stored Hand, an offline record): « 2C 7C … » each."""
    return [" ".join(card.code for card in cards) for cards in hands]


def check_playing(game_over: bool) -> None:
    """No action once the game is over."""
    if game_over:
        raise Refused("game_over", _("La partie est terminée."))


def check_fresh(current: int, expected: int | None, repeated: Callable[[], bool]) -> None:
    """A post drawn at another move number than `current` is refused: as already done when
    it repeats a move its seat made since (`repeated()`, asked only then: two tabs, a double
    click), else as a table that moved on without it (a stale tab), whose current state
    the answer shows."""
    if expected is None or expected == current:
        return
    if expected < current and not repeated():
        changed = _(
            "La partie a avancé entre-temps : votre carte n’a pas été jouée. Voici la table à jour."
        )
        raise Refused("table_changed", changed)
    raise Refused("stale", _("Cette action a déjà été prise en compte. La table est à jour."))


def check_level(level: object) -> str:
    """A level the bots may be given (« Changer le niveau »): one of those offered."""
    if level not in LEVELS:
        raise Refused("bad_difficulty", _("Niveau inconnu."))
    return str(level)


def check_hand_over(deal: Deal) -> None:
    """« Manche suivante » only once the hand is over."""
    if deal.phase != Phase.FINISHED:
        raise Refused("hand_not_over", _("La manche n’est pas terminée."))


def bot_move(table: TableInPlay, seat: int, level: str) -> EngineMove:
    """The move a bot of `level` chooses for `seat`, from that seat's view alone."""
    bot = make_bot(level, seed=table.seed + seat)
    view = table.deal.view(seat)
    if table.deal.phase == Phase.PASSING:
        return EngineMove.passing(seat, bot.choose_pass(view))
    return EngineMove.playing(seat, bot.choose_play(view))


def bot_replies[Made](
    table: TableInPlay, apply: Callable[[EngineMove], Made], budget: float | None = None
) -> list[Made]:
    """Bot moves until a person must act, within one bot's time budget (BOT_TIME_BUDGET
    unless said), each handed to `apply` (which plays it on the table: stored at the
    server's, only in memory elsewhere). A bot playing for an absent person plays as
    Normal does (the level of « Indice »)."""
    budget = BOT_TIME_BUDGET if budget is None else budget
    started = time.monotonic()
    made: list[Made] = []
    while (seat := pending_bot_seat(table.deal, table.seating)) is not None:
        if made and time.monotonic() - started > budget:
            break
        away = table.seating.occupants[seat].away
        level = HINT_LEVEL if away else table.bots_level
        made.append(apply(bot_move(table, seat, level)))
    return made


def immediate_replies[Made](table: TableInPlay, apply: Callable[[EngineMove], Made]) -> list[Made]:
    """The replies made within the person's own action: only bots that answer at once. A
    searching bot (Difficile) thinks when the page asks (« avancer »), after the person's
    card is shown, never inside the action (on the server, never inside its transaction)."""
    if bot_class(table.bots_level).searches:
        return []
    return bot_replies(table, apply)


def card_of(code: object) -> Card:
    """The card a post names; Refused for anything else."""
    try:
        return Card.from_code(str(code).strip())
    except (ValueError, AttributeError):
        raise Refused("bad_card", _("Carte inconnue.")) from None


def pass_of(deal: Deal, seat: int, codes: Sequence[object]) -> EngineMove:
    """The pass a person gives: three cards, once, while the hand is passed (the engine
    checks that they hold them)."""
    if deal.phase != Phase.PASSING or deal.pass_submitted(seat):
        raise Refused("wrong_phase", _("La passe est déjà faite."))
    if len(codes) != 3:
        raise Refused("bad_pass", _("Choisissez exactement 3 cartes à passer."))
    return EngineMove.passing(seat, [card_of(code) for code in codes])
