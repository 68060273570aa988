"""The owner's share link: a read-only replay of a finished game for whoever has the link.

A token is 16 random bytes and a 16-byte signature of them (HMAC with the site's secret
key), 43 URL-safe characters as before. A revoked token is forgotten (the game keeps no
list of them), but the signature still tells a link the site made from any other string:
that is how a visitor of a revoked link learns that its owner stopped sharing it, rather
than that it never existed.
"""

from __future__ import annotations

import base64
import binascii
import secrets

from django.utils.crypto import constant_time_compare, salted_hmac

from play.models import Game

_NONCE_BYTES = 16
_SIGNATURE_BYTES = 16
_SALT = "review.sharing.token"


class NotShareable(Exception):
    """Only a finished game is shared: a game in progress still hides the bots' hands."""


def _signature(nonce: bytes) -> bytes:
    return salted_hmac(_SALT, nonce, algorithm="sha256").digest()[:_SIGNATURE_BYTES]


def new_token() -> str:
    nonce = secrets.token_bytes(_NONCE_BYTES)
    return base64.urlsafe_b64encode(nonce + _signature(nonce)).rstrip(b"=").decode()


def was_issued(token: str) -> bool:
    """Whether the site made this token (shared now or once, then revoked)."""
    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    except (binascii.Error, ValueError):
        return False
    if len(raw) != _NONCE_BYTES + _SIGNATURE_BYTES:
        return False
    nonce, signature = raw[:_NONCE_BYTES], raw[_NONCE_BYTES:]
    return constant_time_compare(signature, _signature(nonce))


def share_game(*, game: Game) -> Game:
    """Give the game an unguessable token (kept if it already has one)."""
    if not game.is_finished:
        raise NotShareable
    if game.share_token is None:
        game.share_token = new_token()
        game.save(update_fields=["share_token"])
    return game


def revoke_share(*, game: Game) -> Game:
    """The link stops working at once; sharing again makes a new one."""
    if game.share_token is not None:
        game.share_token = None
        game.save(update_fields=["share_token"])
    return game
