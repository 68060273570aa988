"""Path converters for players.urls."""

from __future__ import annotations


class UsernameConverter:
    """A username as sign-up accepts it (Django's UnicodeUsernameValidator: letters, digits
    and @ . + - _, at most 150 characters). Anything else, a NUL byte or « ~invite » (the
    guest's profile) included, is no account's address: a 404 before any query (PostgreSQL
    refuses a NUL byte in a query with an error, which would be a 500)."""

    regex = r"[\w.@+-]{1,150}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value
