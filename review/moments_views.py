"""« Moments clés »: the analysis of a finished hand, asked for from its replay (computed
and kept by review.moment_store, shown by review.moments)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.views.decorators.http import require_safe

from play.limits import MOMENTS, limited
from play.models import Game, Hand
from play.seating import Perspective
from play.views import HtmxHttpRequest
from review import moment_store, moments
from review.access import (
    played_or_404,
    private,
    shared_or_404,
    shared_perspective,
    unlisted,
)
from review.links import ReplayLinks
from review.replay import FOLLOW_PARAMETER, ReplayOptions
from review.selectors import load_hand


def _render_moments(
    request: HtmxHttpRequest,
    game: Game,
    links: ReplayLinks,
    hand_number: int,
    perspective: Perspective,
) -> HttpResponse:
    """The `#moments` partial of a finished hand (never the hand being played), or back to
    the step. The first request claims the analysis for the background worker
    (review.moment_store) and answers at once with its progress, a partial that asks
    again a moment later; those polls (`following`) only read, and are not counted against
    the visitor's limit: a long queue in the worker never ends in a refusal."""
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
    # The replay's options (« Cartes cachées ») stay on the steps the moments link to.
    options = ReplayOptions.from_query(request.GET, perspective)
    if _following(request):
        found = moment_store.progress_of(record.hand)
    else:
        found = moment_store.request_analysis(game, record)
    if found is None:
        # Nobody computes it any more (its worker died): the page offers the button again.
        offer = {"analyse_url": options.moments_url(links, hand_number, step)}
        html = render_to_string("review/_moments.html#moments", offer, request)
        return private(HttpResponse(html))
    if isinstance(found, moment_store.Progress):
        running_url = options.moments_url(links, hand_number, step, following=True)
        running = {"running_url": running_url, "progress": found}
        html = render_to_string("review/_moments.html#moments", running, request)
        return private(HttpResponse(html))
    view = moments.present(
        found,
        record,
        options.keeping(links),
        step,
        perspective=perspective,
        game_accuracy=moment_store.game_accuracy(game),
    )
    # The list, and out of band the note beside the position if this step is a key moment.
    context = {"moments": view, "here": view.here, "oob": True}
    html = render_to_string("review/_moments.html#moments", context, request)
    html += render_to_string("review/_moments.html#here", context, request)
    return private(HttpResponse(html))


def _following(request: HttpRequest) -> bool:
    return request.GET.get(FOLLOW_PARAMETER) == "1"


def moments_refused(
    request: HtmxHttpRequest, message: str, *_args: object, **_kwargs: object
) -> HttpResponse:
    html = render_to_string("review/_moments.html#moments", {"refused": message}, request)
    return private(HttpResponse(html))


@require_safe
@limited(MOMENTS, moments_refused, methods=("GET", "HEAD"), free=_following)
def replay_moments(request: HtmxHttpRequest, game_id: int, hand_number: int) -> HttpResponse:
    game, perspective = played_or_404(request, game_id)
    if perspective.bottom != 0:
        raise Http404  # the key moments weigh seat 0's choices (review.replay)
    return _render_moments(request, game, ReplayLinks(game.pk), hand_number, perspective)


@require_safe
@limited(MOMENTS, moments_refused, methods=("GET", "HEAD"), free=_following)
def shared_moments(request: HtmxHttpRequest, token: str, hand_number: int) -> HttpResponse:
    game = shared_or_404(token)
    links = ReplayLinks(game.pk, token)
    return unlisted(_render_moments(request, game, links, hand_number, shared_perspective(game)))
