"""Which past game an address names for this visitor, and the headers every history page
carries (the pages: game.history_views, game.moments_views).

Each loader answers 404 without saying whether the game exists.
"""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.utils.cache import add_never_cache_headers

from game.history.selectors import owned_game, played_game, shared_game
from game.models import Game
from game.ownership import owner_of
from game.seating import Perspective
from game.views import HtmxHttpRequest


def owned_or_404(request: HtmxHttpRequest, game_id: int) -> Game:
    try:
        return owned_game(owner_of(request), game_id)
    except Game.DoesNotExist:
        raise Http404 from None


def played_or_404(request: HtmxHttpRequest, game_id: int) -> tuple[Game, Perspective]:
    """A game the visitor may review, and from which seat (a live table's other people)."""
    try:
        return played_game(owner_of(request), game_id)
    except Game.DoesNotExist:
        raise Http404 from None


def shared_or_404(token: str) -> Game:
    try:
        return shared_game(token)
    except Game.DoesNotExist:
        raise Http404 from None


def private(response: HttpResponse) -> HttpResponse:
    """A history is the visitor's own and moves on (a game goes on, a share link or a key
    moments analysis appears): never served from a cache."""
    add_never_cache_headers(response)
    return response


def unlisted(response: HttpResponse) -> HttpResponse:
    """A share link is for the people it is given to, not for search engines."""
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response
