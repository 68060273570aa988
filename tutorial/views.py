"""The tutorial's pages: « Apprendre à jouer », and one thin view per action at its table.

The table is the game's own (game.table, templates/game/table.html), posting to the views
below; the notes panel beside it travels with every answer (an out-of-band htmx swap), so
that a pass, a card or the bots' replies bring their notes with them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import wraps

from django.http import Http404, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import add_never_cache_headers, patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect

from game.forms import ActionForm, PlayForm
from game.models import Game, Move
from game.ownership import owner_of
from game.positions import Position, load_position
from game.services import Outcome
from game.table import CLIENT_TEXT, TableUrls, build_table
from game.views import BadInput, HtmxHttpRequest, is_partial, read
from tutorial import services
from tutorial.guide import build_guide

ACTIONS = ("pass_cards", "play_card", "advance")


def render_tutorial(
    request: HtmxHttpRequest,
    position: Position,
    *,
    new_moves: Sequence[Move] = (),
    error: str | None = None,
    status: int = 200,
) -> HttpResponse:
    table = build_table(
        position,
        new_moves=new_moves,
        error=error,
        urls=TableUrls.of("tutorial", position.game.pk, ACTIONS),
    )
    # The tutorial's summary (the notes panel) takes the place of the game's result panel.
    context = {
        "table": replace(table, hand_result=None, game_result=None),
        "guide": build_guide(position),
    }
    if is_partial(request):
        html = render_to_string("game/table.html#table", context, request) + render_to_string(
            "tutorial/table.html#notes", {**context, "swap_oob": True}, request
        )
        response = HttpResponse(html, status=status)
    else:
        context["client_text"] = CLIENT_TEXT
        response = render(request, "tutorial/table.html", context, status=status)
    patch_vary_headers(response, ["HX-Request"])
    add_never_cache_headers(response)
    return response


def respond(request: HtmxHttpRequest, outcome: Outcome) -> HttpResponse:
    if outcome.refused:
        return render_tutorial(request, outcome.position, error=outcome.error, status=409)
    if not request.htmx:
        return redirect("tutorial:index")
    return render_tutorial(request, outcome.position, new_moves=outcome.new_moves)


def tutorial_action(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """As game.views.game_action: POST only, someone else's game (or a game that is not a
    tutorial) is a 404, and a post that cannot be read shows the table with the reason."""

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
            games = services.tutorial_games(owner_of(request)).select_related("current_hand")
            game = games.filter(pk=game_id).first()
            if game is None:
                raise Http404 from None
            return render_tutorial(request, load_position(game), error=bad.message, status=400)

    return action


@require_safe
def index(request: HtmxHttpRequest) -> HttpResponse:
    """The visitor's tutorial where they left it, or the invitation to start one."""
    game = services.current_tutorial(owner_of(request))
    if game is None:
        return render(request, "tutorial/start.html")
    return render_tutorial(request, load_position(game))


@require_POST
def start(request: HtmxHttpRequest) -> HttpResponse:
    """« Commencer », and « Recommencer »: a new tutorial deal from its first card."""
    services.start_tutorial(owner=owner_of(request, create=True))
    url = reverse("tutorial:index")
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@tutorial_action
def pass_cards(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    data = read(ActionForm, request)
    outcome = services.submit_pass(
        game_id=game_id,
        owner=owner_of(request),
        card_codes=request.POST.getlist("cards"),
        expected_move=data["move"],
    )
    return respond(request, outcome)


@tutorial_action
def play_card(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    data = read(PlayForm, request)
    outcome = services.play_card(
        game_id=game_id,
        owner=owner_of(request),
        card_code=data["card"],
        expected_move=data["move"],
    )
    return respond(request, outcome)


@tutorial_action
def advance(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    return respond(request, services.advance(game_id=game_id, owner=owner_of(request)))
