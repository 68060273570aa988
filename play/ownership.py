"""Who owns a game: an account, or a guest identified by an id kept in the browser session."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.contrib.sessions.backends.base import SessionBase
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
    return owner_from(request.user, request.session, create=create)


def owner_from(
    user: AbstractBaseUser | AnonymousUser, session: SessionBase, *, create: bool = False
) -> Owner:
    """The owner of a user and a session: a request's, or a websocket's (tables.consumers)."""
    if user.is_authenticated:
        return Owner(user_id=user.pk)
    raw = session.get(GUEST_SESSION_KEY)
    if raw is None:
        if not create:
            return Owner()
        raw = str(uuid.uuid4())
        session[GUEST_SESSION_KEY] = raw
    return Owner(guest_id=uuid.UUID(raw))
