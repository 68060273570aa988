"""The pages of past games: « Mes parties », the statistics, the score sheet and the
move-by-move replay (the owner's, or the public one behind a share link); the key moments
are review.moments_views.

Each view loads what its address names (404 otherwise, without saying whether the game
exists), asks review for one thing and renders it. A replay step is the whole page
for a visit and its `#replay` partial for htmx, as the table is (play.views.is_partial).
"""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from play.models import Game, Hand
from play.ownership import owner_of
from play.seating import SOLO_PERSPECTIVE, Perspective
from play.steps import StepNotFound
from play.views import HtmxHttpRequest, is_partial
from review import moment_store, moments, sharing
from review.access import (
    owned_or_404,
    played_or_404,
    private,
    shared_or_404,
    shared_perspective,
    unlisted,
)
from review.links import ANALYSE_PARAMETER, ReplayLinks
from review.replay import ReplayOptions, build_step
from review.selectors import history_page, load_hand
from review.sheet import score_sheet
from review.stats import player_stats


@require_safe
def history(request: HtmxHttpRequest) -> HttpResponse:
    page = history_page(
        owner_of(request),
        result=request.GET.get("resultat", ""),
        page=request.GET.get("page") or 1,
    )
    return private(render(request, "review/list.html", {"history": page}))


@require_safe
def stats(request: HtmxHttpRequest) -> HttpResponse:
    context = {"stats": player_stats(owner_of(request))}
    return private(render(request, "review/stats.html", context))


# -- The score sheet ---------------------------------------------------------------------


def _render_sheet(
    request: HtmxHttpRequest,
    game: Game,
    links: ReplayLinks,
    perspective: Perspective = SOLO_PERSPECTIVE,
) -> HttpResponse:
    sheet = score_sheet(game, list(game.hands.all()), links, perspective)
    share_url = None
    if not sheet.shared and game.share_token:
        share_url = request.build_absolute_uri(ReplayLinks(game.pk, game.share_token).overview())
    context = {"sheet": sheet, "share_url": share_url}
    return private(render(request, "review/game.html", context))


@require_safe
def replay(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    game, perspective = played_or_404(request, game_id)
    return _render_sheet(request, game, ReplayLinks(game.pk), perspective)


@require_safe
def shared(request: HtmxHttpRequest, token: str) -> HttpResponse:
    game = shared_or_404(token)
    links = ReplayLinks(game.pk, token)
    return unlisted(_render_sheet(request, game, links, shared_perspective(game)))


# -- One step of a hand ------------------------------------------------------------------


def _render_step(
    request: HtmxHttpRequest,
    game: Game,
    links: ReplayLinks,
    hand_number: int,
    step: int,
    perspective: Perspective = SOLO_PERSPECTIVE,
) -> HttpResponse:
    options = ReplayOptions.from_query(request.GET, perspective)
    try:
        hands, record = load_hand(game, hand_number)
        replay_step = build_step(game, hands, record, step, links, perspective, options)
    except (Hand.DoesNotExist, StepNotFound):
        raise Http404 from None
    if replay_step.moments_url:
        analysis = moment_store.stored_analysis(record.hand)
        if analysis is not None:
            replay_step.moments = moments.present(
                analysis,
                record,
                replay_step.links,
                step,
                perspective=perspective,
                game_accuracy=moment_store.game_accuracy(game),
            )
    template = "review/replay.html#replay" if is_partial(request) else "review/replay.html"
    # From the table's « Analyser la manche »: the analysis starts as the page loads.
    analyse_now = request.GET.get(ANALYSE_PARAMETER) == "1"
    response = render(request, template, {"replay": replay_step, "analyse_now": analyse_now})
    patch_vary_headers(response, ["HX-Request"])
    return private(response)


@require_safe
def replay_step(
    request: HtmxHttpRequest, game_id: int, hand_number: int, step: int
) -> HttpResponse:
    game, perspective = played_or_404(request, game_id)
    return _render_step(request, game, ReplayLinks(game.pk), hand_number, step, perspective)


@require_safe
def shared_step(request: HtmxHttpRequest, token: str, hand_number: int, step: int) -> HttpResponse:
    game = shared_or_404(token)
    links = ReplayLinks(game.pk, token)
    response = _render_step(request, game, links, hand_number, step, shared_perspective(game))
    return unlisted(response)


# -- Sharing -----------------------------------------------------------------------------


@require_POST
def share(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    game = owned_or_404(request, game_id)
    if game.kind != Game.Kind.SOLO:
        # A lesson is the same deal for everyone: nothing of the player's to share.
        raise Http404
    try:
        sharing.share_game(game=game)
    except sharing.NotShareable:
        return HttpResponse(_("Seule une partie terminée peut être partagée."), status=409)
    return redirect("review:replay", game.pk)


@require_POST
def unshare(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    game = owned_or_404(request, game_id)
    sharing.revoke_share(game=game)
    return redirect("review:replay", game.pk)
