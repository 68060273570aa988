"""The owner's share link: a read-only replay of a finished game for whoever has the link."""

from __future__ import annotations

import secrets

from game.models import Game


class NotShareable(Exception):
    """Only a finished game is shared: a game in progress still hides the bots' hands."""


def share_game(*, game: Game) -> Game:
    """Give the game an unguessable token (kept if it already has one)."""
    if not game.is_finished:
        raise NotShareable
    if game.share_token is None:
        game.share_token = secrets.token_urlsafe(32)
        game.save(update_fields=["share_token"])
    return game


def revoke_share(*, game: Game) -> Game:
    """The link stops working at once; sharing again makes a new one."""
    if game.share_token is not None:
        game.share_token = None
        game.save(update_fields=["share_token"])
    return game
