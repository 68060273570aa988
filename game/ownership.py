"""Who owns a game: an account, or a guest identified by an id kept in the browser session."""

from __future__ import annotations

import hashlib
import hmac
import uuid
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q
from django.http import HttpRequest

GUEST_SESSION_KEY = "guest_id"


@dataclass(frozen=True)
class Owner:
    user_id: int | None = None
    guest_id: uuid.UUID | None = None

    def games_filter(self) -> Q:
        """The games this owner may see; matches nothing for an owner with no identity."""
        if self.user_id is not None:
            return Q(owner_id=self.user_id)
        if self.guest_id is not None:
            return Q(guest_id=self.guest_id, owner__isnull=True)
        return Q(pk__in=[])

    def as_fields(self) -> dict:
        if self.user_id is not None:
            return {"owner_id": self.user_id}
        return {"guest_id": self.guest_id}


def owner_of(request: HttpRequest, *, create: bool = False) -> Owner:
    """The owner behind a request; `create` gives a guest an id (starting a game needs one)."""
    user: AbstractBaseUser | AnonymousUser = request.user
    if user.is_authenticated:
        return Owner(user_id=user.pk)
    raw = request.session.get(GUEST_SESSION_KEY)
    if raw is None:
        if not create:
            return Owner()
        raw = str(new_guest_id(request))
        request.session[GUEST_SESSION_KEY] = raw
    return Owner(guest_id=uuid.UUID(raw))


def new_guest_id(request: HttpRequest) -> uuid.UUID:
    """A new guest's id: drawn from the browser's CSRF cookie when it has one.

    A browser without a session yet that posts « Jouer » several times at once (a double
    tap, two tabs) gets as many sessions, and keeps only the last cookie; every one of
    those games must still be its own. All those posts carry the same CSRF cookie (the
    form needs it), so they all get the same id, keyed with the secret key so that no one
    can compute it from the cookie. Logging in changes the CSRF cookie, so a guest after a
    logout is a new guest."""
    csrf_cookie = request.COOKIES.get(settings.CSRF_COOKIE_NAME, "")
    if not csrf_cookie:
        return uuid.uuid4()
    digest = hmac.new(
        settings.SECRET_KEY.encode(), b"guest:" + csrf_cookie.encode(), hashlib.sha256
    ).digest()
    return uuid.UUID(bytes=digest[:16], version=4)
