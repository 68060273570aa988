"""settings.SESSION_ENGINE: Django's database sessions, refusing malformed keys.

A cookie that is not a key Django could have made (a NUL byte, any character outside its
alphabet) is no session at all, before any query: PostgreSQL refuses a NUL byte in a text
parameter, and that refusal was a 500 on every page for such a cookie.
"""

from __future__ import annotations

import re

from django.contrib.sessions.backends import db

# Django makes keys of 32 characters from VALID_KEY_CHARS (a-z, 0-9); the base store asks
# for 8 characters at least, the table holds 40 at most.
SESSION_KEY = re.compile(r"[a-z0-9]{8,40}")


class SessionStore(db.SessionStore):
    def _validate_session_key(self, key: str | None) -> bool:
        return bool(key) and SESSION_KEY.fullmatch(key or "") is not None
