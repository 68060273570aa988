"""The pages of « Jouer entre amis »: the new table's form, the waiting room, the table.

The table is the game's own (play.table, play/templates/game/table.html) seen from the
visitor's seat, its actions the game's own views bound to live tables (play.views'
helpers); everyone else at the table gets the news through their socket
(tables.consumers). Each view reads its post and calls one service.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from functools import partial, wraps

from django.contrib.sessions.backends.base import SessionBase
from django.http import HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect

from play import limits, services
from play.client_text import CLIENT_TEXT
from play.forms import ActionForm
from play.limits import limited
from play.models import Game, Move
from play.ownership import owner_of
from play.positions import Position, load_position, seated_games
from play.views import (
    BadInput,
    HtmxHttpRequest,
    TablePage,
    is_partial,
    play_card_from,
    read,
    respond,
    submit_pass_from,
    table_action,
    table_response,
)
from tables import live, services as table_services
from tables.display import build_room, live_table, table_path
from tables.forms import NewTableForm, SeatForm, TakeSeatForm

# The session remembers the name a guest last sat under, to prefill the next one.
NAME_SESSION_KEY = "table_name"


def guest_name(session: SessionBase) -> str:
    """The name a guest last sat under; else a name of their own (« Invité 4821 »), kept
    in the session, so that two guests at one table are not both « Invité » and the
    prefilled field reads as a suggestion to change."""
    name = session.get(NAME_SESSION_KEY)
    if not name:
        name = _("Invité %(number)s") % {"number": secrets.randbelow(9000) + 1000}
        session[NAME_SESSION_KEY] = name
    return str(name)


def render_live(
    request: HtmxHttpRequest,
    position: Position,
    *,
    new_moves: Sequence[Move] = (),
    error: str | None = None,
    status: int = 200,
    bots_busy: bool = False,
) -> HttpResponse:
    viewer = position.seating.seat_of(owner_of(request))
    table = live_table(position, viewer, new_moves=list(new_moves), error=error)
    context: dict[str, object] = {"table": table}
    if is_partial(request):
        return table_response(render(request, "game/table.html#table", context, status=status))
    context["client_text"] = CLIENT_TEXT
    return table_response(render(request, "game/table.html", context, status=status))


LIVE_TABLE = TablePage(
    render=render_live,
    games=seated_games,
    page_url=lambda game: table_path(game.live),
)
live_action = table_action(LIVE_TABLE)

# The header live.js adds to the table's posts: the key of the page's socket.
SOCKET_HEADER = "X-Table-Socket"


def answering(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A move posted from a live table's page: its news tells the page's own socket that
    the answer to this post carries the table (tables.live.answering), so the move is drawn
    once for this person, not twice. A header that is not a socket's key is ignored."""

    @wraps(view)
    def answered(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
        key = request.headers.get(SOCKET_HEADER, "")
        with live.answering(key if live.SOCKET_KEY.fullmatch(key) else None):
            return view(request, game_id)

    return answered


def suggested_name(request: HtmxHttpRequest) -> str:
    if request.user.is_authenticated:
        return request.user.get_username()[:20]
    return guest_name(request.session)


def new_table_page(
    request: HtmxHttpRequest, form: NewTableForm, status: int = 200, error: str | None = None
) -> HttpResponse:
    return render(request, "tables/new.html", {"form": form, "error": error}, status=status)


def new_table_form(request: HtmxHttpRequest, data: QueryDict | None = None) -> NewTableForm:
    form = NewTableForm(data, initial={"name": suggested_name(request)})
    if request.user.is_authenticated:
        # An account sits under its username.
        del form.fields["name"]
    return form


def too_many_tables(request: HtmxHttpRequest, message: str) -> HttpResponse:
    return new_table_page(request, new_table_form(request), status=429, error=message)


@require_safe
def new_table(request: HtmxHttpRequest) -> HttpResponse:
    owner_of(request, create=True)
    return new_table_page(request, new_table_form(request))


@require_POST
@limited(limits.NEW_GAME, too_many_tables)
def create_table(request: HtmxHttpRequest) -> HttpResponse:
    form = new_table_form(request, request.POST)
    if not form.is_valid():
        return new_table_page(request, form, status=400)
    data = form.cleaned_data
    name = data.pop("name", None) or suggested_name(request)
    if not request.user.is_authenticated:
        request.session[NAME_SESSION_KEY] = name
    game = table_services.open_table(owner=owner_of(request, create=True), host_name=name, **data)
    return redirect(table_path(game.live))


def _table_of(token: str) -> Game:
    games = Game.objects.filter(kind=Game.Kind.LIVE).select_related("live", "current_hand")
    return get_object_or_404(games, live__token=token)


def render_room(
    request: HtmxHttpRequest, game: Game, error: str | None = None, status: int = 200
) -> HttpResponse:
    room = build_room(game, owner_of(request), suggested_name(request), error)
    context = {"room": room, "link": request.build_absolute_uri(table_path(game.live))}
    template = "tables/room.html#room" if is_partial(request) else "tables/room.html"
    return table_response(render(request, template, context, status=status))


@require_safe
def table(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The waiting room before « Commencer », the table after; a spectator's view of it
    when the visitor has no seat and the table accepts spectators."""
    game = _table_of(token)
    owner_of(request, create=True)
    if game.status == Game.Status.WAITING:
        return render_room(request, game)
    position = load_position(game)
    if position.seating.seat_of(owner_of(request)) is None and not game.live.spectators_allowed:
        return render(request, "tables/closed.html", status=403)
    return render_live(request, position)


def room_action(request: HtmxHttpRequest, token: str, action: Callable[[], object]) -> HttpResponse:
    """Run one waiting-room service; the room again, with the refusal's reason if any."""
    game = _table_of(token)
    try:
        action()
    except services.Refused as refused:
        return render_room(request, _table_of(token), refused.message, status=409)
    except BadInput as bad:
        return render_room(request, game, bad.message, status=400)
    game = _table_of(token)
    if game.status != Game.Status.WAITING:
        url = table_path(game.live)
        return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    if not request.htmx:
        return redirect(table_path(game.live))
    return render_room(request, game)


@require_POST
def take_seat(request: HtmxHttpRequest, token: str) -> HttpResponse:
    owner = owner_of(request, create=True)

    def sit() -> None:
        if request.user.is_authenticated:
            seat = read(SeatForm, request)["seat"]
            name = suggested_name(request)
        else:
            data = read(TakeSeatForm, request)
            seat, name = data["seat"], data["name"]
            request.session[NAME_SESSION_KEY] = name
        table_services.take_seat(token=token, owner=owner, seat=seat, name=name)

    return room_action(request, token, sit)


@require_POST
def remove_player(request: HtmxHttpRequest, token: str) -> HttpResponse:
    def remove() -> None:
        seat = read(SeatForm, request)["seat"]
        table_services.remove_from_seat(token=token, owner=owner_of(request), seat=seat)

    return room_action(request, token, remove)


@require_POST
def leave(request: HtmxHttpRequest, token: str) -> HttpResponse:
    return room_action(
        request, token, lambda: table_services.leave_seat(token=token, owner=owner_of(request))
    )


@require_POST
def start(request: HtmxHttpRequest, token: str) -> HttpResponse:
    return room_action(
        request, token, lambda: table_services.start_table(token=token, owner=owner_of(request))
    )


def seat_action(
    request: HtmxHttpRequest, game_id: int, action: Callable[..., None]
) -> HttpResponse:
    """« Reprendre ma place » or « Abandonner la partie »: the table again, or with the
    refusal's reason."""
    owner = owner_of(request)
    try:
        action(game_id=game_id, owner=owner)
    except services.Refused as refused:
        game = seated_games(owner).select_related("live", "current_hand").get(pk=game_id)
        return render_live(request, load_position(game), error=refused.message, status=409)
    game = seated_games(owner).select_related("live").get(pk=game_id)
    url = table_path(game.live)
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@live_action
def resume(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """« Reprendre ma place »."""
    return seat_action(request, game_id, table_services.resume_seat)


@live_action
def abandon(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """« Abandonner la partie »."""
    return seat_action(request, game_id, table_services.abandon_seat)


@live_action
@answering
def play_card(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    outcome = play_card_from(request, game_id, partial(services.play_card, kind=Game.Kind.LIVE))
    return respond(request, outcome, LIVE_TABLE)


@live_action
@answering
def pass_cards(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    outcome = submit_pass_from(request, game_id, partial(services.submit_pass, kind=Game.Kind.LIVE))
    return respond(request, outcome, LIVE_TABLE)


@live_action
@answering
def next_hand(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    data = read(ActionForm, request)
    outcome = services.next_hand(
        game_id=game_id,
        owner=owner_of(request),
        expected_move=data["move"],
        kind=Game.Kind.LIVE,
    )
    return respond(request, outcome, LIVE_TABLE)
