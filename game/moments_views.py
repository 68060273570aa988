"""« Moments clés »: the analysis of a finished hand, asked for from its replay (computed
and kept by game.history.moment_store, shown by game.history.moments)."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.views.decorators.http import require_safe

from game.history import moment_store, moments
from game.history.links import ReplayLinks
from game.history.selectors import load_hand
from game.history_access import played_or_404, private, shared_or_404, unlisted
from game.limits import MOMENTS, limited
from game.models import Game, Hand
from game.views import HtmxHttpRequest


def _render_moments(
    request: HtmxHttpRequest, game: Game, links: ReplayLinks, hand_number: int
) -> HttpResponse:
    """Computed on demand (about a second of CPU, once per hand: game.history.moment_store);
    never for the hand being played. Answers the `#moments` partial, or comes back to the
    step; while another request computes it, a partial that asks again a moment later."""
    try:
        _hands, record = load_hand(game, hand_number)
    except Hand.DoesNotExist:
        raise Http404 from None
    if not record.hand.is_finished:
        raise Http404
    try:
        step = min(max(int(request.GET.get("etape", 0)), 0), record.last_step)
    except ValueError:
        step = 0
    if not request.htmx:
        # A plain visit (a crawler on a shared link) costs nothing: only the page asks.
        return redirect(links.step(hand_number, step))
    try:
        analysis = moment_store.analysis_for(game, record)
    except moment_store.AnalysisRunning:
        running = {"running_url": f"{links.moments(hand_number)}?etape={step}"}
        html = render_to_string("history/_moments.html#moments", running, request)
        return private(HttpResponse(html))
    view = moments.present(analysis, record, links, step)
    # The list, and out of band the note beside the position if this step is a key moment.
    context = {"moments": view, "here": view.here, "oob": True}
    html = render_to_string("history/_moments.html#moments", context, request)
    html += render_to_string("history/_moments.html#here", context, request)
    return private(HttpResponse(html))


def moments_refused(
    request: HtmxHttpRequest, message: str, *_args: object, **_kwargs: object
) -> HttpResponse:
    html = render_to_string("history/_moments.html#moments", {"refused": message}, request)
    return private(HttpResponse(html))


@require_safe
@limited(MOMENTS, moments_refused, methods=("GET", "HEAD"))
def replay_moments(request: HtmxHttpRequest, game_id: int, hand_number: int) -> HttpResponse:
    game, perspective = played_or_404(request, game_id)
    if perspective.bottom != 0:
        raise Http404  # the key moments weigh seat 0's choices (game.history.replay)
    return _render_moments(request, game, ReplayLinks(game.pk), hand_number)


@require_safe
@limited(MOMENTS, moments_refused, methods=("GET", "HEAD"))
def shared_moments(request: HtmxHttpRequest, token: str, hand_number: int) -> HttpResponse:
    game = shared_or_404(token)
    return unlisted(_render_moments(request, game, ReplayLinks(game.pk, token), hand_number))
