"""The tutorial's pages: « Apprendre à jouer », and one thin view per action at its table.

The table is the game's own (play.table, play/templates/game/table.html), posting to the views
below; the notes panel beside it travels with every answer (an out-of-band htmx swap), so
that a pass, a card or the bots' replies bring their notes with them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect

from play.client_text import CLIENT_TEXT
from play.models import Move
from play.ownership import owner_of
from play.positions import Position, load_position
from play.table import build_table
from play.table_view import TableUrls
from play.views import (
    HtmxHttpRequest,
    TablePage,
    is_partial,
    play_card_from,
    respond,
    submit_pass_from,
    table_action,
    table_response,
)
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
    bots_busy: bool = False,
) -> HttpResponse:
    table = build_table(
        position,
        new_moves=new_moves,
        error=error,
        urls=TableUrls.of("tutorial", position.game.pk, ACTIONS),
        bots_busy=bots_busy,
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
        return table_response(HttpResponse(html, status=status))
    context["client_text"] = CLIENT_TEXT
    return table_response(render(request, "tutorial/table.html", context, status=status))


TUTORIAL_TABLE = TablePage(
    render=render_tutorial,
    games=services.tutorial_games,
    page_url=lambda game: reverse("tutorial:index"),
)
tutorial_action = table_action(TUTORIAL_TABLE)


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
    return respond(
        request, submit_pass_from(request, game_id, services.submit_pass), TUTORIAL_TABLE
    )


@tutorial_action
def play_card(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    return respond(request, play_card_from(request, game_id, services.play_card), TUTORIAL_TABLE)


@tutorial_action
def advance(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    outcome = services.advance(game_id=game_id, owner=owner_of(request))
    return respond(request, outcome, TUTORIAL_TABLE)
