"""Read the site's configuration from the environment.

Pure functions, no Django import at module level, so that settings.py stays a flat list
and the parsing is tested on its own (tests/web/test_settings.py).
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from urllib.parse import parse_qsl, unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
FALSE_WORDS = frozenset({"0", "false", "no", "off", ""})

# SQLite tuned for a small web site: WAL lets readers go on while one writer writes,
# IMMEDIATE takes the write lock at BEGIN so a busy database waits `timeout` seconds
# instead of failing half-way through a transaction with "database is locked"; the
# process's writers also queue before BEGIN (config.sqlite), so the timeout is what a
# single statement outside a transaction, or another process, waits.
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
}

POSTGRES_SCHEMES = frozenset({"postgres", "postgresql", "pgsql"})

# PostgreSQL connections come from a pool (psycopg_pool, through Django's OPTIONS["pool"]):
# without one, every request in flight opened its own connection (50 guests held 45).
# A request that finds all of them busy waits up to the timeout for one, then gets the
# French 503 (config.middleware.DatabaseBusyMiddleware). Sized for one Daphne process on
# a 2-core machine: the database does not go faster with more connections than it has
# cores to run them, and (max size × server processes) must stay under the role's limit.
DEFAULT_POOL_MAX_SIZE = 8
DEFAULT_POOL_TIMEOUT = 5.0
POOL_MIN_SIZE = 2

# Django's own deploy check (security.W009) asks this much of a secret key.
SECRET_KEY_MIN_LENGTH = 50
SECRET_KEY_MIN_UNIQUE = 5


def env_bool(name: str, default: bool = False, environ: os._Environ | dict | None = None) -> bool:
    environ = os.environ if environ is None else environ
    raw = environ.get(name)
    if raw is None:
        return default
    word = raw.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r}: expected one of 1/0, true/false, yes/no, on/off")


def env_list(name: str, default: list[str], environ: os._Environ | dict | None = None) -> list[str]:
    environ = os.environ if environ is None else environ
    raw = environ.get(name)
    if raw is None or not raw.strip():
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_int(
    name: str, default: int, *, minimum: int = 0, environ: os._Environ | dict | None = None
) -> int:
    environ = os.environ if environ is None else environ
    raw = environ.get(name)
    if raw is None or not raw.strip():
        return default
    refusal = ImproperlyConfigured(f"{name}={raw!r}: expected a whole number ≥ {minimum}")
    try:
        value = int(raw.strip())
    except ValueError:
        raise refusal from None
    if value < minimum:
        raise refusal
    return value


def env_seconds(name: str, default: float, *, environ: os._Environ | dict | None = None) -> float:
    environ = os.environ if environ is None else environ
    raw = environ.get(name)
    if raw is None or not raw.strip():
        return default
    refusal = ImproperlyConfigured(f"{name}={raw!r}: expected a number of seconds > 0")
    try:
        value = float(raw.strip())
    except ValueError:
        raise refusal from None
    if not 0 < value < float("inf"):
        raise refusal
    return value


def postgres_pool(environ: os._Environ | dict | None = None) -> dict | None:
    """OPTIONS["pool"] from DATABASE_POOL_MAX_SIZE and DATABASE_POOL_TIMEOUT; None (no
    pool, one connection per request) when the size is 0, e.g. behind PgBouncer."""
    max_size = env_int("DATABASE_POOL_MAX_SIZE", DEFAULT_POOL_MAX_SIZE, minimum=0, environ=environ)
    if max_size == 0:
        return None
    timeout = env_seconds("DATABASE_POOL_TIMEOUT", DEFAULT_POOL_TIMEOUT, environ=environ)
    return {"min_size": min(POOL_MIN_SIZE, max_size), "max_size": max_size, "timeout": timeout}


def sqlite_database(path: Path | str) -> dict:
    return {
        "ENGINE": "config.sqlite",
        "NAME": str(path),
        "OPTIONS": dict(SQLITE_OPTIONS),
        # Said outright (Django's own default for SQLite): pytest-django then leaves each
        # parallel worker its own in-memory database instead of naming files after this one.
        "TEST": {"NAME": ":memory:"},
    }


def database_from_url(
    url: str | None, *, base_dir: Path, environ: os._Environ | dict | None = None
) -> dict:
    """DATABASES["default"] from a URL; SQLite in base_dir/db.sqlite3 when there is none.

    postgres://user:password@host:port/name?sslmode=require → PostgreSQL through psycopg 3,
    its connections from a pool (postgres_pool: DATABASE_POOL_* in `environ`).
    sqlite:///relative/file.sqlite3 (under base_dir) or sqlite:////absolute/file.sqlite3.
    """
    if not url or not url.strip():
        return sqlite_database(base_dir / "db.sqlite3")
    parts = urlsplit(url.strip())
    scheme = parts.scheme.lower()
    if scheme in POSTGRES_SCHEMES:
        name = unquote(parts.path.lstrip("/"))
        if not name:
            raise ImproperlyConfigured(f"DATABASE_URL names no database: {url!r}")
        options: dict = dict(parse_qsl(parts.query))
        pool = postgres_pool(environ)
        if pool is not None:
            options["pool"] = pool
        return {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": name,
            "USER": unquote(parts.username or ""),
            "PASSWORD": unquote(parts.password or ""),
            "HOST": parts.hostname or "",
            "PORT": str(parts.port or ""),
            "OPTIONS": options,
            # Django refuses a pool with persistent connections: the pool keeps them, and
            # each request gives its connection back when it ends. With health checks on,
            # the pool checks a connection before lending it (a restarted server).
            "CONN_MAX_AGE": 0,
            "CONN_HEALTH_CHECKS": True,
        }
    if scheme == "sqlite":
        # sqlite:///db.sqlite3 → path "/db.sqlite3" (relative); sqlite:////abs → "//abs".
        raw_path = unquote(parts.path)
        if not raw_path.strip("/"):
            raise ImproperlyConfigured(f"DATABASE_URL names no SQLite file: {url!r}")
        absolute = raw_path.startswith("//")
        return sqlite_database(Path(raw_path[1:]) if absolute else base_dir / raw_path[1:])
    raise ImproperlyConfigured(
        f"DATABASE_URL scheme {parts.scheme!r} is not supported (use postgres:// or sqlite:///)"
    )


# A process's connections to Redis for its channel layer at most: a connection for each of
# its sockets doing something at once. Redis itself accepts 10,000 clients by default.
REDIS_CONNECTIONS = 2000

# How many messages a channel holds before the layer drops new ones (channels' default:
# 100). With channels-redis all of a process's sockets share one queue, so a process that
# falls behind (both cores busy) reaches 100 quickly: `make load SCENARIO=live-2
# LOAD_USERS=75` dropped 73 messages in 90 s (tables' news, the clock's wakes), and a
# player who never saw the move before theirs waited for the turn clock (30 s). A message
# still expires after a minute.
CHANNEL_CAPACITY = 2000


def channel_layers(redis_url: str | None) -> dict:
    """Redis when REDIS_URL is set (needed as soon as more than one process serves),
    else the in-memory layer (one process only, fine for `make run` and the tests)."""
    if redis_url and redis_url.strip():
        return {
            "default": {
                "BACKEND": "channels_redis.core.RedisChannelLayer",
                # socket_timeout None: redis-py 8 reads with a 5 s timeout by default, as
                # long as channels-redis's blocking receive waits, and a quiet socket then
                # failed with "Timeout reading" (django/channels_redis#422).
                # max_connections: redis-py's pool refuses a 101st connection at once
                # (« Too many connections ») rather than wait; a process's sockets closing
                # together each leave their group at the same moment (make load's 75
                # tables, two processes: 150 each).
                "CONFIG": {
                    "capacity": CHANNEL_CAPACITY,
                    "hosts": [
                        {
                            "address": redis_url.strip(),
                            "socket_timeout": None,
                            "max_connections": REDIS_CONNECTIONS,
                        }
                    ],
                },
            }
        }
    return {
        "default": {
            "BACKEND": "channels.layers.InMemoryChannelLayer",
            "CONFIG": {"capacity": CHANNEL_CAPACITY},
        }
    }


def caches(redis_url: str | None) -> dict:
    """Django's Redis cache when REDIS_URL is set (limits shared by all processes), else
    the process's own memory."""
    if redis_url and redis_url.strip():
        return {
            "default": {
                "BACKEND": "django.core.cache.backends.redis.RedisCache",
                "LOCATION": redis_url.strip(),
            }
        }
    return {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}


def secret_key(*, environ: os._Environ | dict | None, key_file: Path, production: bool) -> str:
    """DJANGO_SECRET_KEY, else (outside production) a key made once and kept in key_file,
    so that sessions survive a restart of `make run`."""
    environ = os.environ if environ is None else environ
    key = environ.get("DJANGO_SECRET_KEY", "").strip()
    if production:
        if not key:
            raise ImproperlyConfigured(
                "DJANGO_ENV=production needs DJANGO_SECRET_KEY: refusing to start without it."
            )
        if (
            len(key) < SECRET_KEY_MIN_LENGTH
            or len(set(key)) < SECRET_KEY_MIN_UNIQUE
            or key.startswith("django-insecure-")
        ):
            raise ImproperlyConfigured(
                f"DJANGO_ENV=production needs a DJANGO_SECRET_KEY of at least "
                f"{SECRET_KEY_MIN_LENGTH} characters, {SECRET_KEY_MIN_UNIQUE} of them "
                f"different, not Django's 'django-insecure-' kind (this one: {len(key)} "
                f"characters, {len(set(key))} different): refusing to start. Make one with "
                "python -c 'import secrets; print(secrets.token_urlsafe(64))'"
            )
    if key:
        return key
    try:
        return key_file.read_text().strip() or _write_new_key(key_file, replace=True)
    except FileNotFoundError:
        return _write_new_key(key_file, replace=False)


def refuse_unsafe_production(*, production: bool, debug: bool) -> None:
    """DEBUG shows every visitor a traceback with the settings: never in production."""
    if production and debug:
        raise ImproperlyConfigured(
            "DJANGO_ENV=production with DJANGO_DEBUG on: refusing to start (DEBUG shows "
            "tracebacks and settings to every visitor). Unset DJANGO_DEBUG."
        )


def _write_new_key(key_file: Path, *, replace: bool) -> str:
    key = secrets.token_urlsafe(50)
    # Written whole under a temporary name, then linked into place: a concurrent reader
    # (daphne and migrate starting together, say) never sees a half-written key.
    temporary = key_file.with_name(f"{key_file.name}.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as handle:
        handle.write(key + "\n")
    try:
        if replace:
            os.replace(temporary, key_file)
            return key
        try:
            os.link(temporary, key_file)
        except FileExistsError:
            return key_file.read_text().strip()
        return key
    finally:
        temporary.unlink(missing_ok=True)
