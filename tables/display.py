"""What a live table shows besides the game's own table: its link, its clock, who watches,
the quick messages; and the waiting room. Read-only, for the views and the consumer alike,
so that a page and a push draw the same thing."""

from __future__ import annotations

from dataclasses import dataclass
from threading import Lock

from cachetools import TTLCache
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import get_language, gettext_lazy as _, ngettext

from play.addresses import address
from play.jinja import draw
from play.models import Game, LiveTable, Move
from play.ownership import Owner
from play.positions import Position, load_position
from play.seating import seating_of
from play.table import build_table
from play.table_view import TableUrls, TableView
from ranked.standings import game_rating_changes
from tables import presence

LIVE_ACTIONS = ("pass_cards", "play_card", "next_hand")

# The quick messages (no free chat): their key in a frame, their text on the table.
EMOTES: dict[str, str | Promise] = {
    "bravo": _("Bien joué !"),
    "oups": _("Oups"),
    "merci": _("Merci"),
    "bonne": _("Bonne partie"),
}

# South is the host's seat; the others, from south's left.
SEAT_LABELS: dict[int, str | Promise] = {0: _("Sud"), 1: _("Ouest"), 2: _("Nord"), 3: _("Est")}


def table_path(table: LiveTable) -> str:
    return address("tables:table", table.token)


def socket_path(table: LiveTable) -> str:
    return f"/ws/table/{table.token}/"


def spectators_text(count: int) -> str:
    return ngettext("%(count)s spectateur", "%(count)s spectateurs", count) % {"count": count}


@dataclass(frozen=True)
class RatingLine:
    """« ambre : 1500 → 1540 (+40) · provisoire » on a ranked game's result panel."""

    text: str
    is_viewer: bool


def signed(delta: int) -> str:
    """« +40 », « −12 » (a minus sign, not a hyphen), « ±0 »."""
    if delta > 0:
        return f"+{delta}"
    return f"−{-delta}" if delta else "±0"


def rating_lines(position: Position, viewer: int | None) -> list[RatingLine]:
    """Each player's rating change once a ranked game is over and rated, as BGA and lichess
    show it: a second place that gains points reads as a gain."""
    game = position.game
    if not (game.is_finished and game.live.rated):
        return []
    lines = []
    for change in game_rating_changes(game.pk):
        text = _("%(name)s : %(before)s → %(after)s (%(delta)s)") % {
            "name": position.seating.occupants[change.seat].name,
            "before": change.before,
            "after": change.after,
            "delta": signed(change.delta),
        }
        if change.provisional:
            text = _("%(change)s · provisoire") % {"change": text}
        lines.append(RatingLine(text=text, is_viewer=change.seat == viewer))
    return lines


@dataclass(frozen=True)
class LiveBar:
    """The live table's own parts, drawn inside game/table.html."""

    socket: str
    # Milliseconds left on the clock of the move the table waits for, when a person's.
    clock_ms: int | None
    clock_seconds: int | None
    spectators: str
    viewer_away: bool
    resume_url: str
    # « Abandonner la partie »: for a seated person while the game is on.
    abandon_url: str | None
    # « Classée » / « Amicale » for a table the queue found, else "".
    queue_kind: str | Promise
    emotes: list[tuple[str, str | Promise]]
    can_emote: bool
    ratings: list[RatingLine]


def live_bar(position: Position, viewer: int | None) -> LiveBar:
    game = position.game
    table = game.live
    clock_ms = None
    if table.deadline is not None and table.deadline_move == game.move_count:
        left = (table.deadline - timezone.now()).total_seconds()
        clock_ms = max(int(left * 1000), 0)
    passing = position.deal.phase == "passing"
    seat = None if viewer is None else position.seating.occupants[viewer]
    count = presence.spectators(game.pk)
    return LiveBar(
        socket=socket_path(table),
        clock_ms=clock_ms,
        clock_seconds=table.pass_seconds if passing else table.turn_seconds,
        spectators=spectators_text(count) if count else "",
        viewer_away=bool(seat and seat.away and not seat.abandoned),
        resume_url=address("tables:resume", game.pk),
        abandon_url=address("tables:abandon", game.pk)
        if seat is not None and not seat.abandoned and not game.is_finished
        else None,
        queue_kind=table.kind_label if table.from_queue else "",
        emotes=list(EMOTES.items()),
        can_emote=viewer is not None,
        ratings=rating_lines(position, viewer),
    )


def live_table(
    position: Position,
    viewer: int | None,
    *,
    new_moves: list[Move] | tuple[()] = (),
    error: str | None = None,
) -> TableView:
    """The game's own table, as `viewer` sees it, with the live table's parts."""
    return build_table(
        position,
        new_moves=new_moves,
        error=error,
        urls=TableUrls.of("tables", position.game.pk, LIVE_ACTIONS),
        viewer=viewer,
        live=live_bar(position, viewer),
        hints=position.game.live.hints_allowed,
    )


# How long one drawing of the table serves the other sockets of this process that show it
# as the same person sees it: the sockets hearing one move's news draw within milliseconds
# of each other, and the clock and the spectators drawn in it must not age.
SHARED_FOR_SECONDS = 1.0


class SharedFragments:
    """The table as one seat (or every spectator) sees it after one move, drawn once for
    every socket of this process that shows it (spectators, a person's several tabs):
    issue 38's « each distinct perspective once ». Keyed by everything the drawing depends
    on besides the clock: the game, its hand and move numbers, the seat, the move the socket
    showed last (the moves to deal out) and the language. Thread-safe: the consumers'
    database work runs in a thread of its own, the views in others."""

    def __init__(self, entries: int, seconds: float) -> None:
        self._drawn: TTLCache[tuple[object, ...], str] = TTLCache(maxsize=entries, ttl=seconds)
        self._lock = Lock()

    def find(self, key: tuple[object, ...]) -> str | None:
        with self._lock:
            return self._drawn.get(key)

    def keep(self, key: tuple[object, ...], html: str) -> None:
        with self._lock:
            self._drawn[key] = html

    def clear(self) -> None:
        with self._lock:
            self._drawn.clear()


# A few hundred tables on a process, each at most five perspectives in a second.
SHARED_FRAGMENTS = SharedFragments(entries=2048, seconds=SHARED_FOR_SECONDS)


# What table_fragment reads with the game, in the same query.
FRAGMENT_RELATIONS = ("current_hand", "live")


@dataclass(frozen=True)
class TableFragment:
    """A push's table: its hand and move numbers, the seat it is drawn for (None: a
    spectator's) and the drawing."""

    hand: int
    move: int
    viewer: int | None
    html: str


def table_fragment(
    game: Game, owner: Owner, since: int, *, shared: bool = True
) -> TableFragment | None:
    """For a push: the table as `owner` sees it (a spectator if not seated) with the moves
    after `since` to deal out; None once the table is no longer in play. `game`: as just
    read, with its current hand and live table joined (FRAGMENT_RELATIONS); its seats are
    read once, with the position, and give the socket its seat too. `shared`: drawn once
    for the sockets that show the same after a move's news (never for a change of seats at
    the same move, a drawing from before would be wrong, nor for a socket that connects or
    asks, which must get the clock as it is)."""
    if game.current_hand is None:
        return None
    position = load_position(game)
    viewer = position.seating.seat_of(owner)
    hand, move_number = position.hand.number, game.move_count
    key = (game.pk, hand, move_number, viewer, since, get_language())
    html = SHARED_FRAGMENTS.find(key) if shared else None
    if html is None:
        new_moves = [move for move in position.moves if move.number > since]
        table = live_table(position, viewer, new_moves=new_moves)
        html = draw("game/_table.html", {"table": table})
        SHARED_FRAGMENTS.keep(key, html)
    return TableFragment(hand=hand, move=move_number, viewer=viewer, html=html)


@dataclass(frozen=True)
class RoomSeat:
    number: int
    label: str | Promise
    name: str
    free: bool
    is_you: bool
    is_host: bool


@dataclass(frozen=True)
class Room:
    """The waiting room as one visitor sees it."""

    game: Game
    socket: str
    seats: list[RoomSeat]
    viewer: int | None
    is_host: bool
    can_start: bool
    # A guest types the name they sit under (prefilled with their last one); an account
    # sits under its username.
    signed_in: bool
    suggested_name: str
    error: str | None = None

    @property
    def free_seats(self) -> list[RoomSeat]:
        return [seat for seat in self.seats if seat.free]


def build_room(game: Game, owner: Owner, suggested_name: str, error: str | None = None) -> Room:
    seating = seating_of(game)
    viewer = seating.seat_of(owner)
    seats = [
        RoomSeat(
            number=number,
            label=SEAT_LABELS[number],
            name="" if who.is_bot else str(who.name),
            free=who.is_bot,
            is_you=number == viewer,
            is_host=number == 0,
        )
        for number, who in enumerate(seating.occupants)
    ]
    return Room(
        game=game,
        socket=socket_path(game.live),
        seats=seats,
        viewer=viewer,
        is_host=viewer == 0,
        can_start=viewer == 0 and game.status == Game.Status.WAITING,
        signed_in=owner.user_id is not None,
        suggested_name=suggested_name,
        error=error,
    )


def room_fragment(game: Game, owner: Owner, suggested_name: str) -> str:
    """For a push: the waiting room's seats as `owner` sees them."""
    game = Game.objects.select_related("live").get(pk=game.pk)
    room = build_room(game, owner, suggested_name)
    return render_to_string("tables/room.html#room", {"room": room})
