"""Who sits where, and how one seat sees the others.

A game's seating is four occupants, people or bots. A solo game (or a lesson) is the case
of one person, its owner, at seat 0 and three bots; a live table (play.models.Seat) seats
up to four people, its host at seat 0. Every player sees the table from their own seat:
themselves at the bottom, the next seat (the one they pass to on « à gauche ») on the left.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from django.utils.functional import Promise
from django.utils.translation import gettext as _

from play.seats import HUMAN, SEAT_NAMES, SEAT_PLACES

if TYPE_CHECKING:
    from play.models import Game
    from play.ownership import Owner

# Around the table from the viewer, bottom first: seat order is clockwise from the left.
PLACES = tuple(SEAT_PLACES[seat] for seat in range(4))


@dataclass(frozen=True)
class Occupant:
    """A seat's player: a person (an account or a guest) or a bot; a person who is `away`
    has a bot playing for them."""

    name: str | Promise
    is_bot: bool = False
    away: bool = False
    # Left for good (« Abandonner la partie »): a bot plays for them to the end.
    abandoned: bool = False
    # Turns in a row the table clock played for this person (« absent » from the first).
    missed_turns: int = 0
    user_id: int | None = None
    guest_id: uuid.UUID | None = None

    @property
    def bot_plays(self) -> bool:
        """Whether the server chooses this seat's moves (a bot, or a bot for an absent person)."""
        return self.is_bot or self.away

    def is_person(self, owner: Owner) -> bool:
        if self.is_bot:
            return False
        if owner.user_id is not None:
            return self.user_id == owner.user_id
        return owner.guest_id is not None and self.guest_id == owner.guest_id


@dataclass(frozen=True)
class Seating:
    occupants: tuple[Occupant, ...]
    # Whether the names are people's (a live table) or the solo game's own (« Vous », Léa…).
    live: bool = False

    def seat_of(self, owner: Owner) -> int | None:
        """The seat this person sits at, if any."""
        return next((seat for seat, who in enumerate(self.occupants) if who.is_person(owner)), None)

    @property
    def bot_seats(self) -> tuple[int, ...]:
        """The seats whose moves the server chooses."""
        return tuple(seat for seat, who in enumerate(self.occupants) if who.bot_plays)

    @property
    def people(self) -> tuple[int, ...]:
        """The seats of people, away or not."""
        return tuple(seat for seat, who in enumerate(self.occupants) if not who.is_bot)


# The solo game's table: « Vous » at seat 0, Léa, Hugo and Chloé the bots.
SOLO_SEATING = Seating(
    (
        Occupant(name=SEAT_NAMES[HUMAN]),
        *(Occupant(name=SEAT_NAMES[seat], is_bot=True) for seat in (1, 2, 3)),
    )
)


def solo_seating(game: Game) -> Seating:
    """The owner at seat 0, the three bots of the solo game elsewhere."""
    you, *bots = SOLO_SEATING.occupants
    return Seating((replace(you, user_id=game.owner_id, guest_id=game.guest_id), *bots))


def seating_of(game: Game) -> Seating:
    """The game's seating: its Seat rows at a live table (one query, unless prefetched)."""
    if game.kind != game.Kind.LIVE:
        return solo_seating(game)
    by_number = {seat.number: seat for seat in game.seats.all()}
    occupants = []
    for number in range(4):
        seat = by_number.get(number)
        if seat is None:
            # An empty seat of the waiting room: a bot will sit there at the start.
            occupants.append(Occupant(name=SEAT_NAMES[number] if number else "", is_bot=True))
        else:
            occupants.append(
                Occupant(
                    name=seat.name,
                    is_bot=seat.is_bot,
                    away=seat.away,
                    abandoned=seat.abandoned,
                    missed_turns=seat.missed_turns,
                    user_id=seat.user_id,
                    guest_id=seat.guest_id,
                )
            )
    return Seating(tuple(occupants), live=True)


@dataclass(frozen=True)
class Perspective:
    """The table as one seat sees it (`viewer`), or as a spectator (None: seat 0's place)."""

    seating: Seating
    viewer: int | None = HUMAN

    @property
    def bottom(self) -> int:
        return HUMAN if self.viewer is None else self.viewer

    def place(self, seat: int) -> str:
        return PLACES[(seat - self.bottom) % 4]

    def is_viewer(self, seat: int) -> bool:
        return seat == self.viewer

    def name(self, seat: int) -> str:
        """« Vous » for the viewer; a bot playing for an absent person says so."""
        who = self.seating.occupants[seat]
        if seat == self.viewer:
            return str(SEAT_NAMES[HUMAN])
        if who.away:
            return _("Robot (pour %(name)s)") % {"name": who.name}
        return str(who.name)

    def seats_around(self) -> list[int]:
        """The other seats from the viewer's left: left, top, right."""
        return self.seats_from_bottom()[1:]

    def seats_from_bottom(self) -> list[int]:
        """The four seats in play order from the viewer's (seat 0 first in a solo game)."""
        return [(self.bottom + offset) % 4 for offset in range(4)]


# The owner's view of a solo game, for the code that draws one (replays, lessons).
SOLO_PERSPECTIVE = Perspective(SOLO_SEATING)
