"""What the site knows of its database beyond Django's settings: a pool that has no
connection to lend (docs/security.md, « The database pool »)."""

from __future__ import annotations

from psycopg_pool import PoolTimeout, TooManyRequests


def pool_exhausted(error: BaseException | None) -> bool:
    """True for the error Django raises when the pool lent every connection and none came
    back within its timeout (a psycopg_pool error, wrapped in django.db.OperationalError)."""
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, PoolTimeout | TooManyRequests):
            return True
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return False
