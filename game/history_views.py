"""The pages of past games: « Mes parties », the statistics, the score sheet and the
move-by-move replay (the owner's, or the public one behind a share link), the key moments.

Each view loads what its address names (404 otherwise, without saying whether the game
exists), asks game.history for one thing and renders it. A replay step is the whole page
for a visit and its `#replay` partial for htmx, as the table is (game.views.is_partial).
"""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.cache import add_never_cache_headers, patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from game.history import moment_store, moments, sharing
from game.history.links import ReplayLinks
from game.history.replay import build_step
from game.history.selectors import history_page, load_hand, owned_game, played_game, shared_game
from game.history.sheet import score_sheet
from game.history.stats import player_stats
from game.history.steps import StepNotFound
from game.limits import MOMENTS, limited
from game.models import Game, Hand
from game.ownership import owner_of
from game.seating import SOLO_PERSPECTIVE, Perspective
from game.views import HtmxHttpRequest, is_partial


def _owned_or_404(request: HtmxHttpRequest, game_id: int) -> Game:
    try:
        return owned_game(owner_of(request), game_id)
    except Game.DoesNotExist:
        raise Http404 from None


def _played_or_404(request: HtmxHttpRequest, game_id: int) -> tuple[Game, Perspective]:
    """A game the visitor may review, and from which seat (a live table's other people)."""
    try:
        return played_game(owner_of(request), game_id)
    except Game.DoesNotExist:
        raise Http404 from None


def _shared_or_404(token: str) -> Game:
    try:
        return shared_game(token)
    except Game.DoesNotExist:
        raise Http404 from None


def _private(response: HttpResponse) -> HttpResponse:
    """A history is the visitor's own and moves on (a game goes on, a share link or a key
    moments analysis appears): never served from a cache."""
    add_never_cache_headers(response)
    return response


def _unlisted(response: HttpResponse) -> HttpResponse:
    """A share link is for the people it is given to, not for search engines."""
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response


@require_safe
def history(request: HtmxHttpRequest) -> HttpResponse:
    page = history_page(
        owner_of(request),
        result=request.GET.get("resultat", ""),
        page=request.GET.get("page") or 1,
    )
    return _private(render(request, "history/list.html", {"history": page}))


@require_safe
def stats(request: HtmxHttpRequest) -> HttpResponse:
    context = {"stats": player_stats(owner_of(request))}
    return _private(render(request, "history/stats.html", context))


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
    return _private(render(request, "history/game.html", context))


@require_safe
def replay(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    game, perspective = _played_or_404(request, game_id)
    return _render_sheet(request, game, ReplayLinks(game.pk), perspective)


@require_safe
def shared(request: HtmxHttpRequest, token: str) -> HttpResponse:
    game = _shared_or_404(token)
    return _unlisted(_render_sheet(request, game, ReplayLinks(game.pk, token)))


# -- One step of a hand ------------------------------------------------------------------


def _render_step(
    request: HtmxHttpRequest,
    game: Game,
    links: ReplayLinks,
    hand_number: int,
    step: int,
    perspective: Perspective = SOLO_PERSPECTIVE,
) -> HttpResponse:
    try:
        hands, record = load_hand(game, hand_number)
        replay_step = build_step(game, hands, record, step, links, perspective)
    except (Hand.DoesNotExist, StepNotFound):
        raise Http404 from None
    if replay_step.moments_url:
        analysis = moment_store.stored_analysis(record.hand)
        if analysis is not None:
            replay_step.moments = moments.present(analysis, record, links, step)
    template = "history/replay.html#replay" if is_partial(request) else "history/replay.html"
    response = render(request, template, {"replay": replay_step})
    patch_vary_headers(response, ["HX-Request"])
    return _private(response)


@require_safe
def replay_step(
    request: HtmxHttpRequest, game_id: int, hand_number: int, step: int
) -> HttpResponse:
    game, perspective = _played_or_404(request, game_id)
    return _render_step(request, game, ReplayLinks(game.pk), hand_number, step, perspective)


@require_safe
def shared_step(request: HtmxHttpRequest, token: str, hand_number: int, step: int) -> HttpResponse:
    game = _shared_or_404(token)
    return _unlisted(_render_step(request, game, ReplayLinks(game.pk, token), hand_number, step))


# -- Key moments -------------------------------------------------------------------------


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
        html = render_to_string("history/replay.html#moments", running, request)
        return _private(HttpResponse(html))
    view = moments.present(analysis, record, links, step)
    # The list, and out of band the note beside the position if this step is a key moment.
    context = {"moments": view, "here": view.here, "oob": True}
    html = render_to_string("history/replay.html#moments", context, request)
    html += render_to_string("history/replay.html#here", context, request)
    return _private(HttpResponse(html))


def moments_refused(
    request: HtmxHttpRequest, message: str, *_args: object, **_kwargs: object
) -> HttpResponse:
    html = render_to_string("history/replay.html#moments", {"refused": message}, request)
    return _private(HttpResponse(html))


@require_safe
@limited(MOMENTS, moments_refused, methods=("GET", "HEAD"))
def replay_moments(request: HtmxHttpRequest, game_id: int, hand_number: int) -> HttpResponse:
    game, perspective = _played_or_404(request, game_id)
    if perspective.bottom != 0:
        raise Http404  # the key moments weigh seat 0's choices (game.history.replay)
    return _render_moments(request, game, ReplayLinks(game.pk), hand_number)


@require_safe
@limited(MOMENTS, moments_refused, methods=("GET", "HEAD"))
def shared_moments(request: HtmxHttpRequest, token: str, hand_number: int) -> HttpResponse:
    game = _shared_or_404(token)
    return _unlisted(_render_moments(request, game, ReplayLinks(game.pk, token), hand_number))


# -- Sharing -----------------------------------------------------------------------------


@require_POST
def share(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    game = _owned_or_404(request, game_id)
    if game.kind != Game.Kind.SOLO:
        # A lesson is the same deal for everyone: nothing of the player's to share.
        raise Http404
    try:
        sharing.share_game(game=game)
    except sharing.NotShareable:
        return HttpResponse(_("Seule une partie terminée peut être partagée."), status=409)
    return redirect("game:replay", game.pk)


@require_POST
def unshare(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    game = _owned_or_404(request, game_id)
    sharing.revoke_share(game=game)
    return redirect("game:replay", game.pk)
