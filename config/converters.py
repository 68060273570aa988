"""Path converters for play.urls."""

from __future__ import annotations


class ShareTokenConverter:
    """A share link's token as review.sharing.new_token makes it (a nonce and its
    signature): 43 characters of the URL-safe base64 alphabet, as Game.share_token holds.
    Anything else (a NUL byte, a slash, a longer string) is not a share address, so a 404
    before any query; PostgreSQL refused a NUL byte with an error, which was a 500."""

    regex = r"[A-Za-z0-9_-]{1,43}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value
