"""Which past game an address names for this visitor, and the headers every history page
carries (the pages: review.views, review.moments_views).

Each loader answers 404 without saying whether the game exists.
"""

from __future__ import annotations

from dataclasses import replace

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _, gettext_lazy

from play.models import Game
from play.ownership import owner_of
from play.seating import Perspective, seating_of
from review import sharing
from review.selectors import owned_game, played_game, shared_game


class SharingStopped(Http404):
    """A share link its owner took back: still a 404, but the site's 404 page
    (pages.views.page_not_found) tells the visitor why, on every address of the link."""

    title = gettext_lazy("Partage retiré")
    explanation = gettext_lazy("Le joueur a cessé de partager cette partie.")


def owned_or_404(request: HttpRequest, game_id: int) -> Game:
    try:
        return owned_game(owner_of(request), game_id)
    except Game.DoesNotExist:
        raise Http404 from None


def played_or_404(request: HttpRequest, game_id: int) -> tuple[Game, Perspective]:
    """A game the visitor may review, and from which seat (a live table's other people)."""
    try:
        return played_game(owner_of(request), game_id)
    except Game.DoesNotExist:
        raise Http404 from None


def shared_or_404(token: str) -> Game:
    """The game behind a share link; SharingStopped for a link the site made that no longer
    opens anything (its owner revoked it)."""
    try:
        return shared_game(token)
    except Game.DoesNotExist:
        if sharing.was_issued(token):
            raise SharingStopped from None
        raise Http404 from None


def shared_perspective(game: Game) -> Perspective:
    """A shared game as its visitor sees it: from the player's seat, the player named (their
    account's name, « Invité » for a guest's game) since the visitor is not « Vous »."""
    seating = seating_of(game)
    player, *others = seating.occupants
    name = game.owner.get_username() if game.owner is not None else _("Invité")
    return Perspective(replace(seating, occupants=(replace(player, name=name), *others)), None)


def private(response: HttpResponse) -> HttpResponse:
    """A history is the visitor's own and moves on (a game goes on, a share link or a key
    moments analysis appears): never served from a cache."""
    add_never_cache_headers(response)
    return response


def unlisted(response: HttpResponse) -> HttpResponse:
    """A share link is for the people it is given to, not for search engines."""
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response
