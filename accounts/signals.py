"""A guest who signs up or logs in keeps the games played as a guest."""

from __future__ import annotations

import uuid

from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpRequest

from play.ownership import GUEST_SESSION_KEY
from play.services import claim_guest_games


def claim_games_played_as_guest(
    sender: type[AbstractBaseUser],
    *,
    request: HttpRequest | None,
    user: AbstractBaseUser,
    **kwargs: object,
) -> None:
    """Move the session's guest games to `user`, then forget the guest id.

    login() keeps the session's data while it cycles the key, so the guest id is still
    there when this signal fires; dropping it means the account is the only owner left.
    """
    session = getattr(request, "session", None)
    if session is None:
        return
    raw = session.pop(GUEST_SESSION_KEY, None)
    if raw is None:
        return
    try:
        guest_id = uuid.UUID(str(raw))
    except ValueError:
        return
    claim_guest_games(guest_id=guest_id, user_id=user.pk)
