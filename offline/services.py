"""The one write path of an offline game: a record the engine replayed to its end
(offline.record) stored as a finished solo game of its player, with its hands and moves
as if played here, so that « Mes parties », its replay, « Moments clés » and the
statistics read it like any other. Once: the device's id is unique, and a second upload
of it (a retry after a lost answer, two tabs) returns the game stored the first time."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from offline.record import CheckedGame
from play.models import Game, Hand, Move
from play.ownership import Owner
from play.seats import HUMAN
from play.services import Refused, record_hand_result


@dataclass(frozen=True)
class Stored:
    game: Game
    # False when this very game had been stored before (nothing was written).
    new: bool


def store_offline_game(owner: Owner, checked: CheckedGame) -> Stored:
    """The game stored for `owner` (an account, or a guest, whose games follow them into
    an account like the others), or the one a first upload of it stored. Refused when
    another player's game has that id."""
    game = Game.objects.filter(offline_id=checked.id).first()
    if game is None:
        try:
            with transaction.atomic():
                return Stored(_create(owner, checked), new=True)
        except IntegrityError:
            # Another upload of the same game won the race: it is the one stored.
            game = Game.objects.filter(offline_id=checked.id).first()
            if game is None:
                raise
    if not Game.objects.filter(owner.games_filter(), pk=game.pk).exists():
        raise Refused("not_yours", _("Cette partie hors ligne appartient à un autre joueur."))
    return Stored(game, new=False)


def _create(owner: Owner, checked: CheckedGame) -> Game:
    now = timezone.now()
    game = Game.objects.create(
        **owner.as_fields(),
        kind=Game.Kind.SOLO,
        target=checked.target,
        difficulty=checked.difficulty,
        # The device's seed (its bots, so that « Rejouer ce moment » answers as they did),
        # or one drawn from the id for a record that does not say it.
        seed=checked.id.int % 2**62 if checked.seed is None else checked.seed,
        status=Game.Status.FINISHED,
        totals=list(checked.totals),
        player_total=checked.totals[HUMAN],
        winner=checked.winner,
        finished_at=now,
        offline_id=checked.id,
    )
    moves: list[Move] = []
    hand = None
    for played in checked.hands:
        hand = Hand(
            game=game,
            number=played.number,
            direction=played.direction.value,
            difficulty=played.level or checked.difficulty,
            dealt=[" ".join(cards) for cards in played.dealt],
        )
        record_hand_result(hand, played.deal)
        hand.save()
        for move in played.moves:
            moves.append(
                Move(
                    game=game,
                    hand=hand,
                    number=len(moves) + 1,
                    seat=move.seat,
                    kind=Move.Kind.PASS if move.is_pass else Move.Kind.PLAY,
                    cards=move.codes,
                )
            )
    Move.objects.bulk_create(moves)
    game.move_count = len(moves)
    game.current_hand = hand
    game.save(update_fields=["move_count", "current_hand"])
    return game
