"""The offline game's way back (offline.record, offline.services): the device posts the
record of a finished game as JSON when the connection returns; the answer is JSON too,
for the page's script to keep a refusal's message on the device beside the game."""

from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from game import limits
from game.models import Difficulty
from game.ownership import owner_of
from game.services import Refused
from offline.record import BadRecord, check_record
from offline.services import store_offline_game

# A hand is about 0.8 KB of JSON, 40 hands (more than any game takes) about 35 KB.
MAX_BODY = 256 * 1024


def refusal(code: str, *, hand: int | None = None, move: int | None = None) -> str:
    """The reason a record is refused, in the player's language."""
    where = {"hand": hand, "move": move}
    messages = {
        "too_big": _("La partie envoyée est trop volumineuse."),
        "not_a_record": _("L’envoi n’est pas une partie lisible."),
        "bad_id": _("La partie n’a pas d’identifiant valable."),
        "bad_target": _("La longueur de la partie doit être 50 ou 100 points."),
        "bad_difficulty": _("Le niveau des robots est inconnu."),
        "bad_hands": _("La partie n’a pas de manches lisibles."),
        "bad_hand": _("Manche %(hand)s : illisible.") % where,
        "bad_deal": _("Manche %(hand)s : la donne n’est pas un jeu de 52 cartes.") % where,
        "bad_moves": _("Manche %(hand)s : un coup est illisible.") % where,
        "illegal_move": _("Manche %(hand)s, coup %(move)s : les règles ne le permettent pas.")
        % where,
        "hand_not_finished": _("Manche %(hand)s : elle n’est pas jouée jusqu’au bout.") % where,
        "not_over": _("La partie n’est pas terminée."),
        "after_the_end": _("Manche %(hand)s : la partie était déjà terminée.") % where,
    }
    return messages[code]


def refused(request: HttpRequest, message: str, status: int = 400) -> JsonResponse:
    return JsonResponse({"error": message}, status=status)


@require_POST
@limits.limited(limits.NEW_GAME, refused)
def upload(request: HttpRequest) -> HttpResponse:
    """One finished offline game: 201 once stored, 200 if it already was (a repeat), 400
    with the reason when the engine refuses it, 409 if it is another player's."""
    if len(request.body) > MAX_BODY:
        return refused(request, refusal("too_big"))
    try:
        record = json.loads(request.body)
    except ValueError:
        return refused(request, refusal("not_a_record"))
    try:
        checked = check_record(record, levels=Difficulty.values)
    except BadRecord as bad:
        return refused(request, refusal(bad.code, hand=bad.hand, move=bad.move))
    try:
        stored = store_offline_game(owner_of(request, create=True), checked)
    except Refused as taken:
        return refused(request, taken.message, status=409)
    url = reverse("game:replay", args=[stored.game.pk])
    return JsonResponse(
        {"stored": "new" if stored.new else "already", "replay": url},
        status=201 if stored.new else 200,
    )
