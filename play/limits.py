"""Per-visitor limits on the requests that cost the server CPU (docs/security.md).

A visitor is their account, else their guest identity, else (no session yet) their
browser's CSRF cookie (every form post carries one), else their IP address; starting games
and password checks are also counted per address, since a new guest or a new cookie is
free to make.
The counts live in Django's cache through django-ratelimit: Redis, shared by every process,
when REDIS_URL is set, else the one process's memory (config.env.caches).

The rates leave a person playing, even fast, far below them; they bound what one visitor
can make the server compute (a Difficile move can take half a second of CPU, « Moments
clés » about a second a hand, a password check 0.4 s).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import TypeVar, cast

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.utils.translation import gettext as _
from django_ratelimit.core import is_ratelimited

from play.ownership import owner_of

View = TypeVar("View", bound=Callable[..., HttpResponseBase])
# The answer past a limit: called with the request, the message and the view's own
# arguments (game_id…); its status becomes 429.
Refuse = Callable[..., HttpResponse]


@dataclass(frozen=True)
class Limit:
    """At most `rate` ("20/m": per second, minute, hour…) requests of `group` per visitor,
    and `per_address` per IP address when set."""

    group: str
    rate: str
    per_address: str | None = None


NEW_GAME = Limit("new_game", "20/m", per_address="300/10m")
# Per address too: many guests from one address could each stay under the visitor's rate.
ADVANCE = Limit("advance", "60/m", per_address="240/m")
MOMENTS = Limit("moments", "20/m", per_address="120/10m")
PASSWORD = Limit("password", "20/10m", per_address="60/10m")
# A cheap write (one row), but a write: a script gone wrong posting the table's settings
# in a loop is stopped (accounts.views.preferences).
PREFERENCES = Limit("preferences", "60/m")


def visitor(group: str, request: HttpRequest) -> str:
    owner = owner_of(request)
    if owner.user_id is not None:
        return f"user:{owner.user_id}"
    if owner.guest_id is not None:
        return f"guest:{owner.guest_id}"
    browser = request.COOKIES.get(settings.CSRF_COOKIE_NAME)
    if browser:
        return "browser:" + hashlib.sha256(browser.encode()).hexdigest()[:32]
    return f"address:{request.META.get('REMOTE_ADDR', '')}"


def exceeded(request: HttpRequest, limit: Limit) -> bool:
    """Counts this request; whether it goes past the visitor's or the address's rate."""
    over = _counted(request, limit.group, visitor, limit.rate)
    if limit.per_address is not None:
        # Counted even when the visitor is already over, so the address's count is true.
        over = _counted(request, f"{limit.group}:address", "ip", limit.per_address) or over
    return over


def _counted(request: HttpRequest, group: str, key: object, rate: str) -> bool:
    return bool(is_ratelimited(request, group=group, key=key, rate=rate, increment=True))


def too_many_message() -> str:
    return _("Trop de demandes en peu de temps : attendez un instant, puis réessayez.")


def limited(
    limit: Limit,
    refuse: Refuse,
    *,
    methods: tuple[str, ...] = ("POST",),
    free: Callable[[HttpRequest], bool] | None = None,
) -> Callable[[View], View]:
    """Past the limit the view answers `refuse(request, message, *arguments)` as a 429
    with Retry-After, and does nothing else; requests of other methods, and those `free`
    says cost nothing (a poll that only reads), are not counted."""

    def decorate(view: View) -> View:
        @wraps(view)
        def guarded(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponseBase:
            counted = request.method in methods and not (free is not None and free(request))
            if counted and exceeded(request, limit):
                response = refuse(request, too_many_message(), *args, **kwargs)
                response.status_code = 429
                response["Retry-After"] = "30"
                return response
            return view(request, *args, **kwargs)

        return cast(View, guarded)

    return decorate
