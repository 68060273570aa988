"""The write paths of a live table's waiting room and seats (« Jouer entre amis »).

The game itself is played through play.services like any other: this module opens the
table, seats people, starts it with bots in the empty seats, and gives a seat back to a
person a bot played for. Each write locks the table's game row, changes the seats, and
tells everyone at the table once committed (tables.live).
"""

from __future__ import annotations

import random
import secrets

from django.db import transaction
from django.utils.translation import gettext as _

from game.bots import DEFAULT_LEVEL
from play import services
from play.models import Difficulty, Game, LiveTable, Seat, Target
from play.ownership import Owner
from play.positions import load_position
from play.seating import seating_of
from play.seats import SEAT_NAMES
from play.services import Refused
from tables import live

# The clock when the host keeps one (« Sans limite » is the other choice).
TURN_SECONDS = 30
PASS_SECONDS = 45
HOST_SEAT = 0


def open_table(
    *,
    owner: Owner,
    host_name: str,
    target: int = Target.FULL,
    difficulty: str = DEFAULT_LEVEL,
    spectators_allowed: bool = True,
    clock: bool = True,
) -> Game:
    """« Créer la table »: a waiting room with its host at south (seat 0)."""
    if target not in Target.values or difficulty not in Difficulty.values:
        raise ValueError("unknown length or level")
    with transaction.atomic():
        game = _new_live_game(
            owner.as_fields(),
            status=Game.Status.WAITING,
            target=target,
            difficulty=difficulty,
            clock=clock,
            spectators_allowed=spectators_allowed,
        )
        Seat.objects.create(game=game, number=HOST_SEAT, name=host_name, **_person(owner))
    return game


def seat_from_queue(*, people: list[tuple[int, str]], target: int, rated: bool) -> Game:
    """A table the « Jouer en direct » queue found (ranked.services), in the caller's
    transaction: its people (account, name) in a random order around it, bots (Normal)
    in the seats left over (never at a rated one), the clock on, the first hand dealt. The
    first person seated by number is its owner, as a host is."""
    if rated and len(people) != 4:
        raise ValueError("a rated table seats four people")
    if not 1 <= len(people) <= 4:
        raise ValueError("a table seats one to four people")
    seats = list(range(4))
    random.SystemRandom().shuffle(seats)
    placed = sorted(zip(seats, people, strict=False))
    game = _new_live_game(
        {"owner_id": placed[0][1][0]},
        status=Game.Status.PLAYING,
        target=target,
        difficulty=DEFAULT_LEVEL,
        clock=True,
        from_queue=True,
        rated=rated,
    )
    taken = {number for number, _person in placed}
    Seat.objects.bulk_create(
        [
            Seat(game=game, number=number, name=name, user_id=user_id)
            for number, (user_id, name) in placed
        ]
        + [
            Seat(game=game, number=number, name=str(SEAT_NAMES[number]), is_bot=True)
            for number in range(4)
            if number not in taken
        ]
    )
    services.deal_next_hand(game)
    return game


def _new_live_game(
    owner_fields: dict[str, object],
    *,
    status: str,
    target: int,
    difficulty: str,
    clock: bool,
    **table_options: bool,
) -> Game:
    """The game and its live table, as a host's room and the queue both open one: a fresh
    seed, a secret token for its link, the turn clock on or off; in the caller's
    transaction."""
    game = Game.objects.create(
        **owner_fields,
        kind=Game.Kind.LIVE,
        status=status,
        target=target,
        difficulty=difficulty,
        seed=random.SystemRandom().randrange(2**62),
        totals=[0, 0, 0, 0],
    )
    LiveTable.objects.create(
        game=game,
        token=secrets.token_urlsafe(32),
        turn_seconds=TURN_SECONDS if clock else None,
        pass_seconds=PASS_SECONDS if clock else None,
        **table_options,
    )
    return game


def _person(owner: Owner) -> dict:
    if owner.user_id is not None:
        return {"user_id": owner.user_id}
    return {"guest_id": owner.guest_id}


def _lock_room(token: str) -> Game:
    """The table's game, locked, while it is still a waiting room."""
    game = Game.objects.select_for_update().get(kind=Game.Kind.LIVE, live__token=token)
    if game.status != Game.Status.WAITING:
        raise Refused("started", _("La partie a déjà commencé."))
    return game


def _is_host(game: Game, owner: Owner) -> bool:
    return seating_of(game).seat_of(owner) == HOST_SEAT


def take_seat(*, token: str, owner: Owner, seat: int, name: str) -> Seat:
    """« Prendre place » at a free seat (one seat per person)."""
    with transaction.atomic():
        game = _lock_room(token)
        if seat not in (1, 2, 3):
            raise Refused("bad_seat", _("Cette place n’existe pas."))
        seating = seating_of(game)
        if not seating.occupants[seat].is_bot:
            raise Refused("seat_taken", _("Cette place vient d’être prise."))
        if seating.seat_of(owner) is not None:
            raise Refused("already_seated", _("Vous avez déjà une place à cette table."))
        taken = Seat.objects.create(game=game, number=seat, name=name, **_person(owner))
        live.announce_seats(game.pk)
    return taken


def remove_from_seat(*, token: str, owner: Owner, seat: int) -> None:
    """« Retirer »: the host frees a seat before the start (not their own)."""
    with transaction.atomic():
        game = _lock_room(token)
        if not _is_host(game, owner):
            raise Refused("not_host", _("Seul l’hôte de la table peut retirer un joueur."))
        if seat == HOST_SEAT:
            raise Refused("host_seat", _("L’hôte garde sa place."))
        deleted, _count = Seat.objects.filter(game=game, number=seat).delete()
        if not deleted:
            raise Refused("seat_free", _("Cette place est déjà libre."))
        live.announce_seats(game.pk)


def leave_seat(*, token: str, owner: Owner) -> None:
    """« Quitter ma place » before the start (the host closes the table by leaving it be)."""
    with transaction.atomic():
        game = _lock_room(token)
        seat = seating_of(game).seat_of(owner)
        if seat is None:
            raise Refused("not_seated", _("Vous n’avez pas de place à cette table."))
        if seat == HOST_SEAT:
            raise Refused("host_seat", _("L’hôte garde sa place."))
        Seat.objects.filter(game=game, number=seat).delete()
        live.announce_seats(game.pk)


def start_table(*, token: str, owner: Owner) -> Game:
    """« Commencer »: bots in the empty seats, and the first hand dealt."""
    with transaction.atomic():
        game = _lock_room(token)
        if not _is_host(game, owner):
            raise Refused("not_host", _("Seul l’hôte de la table peut commencer la partie."))
        taken = {seat.number for seat in game.seats.all()}
        Seat.objects.bulk_create(
            Seat(game=game, number=number, name=str(SEAT_NAMES[number]), is_bot=True)
            for number in range(4)
            if number not in taken
        )
        game.status = Game.Status.PLAYING
        game.save(update_fields=["status", "updated_at"])
        services.deal_next_hand(game)
        live.announce_seats(game.pk)
    return game


def resume_seat(*, game_id: int, owner: Owner) -> None:
    """« Reprendre ma place »: the bot that played for this person gives the seat back."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(kind=Game.Kind.LIVE, pk=game_id)
        seating = seating_of(game)
        seat = seating.seat_of(owner)
        if seat is None:
            raise Game.DoesNotExist
        if seating.occupants[seat].abandoned:
            raise Refused("abandoned", _("Vous avez abandonné cette partie : un robot la finit."))
        Seat.objects.filter(game=game, number=seat).update(away=False, missed_turns=0)
        if game.is_finished or game.current_hand_id is None:
            return
        position = load_position(game)
        # Whatever the seat now waits for, its clock starts again from now.
        live.schedule(position)
        live.announce_seats(game.pk)


def abandon_seat(*, game_id: int, owner: Owner) -> None:
    """« Abandonner la partie »: a bot plays this person's seat to the end, for good. At a
    rated table they take the last place (ranked.ratings)."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(kind=Game.Kind.LIVE, pk=game_id)
        seat = seating_of(game).seat_of(owner)
        if seat is None:
            raise Game.DoesNotExist
        if game.status != Game.Status.PLAYING:
            raise Refused("game_over", _("La partie est terminée."))
        Seat.objects.filter(game=game, number=seat).update(away=True, abandoned=True)
        position = load_position(game)
        # The bot may be the one the table waits for: the clock lets it play at once.
        live.schedule(position)
        live.announce_seats(game.pk)
