"""« Rejouer ce moment »: the pages of a practice (review.practice), from the owner's replay
(`replay_practice…`) or behind a share link (`shared_practice…`).

Each view loads what its address names with the replay's own loaders
(review.access: a game the visitor may review, or a share link's; a finished hand;
seat 0's view, since the practice is the player's), then shows the game's own table
(play.table.build_table, game/table.html) posting to the views below. A post that cannot
be read is a 400, a card the rules refuse a 409 with the engine's reason, both showing the
table unchanged; every post counts against « avancer »'s limit (play.limits.ADVANCE).
Nothing here writes to the database: the practice's moves are the session's (store).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from game.engine import IllegalMove, Move as EngineMove
from play.client_text import CLIENT_TEXT
from play.forms import ActionForm, PlayForm
from play.limits import ADVANCE, limited
from play.messages import illegal_move_message
from play.models import Game, Hand
from play.seats import HUMAN
from play.steps import StepNotFound
from play.table import build_table
from play.table_view import TableUrls
from play.views import BadInput, HtmxHttpRequest, is_partial, read, table_response
from review.access import played_or_404, private, shared_or_404, unlisted
from review.links import ReplayLinks
from review.practice import store
from review.practice.moment import Moment, NoChoiceLeft, moment_at
from review.practice.play import (
    BadMove,
    Practice,
    bots_reply,
    play,
    player_move,
    practice_of,
    table_moves,
)
from review.practice.view import practice_view
from review.selectors import load_hand


class NothingLeftToPlay(Http404):
    """A step after the player's last card: still not found, but the page says why."""

    def __init__(self, back_url: str) -> None:
        super().__init__(back_url)
        self.back_url = back_url


@dataclass(frozen=True)
class Located:
    """What a practice's address names: its moment, and the replay's links it came from."""

    moment: Moment
    links: ReplayLinks

    def url(self, action: str | None = None) -> str:
        hand, step = self.moment.hand_number, self.moment.step
        if action is None:
            return self.links.practice(hand, step)
        return self.links.practice_action(hand, step, action)

    def headers(self, response: HttpResponse) -> HttpResponse:
        private(response)
        return unlisted(response) if self.links.token else response


def _located(game: Game, links: ReplayLinks, hand_number: int, step: int) -> Located:
    try:
        hands, record = load_hand(game, hand_number)
    except Hand.DoesNotExist:
        raise Http404 from None
    if not record.hand.is_finished:
        raise Http404  # the hand being played is played at the table
    try:
        return Located(moment_at(game, hands, record, step), links)
    except StepNotFound:
        raise Http404 from None
    except NoChoiceLeft:
        raise NothingLeftToPlay(links.step(hand_number, step)) from None


def _owned(request: HtmxHttpRequest, game_id: int, hand_number: int, step: int) -> Located:
    game, perspective = played_or_404(request, game_id)
    if perspective.bottom != HUMAN:
        raise Http404  # the player's seat only, as the key moments (review.moments_views)
    return _located(game, ReplayLinks(game.pk), hand_number, step)


def _shared(token: str, hand_number: int, step: int) -> Located:
    game = shared_or_404(token)
    return _located(game, ReplayLinks(game.pk, token), hand_number, step)


# -- Answers -----------------------------------------------------------------------------


def _practice(request: HtmxHttpRequest, located: Located) -> Practice:
    moment = located.moment
    session, key = request.session, moment.key
    return practice_of(moment, store.saved_moves(session, key), store.restarts(session, key))


def _render(
    request: HtmxHttpRequest,
    located: Located,
    practice: Practice,
    *,
    new_moves: Sequence[EngineMove] = (),
    error: str | None = None,
    status: int = 200,
    bots_busy: bool = False,
) -> HttpResponse:
    """The game's table at the practice's position, posting to the practice's views; its
    result panels give way to the practice's own (game/_practice.html)."""
    urls = TableUrls(
        pass_cards=located.url("play"),
        play_card=located.url("play"),
        advance=located.url("advance"),
    )
    table = build_table(
        practice.position,
        new_moves=table_moves(new_moves),
        error=error,
        urls=urls,
        bots_busy=bots_busy,
    )
    table = replace(
        table,
        hand_result=None,
        game_result=None,
        analysis_url=None,
        page_url=located.url(),
        sheet_url=located.links.overview(),
        practice=practice_view(practice, located.links),
    )
    context: dict[str, object] = {"table": table}
    if is_partial(request):
        response = render(request, "game/table.html#table", context, status=status)
    else:
        context["client_text"] = CLIENT_TEXT
        response = render(request, "review/practice.html", context, status=status)
    return located.headers(table_response(response))


def _moved(
    request: HtmxHttpRequest, located: Located, practice: Practice, moves: Sequence[EngineMove]
) -> HttpResponse:
    """After a move: the table with the moves for table.js to deal out, or for a plain form
    post, back to the page."""
    if not request.htmx:
        return located.headers(redirect(located.url()))
    return _render(request, located, practice, new_moves=moves)


# -- What the table posts ----------------------------------------------------------------


def _show(request: HtmxHttpRequest, located: Located, step: int) -> HttpResponse:
    if step != located.moment.step:
        # Not the player's move at that step: the practice starts at their next decision.
        return located.headers(redirect(located.url()))
    return _render(request, located, _practice(request, located))


class StalePost(Exception):
    """A post drawn before the practice's last move (another tab, a double tap)."""


def _posted_move(request: HtmxHttpRequest, practice: Practice) -> EngineMove:
    """The move the post names, drawn at the practice's current move number."""
    drawn_at = read(ActionForm, request)["move"]
    passing = practice.passing
    codes = request.POST.getlist("cards") if passing else [read(PlayForm, request)["card"]]
    if drawn_at != practice.position.game.move_count:
        raise StalePost
    return player_move(practice, codes)


def _play(request: HtmxHttpRequest, located: Located) -> HttpResponse:
    practice = _practice(request, located)
    try:
        moves = play(practice, _posted_move(request, practice))
    except (BadInput, BadMove) as bad:
        return _render(request, located, practice, error=bad.message, status=400)
    except StalePost:
        stale = _(
            "Ce moment a avancé dans un autre onglet : votre carte n’a pas été jouée. "
            "Voici la table à jour."
        )
        return _render(request, located, practice, error=stale, status=409)
    except IllegalMove as illegal:
        return _render(request, located, practice, error=illegal_move_message(illegal), status=409)
    store.save_moves(request.session, located.moment.key, practice.moves)
    return _moved(request, located, practice, moves)


def _advance(request: HtmxHttpRequest, located: Located) -> HttpResponse:
    practice = _practice(request, located)
    moves = bots_reply(practice)
    if moves:
        store.save_moves(request.session, located.moment.key, practice.moves)
    return _moved(request, located, practice, moves)


def _restart(request: HtmxHttpRequest, located: Located) -> HttpResponse:
    store.forget(request.session, located.moment.key)
    return _moved(request, located, _practice(request, located), ())


def _unavailable(request: HtmxHttpRequest, refused: NothingLeftToPlay) -> HttpResponse:
    response = render(
        request, "review/practice_unavailable.html", {"back_url": refused.back_url}, status=404
    )
    return private(response)


# -- The owner's addresses ---------------------------------------------------------------


def _owner_too_many(
    request: HtmxHttpRequest, message: str, game_id: int, hand_number: int, step: int
) -> HttpResponse:
    located = _owned(request, game_id, hand_number, step)
    return _render(request, located, _practice(request, located), error=message, bots_busy=True)


@require_safe
def replay_practice(
    request: HtmxHttpRequest, game_id: int, hand_number: int, step: int
) -> HttpResponse:
    try:
        located = _owned(request, game_id, hand_number, step)
    except NothingLeftToPlay as refused:
        return _unavailable(request, refused)
    return _show(request, located, step)


@require_POST
@limited(ADVANCE, _owner_too_many)
def replay_practice_play(
    request: HtmxHttpRequest, game_id: int, hand_number: int, step: int
) -> HttpResponse:
    return _play(request, _owned(request, game_id, hand_number, step))


@require_POST
@limited(ADVANCE, _owner_too_many)
def replay_practice_advance(
    request: HtmxHttpRequest, game_id: int, hand_number: int, step: int
) -> HttpResponse:
    return _advance(request, _owned(request, game_id, hand_number, step))


@require_POST
@limited(ADVANCE, _owner_too_many)
def replay_practice_restart(
    request: HtmxHttpRequest, game_id: int, hand_number: int, step: int
) -> HttpResponse:
    return _restart(request, _owned(request, game_id, hand_number, step))


# -- Behind a share link -----------------------------------------------------------------


def _shared_too_many(
    request: HtmxHttpRequest, message: str, token: str, hand_number: int, step: int
) -> HttpResponse:
    located = _shared(token, hand_number, step)
    return _render(request, located, _practice(request, located), error=message, bots_busy=True)


@require_safe
def shared_practice(
    request: HtmxHttpRequest, token: str, hand_number: int, step: int
) -> HttpResponse:
    try:
        located = _shared(token, hand_number, step)
    except NothingLeftToPlay as refused:
        return unlisted(_unavailable(request, refused))
    return _show(request, located, step)


@require_POST
@limited(ADVANCE, _shared_too_many)
def shared_practice_play(
    request: HtmxHttpRequest, token: str, hand_number: int, step: int
) -> HttpResponse:
    return _play(request, _shared(token, hand_number, step))


@require_POST
@limited(ADVANCE, _shared_too_many)
def shared_practice_advance(
    request: HtmxHttpRequest, token: str, hand_number: int, step: int
) -> HttpResponse:
    return _advance(request, _shared(token, hand_number, step))


@require_POST
@limited(ADVANCE, _shared_too_many)
def shared_practice_restart(
    request: HtmxHttpRequest, token: str, hand_number: int, step: int
) -> HttpResponse:
    return _restart(request, _shared(token, hand_number, step))
