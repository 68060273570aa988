"""The profile pages: an account's (/joueurs/<username>/), the guest's own (/joueurs/~invite/)
and /joueurs/, which goes to the visitor's own.

Each view loads what its address names (a French 404 page for a username no active account
has), asks players.profile for the page and renders it; players.profile decides who sees
what. The pages only read: any other method gets a 405 that says so.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect, render
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _

from accounts.selectors import active_account
from play.ownership import owner_of
from players.profile import (
    SETTINGS_SAVED_PARAMETER,
    SETTINGS_SAVED_VALUE,
    account_profile,
    guest_profile,
)

READ_METHODS = ("GET", "HEAD")


def _read_only(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """GET and HEAD; anything else is refused with the reason (Django's require_safe
    answers an empty 405)."""

    @wraps(view)
    def read(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        if request.method not in READ_METHODS:
            return HttpResponseNotAllowed(
                READ_METHODS,
                content=_("Un profil se consulte seulement : rien ne s’y envoie."),
                content_type="text/plain; charset=utf-8",
            )
        return view(request, *args, **kwargs)

    return read


def _private(response: HttpResponse) -> HttpResponse:
    """A profile depends on who looks (its links, the owner's settings form and its CSRF
    token) and changes with every game: never served from a cache."""
    add_never_cache_headers(response)
    return response


@_read_only
def profile(request: HttpRequest, username: str) -> HttpResponse:
    try:
        account = active_account(username)
    except User.DoesNotExist:
        response = render(request, "players/unknown.html", {"username": username}, status=404)
        return _private(response)
    saved = request.GET.get(SETTINGS_SAVED_PARAMETER) == SETTINGS_SAVED_VALUE
    page = account_profile(account, viewer=owner_of(request), settings_saved=saved)
    return _private(render(request, "players/profile.html", {"profile": page}))


@_read_only
def guest(request: HttpRequest) -> HttpResponse:
    """The guest's own profile; a signed-in visitor has an account's instead (their guest
    games followed them at sign-up)."""
    if request.user.is_authenticated:
        return redirect("players:profile", request.user.get_username())
    return _private(
        render(request, "players/profile.html", {"profile": guest_profile(owner_of(request))})
    )


@_read_only
def mine(request: HttpRequest) -> HttpResponse:
    """/joueurs/: the visitor's own profile, wherever it lives (where sign-up comes back)."""
    if request.user.is_authenticated:
        return redirect("players:profile", request.user.get_username())
    return redirect("players:guest")
