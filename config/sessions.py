"""settings.SESSION_ENGINE: Django's database sessions, with two additions.

- A cookie that is not a key Django could have made (a NUL byte, any character outside
  its alphabet) is no session at all, before any query: PostgreSQL refuses a NUL byte in a
  text parameter, and that refusal was a 500 on every page for such a cookie.
- The store remembers when the row it loaded expires, so that
  config.middleware.SessionRenewalMiddleware can renew a session in use without a write
  on every request (docs/security.md, « Sessions »).
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from django.contrib.sessions.backends import db

# Django makes keys of 32 characters from VALID_KEY_CHARS (a-z, 0-9); the base store asks
# for 8 characters at least, the table holds 40 at most.
SESSION_KEY = re.compile(r"[a-z0-9]{8,40}")


class SessionStore(db.SessionStore):
    def __init__(self, session_key: str | None = None) -> None:
        # When the row this store read or wrote last expires; None before either.
        self.stored_expiry: datetime | None = None
        super().__init__(session_key)

    def _validate_session_key(self, key: str | None) -> bool:
        return bool(key) and SESSION_KEY.fullmatch(key or "") is not None

    def _get_session_from_db(self) -> Any:
        row = super()._get_session_from_db()  # type: ignore[misc]  # not in django-stubs
        self.stored_expiry = row.expire_date if row is not None else None
        return row

    async def _aget_session_from_db(self) -> Any:
        row = await super()._aget_session_from_db()  # type: ignore[misc]  # not in django-stubs
        self.stored_expiry = row.expire_date if row is not None else None
        return row

    def save(self, must_create: bool = False) -> None:
        super().save(must_create=must_create)
        self.stored_expiry = self.get_expiry_date()

    async def asave(self, must_create: bool = False) -> None:
        await super().asave(must_create=must_create)
        self.stored_expiry = await self.aget_expiry_date()
