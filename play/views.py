"""The pages of a solo game: the home page, the table, and one thin view per action.

Each action reads its post, calls one service and answers with the table: the `#table`
partial for htmx (with the moves the action wrote, for table.js to deal out one at a time),
or a redirect back to the page for a plain form post. A refused action changes nothing and
shows why.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import wraps

from django import forms
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import add_never_cache_headers, patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect
from django_htmx.middleware import HtmxDetails

from play import limits, services
from play.client_text import CLIENT_TEXT
from play.forms import ActionForm, DifficultyForm, NewGameForm, PlayForm, first_error
from play.limits import limited
from play.models import Game, Move
from play.ownership import Owner, owner_of
from play.positions import Position, load_position, owned_games, owned_games_of
from play.services import Outcome
from play.table import build_table

IN_PROGRESS_SHOWN = 10


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


class BadInput(Exception):
    """A post the table cannot even read (a missing or malformed field)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def is_partial(request: HtmxHttpRequest) -> bool:
    """htmx swaps the table in place; a first visit, a reload or a history restore (htmx
    may send HX-Request with it) gets the whole page, so Back never shows a bare fragment."""
    return bool(request.htmx) and not request.htmx.history_restore_request


def table_response(response: HttpResponse) -> HttpResponse:
    """Every answer that shows a table, whole or partial, solo or tutorial."""
    patch_vary_headers(response, ["HX-Request"])
    # A game moves on: no cache may replay an old table (or a fragment) on Back or reload.
    add_never_cache_headers(response)
    return response


def render_table(
    request: HtmxHttpRequest,
    position: Position,
    *,
    new_moves: Sequence[Move] = (),
    error: str | None = None,
    status: int = 200,
    bots_busy: bool = False,
) -> HttpResponse:
    table = build_table(position, new_moves=new_moves, error=error, bots_busy=bots_busy)
    context: dict[str, object] = {"table": table}
    if is_partial(request):
        return table_response(render(request, "game/table.html#table", context, status=status))
    context["client_text"] = CLIENT_TEXT
    return table_response(render(request, "game/table.html", context, status=status))


@dataclass(frozen=True)
class TablePage:
    """Where a table's actions act and answer: the solo game's page, or the tutorial's."""

    render: Callable[..., HttpResponse]
    games: Callable[[Owner], QuerySet[Game]]
    page_url: Callable[[Game], str]


def solo_games(owner: Owner) -> QuerySet[Game]:
    return owned_games_of(owner, Game.Kind.SOLO)


SOLO_TABLE = TablePage(render=render_table, games=solo_games, page_url=Game.get_absolute_url)


def respond(
    request: HtmxHttpRequest, outcome: Outcome, page: TablePage = SOLO_TABLE
) -> HttpResponse:
    if outcome.refused:
        return page.render(request, outcome.position, error=outcome.error, status=409)
    if not request.htmx:
        return redirect(page.page_url(outcome.position.game))
    return page.render(
        request, outcome.position, new_moves=outcome.new_moves, bots_busy=outcome.bots_busy
    )


def owned_position(
    request: HtmxHttpRequest, game_id: int, page: TablePage = SOLO_TABLE
) -> Position:
    games = page.games(owner_of(request)).select_related("current_hand")
    return load_position(get_object_or_404(games, pk=game_id))


def read(form_class: type[forms.Form], request: HtmxHttpRequest) -> dict:
    form = form_class(request.POST)
    if not form.is_valid():
        raise BadInput(first_error(form))
    return form.cleaned_data


def table_action(
    page: TablePage,
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """POST only; a game that is not the visitor's (or not of this page) is a 404 (the
    services raise Game.DoesNotExist); a post that cannot be read shows the table with the
    reason."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def action(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
            if request.method != "POST":
                return HttpResponseNotAllowed(
                    ["POST"], content=_("Cette adresse ne sert qu’à jouer depuis la table.")
                )
            try:
                return view(request, game_id)
            except Game.DoesNotExist:
                raise Http404 from None
            except BadInput as bad:
                position = owned_position(request, game_id, page)
                return page.render(request, position, error=bad.message, status=400)

        return action

    return decorate


game_action = table_action(SOLO_TABLE)


def submit_pass_from(
    request: HtmxHttpRequest, game_id: int, submit_pass: Callable[..., Outcome]
) -> Outcome:
    """The pass a post names, given to `submit_pass` (the game's service or the tutorial's)."""
    data = read(ActionForm, request)
    return submit_pass(
        game_id=game_id,
        owner=owner_of(request),
        card_codes=request.POST.getlist("cards"),
        expected_move=data["move"],
    )


def play_card_from(
    request: HtmxHttpRequest, game_id: int, play_card: Callable[..., Outcome]
) -> Outcome:
    """The card a post names, given to `play_card` (the game's service or the tutorial's)."""
    data = read(PlayForm, request)
    return play_card(
        game_id=game_id, owner=owner_of(request), card_code=data["card"], expected_move=data["move"]
    )


def home_page(
    request: HtmxHttpRequest, form: NewGameForm, status: int = 200, error: str | None = None
) -> HttpResponse:
    in_progress = (
        owned_games(owner_of(request))
        # Games of other kinds (a lesson) are resumed from their own pages.
        .filter(status=Game.Status.PLAYING, kind=Game.Kind.SOLO)
        .select_related("current_hand")
        .order_by("-updated_at")[:IN_PROGRESS_SHOWN]
    )
    context = {"form": form, "in_progress": in_progress, "error": error}
    return render(request, "home.html", context, status=status)


@require_safe
def home(request: HtmxHttpRequest) -> HttpResponse:
    # The guest's identity comes with the page that offers « Jouer »: several posts of it
    # at once (a double tap, two tabs) then carry the same session, so every game they
    # start is this browser's. Without it each post made a guest of its own and the
    # browser kept only the last one's cookie.
    owner_of(request, create=True)
    return home_page(request, NewGameForm())


def too_many_games(request: HtmxHttpRequest, message: str) -> HttpResponse:
    return home_page(request, NewGameForm(), error=message)


def table_with_message(request: HtmxHttpRequest, message: str, game_id: int) -> HttpResponse:
    """A table action past its limit: the table as it is, with the reason; its page asks
    the bots again only after a pause (bots_busy)."""
    position = owned_position(request, game_id)
    return render_table(request, position, error=message, bots_busy=True)


@require_POST
@limited(limits.NEW_GAME, too_many_games)
def new_game(request: HtmxHttpRequest) -> HttpResponse:
    form = NewGameForm(request.POST)
    if not form.is_valid():
        return home_page(request, form, status=400)
    game = services.start_game(owner=owner_of(request, create=True), **form.cleaned_data)
    return redirect("game:table", game.pk)


@require_safe
def table(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    games = owned_games(owner_of(request)).select_related("current_hand")
    game = get_object_or_404(games, pk=game_id)
    page = game.get_absolute_url()
    if page != request.path:
        # A game of another kind is played on its own page (play.pages); only that page's
        # actions act on it.
        return redirect(page)
    return render_table(request, load_position(game))


@game_action
def play_card(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    return respond(request, play_card_from(request, game_id, services.play_card))


@game_action
def pass_cards(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    return respond(request, submit_pass_from(request, game_id, services.submit_pass))


@game_action
@limited(limits.ADVANCE, table_with_message)
def advance(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    return respond(request, services.advance(game_id=game_id, owner=owner_of(request)))


@game_action
def next_hand(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    data = read(ActionForm, request)
    outcome = services.next_hand(
        game_id=game_id, owner=owner_of(request), expected_move=data["move"]
    )
    return respond(request, outcome)


@game_action
def change_difficulty(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    data = read(DifficultyForm, request)
    outcome = services.change_difficulty(
        game_id=game_id, owner=owner_of(request), difficulty=data["difficulty"]
    )
    return respond(request, outcome)


@game_action
@limited(limits.NEW_GAME, table_with_message)
def play_again(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """« Rejouer »: a new game with the same length, level and training mode, once over."""
    try:
        again = services.play_again(game_id=game_id, owner=owner_of(request))
    except services.Refused as refused:
        position = owned_position(request, game_id)
        return render_table(request, position, error=refused.message, status=409)
    url = again.get_absolute_url()
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
