"""Rerun the suites that touch a server against the real ones, when they answer.

- every test that touches the database (--database-only: tests/conftest.py; the others
  ran in `make test-unit` and behave the same on any database) with
  DATABASE_URL=postgres://… (default postgres://postgres@127.0.0.1:5432/test)
- the channel-layer tests (-m channel_layer) with REDIS_URL=redis://… (default …:6379/0)
- the multi-process tests (-m multiprocess: two Daphne processes and the table clock
  worker, which also runs the queue's matcher) with both: a live table, and the ranked
  queue shared by the two processes

Override with TEST_DATABASE_URL / TEST_REDIS_URL. A server that does not answer is
SKIPPED with a visible line, except under CI=true, where it is a failure.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"
PYTEST_NO_TESTS = 5
# The database rerun on every core, as `make test-unit` (pytest-xdist); the channel-layer
# and multi-process runs stay in one process: they share one Redis and fixed servers.
PARALLEL = ["-n", "auto"]


def postgres_answers(url: str) -> bool:
    import psycopg

    try:
        with psycopg.connect(url, connect_timeout=3) as connection:
            connection.execute("SELECT 1")
    except psycopg.Error:
        return False
    return True


def redis_answers(url: str) -> bool:
    parts = urlsplit(url)
    try:
        with socket.create_connection(
            (parts.hostname or "127.0.0.1", parts.port or 6379), timeout=3
        ) as sock:
            if parts.password:
                user = parts.username or "default"
                sock.sendall(f"AUTH {user} {parts.password}\r\n".encode())
                sock.recv(64)
            sock.sendall(b"PING\r\n")
            return sock.recv(64).startswith(b"+PONG")
    except OSError:
        return False


def run_pytest(label: str, env_update: dict[str, str], args: list[str]) -> int:
    print(f"\n=== {label} ===", flush=True)
    env = {**os.environ, **env_update}
    code = subprocess.call([sys.executable, "-m", "pytest", "-q", *args], cwd=ROOT, env=env)
    if code == PYTEST_NO_TESTS:
        print(f"NOTE: {label}: no tests collected.")
        return 0
    return code


def main() -> int:
    in_ci = os.environ.get("CI", "").lower() == "true"
    database_url = os.environ.get("TEST_DATABASE_URL", DEFAULT_DATABASE_URL)
    redis_url = os.environ.get("TEST_REDIS_URL", DEFAULT_REDIS_URL)
    failures: list[str] = []

    if postgres_answers(database_url):
        if run_pytest(
            f"database suites on PostgreSQL ({database_url})",
            {"DATABASE_URL": database_url},
            [*PARALLEL, "--database-only", "tests", "--ignore=tests/game"],
        ):
            failures.append("PostgreSQL run")
    else:
        print(f"\nSKIPPED: PostgreSQL not reachable at {database_url}: its rerun did not run.")
        if in_ci:
            failures.append("PostgreSQL not reachable (CI=true)")

    if redis_answers(redis_url):
        if run_pytest(
            f"channel-layer tests on Redis ({redis_url})",
            {"REDIS_URL": redis_url},
            ["-m", "channel_layer"],
        ):
            failures.append("Redis run")
    else:
        print(f"\nSKIPPED: Redis not reachable at {redis_url}: its rerun did not run.")
        if in_ci:
            failures.append("Redis not reachable (CI=true)")

    if postgres_answers(database_url) and redis_answers(redis_url):
        if run_pytest(
            "live tables and the ranked queue on two Daphne processes (PostgreSQL and Redis)",
            {"DATABASE_URL": database_url, "REDIS_URL": redis_url},
            ["-m", "multiprocess", "-s"],
        ):
            failures.append("multi-process run")
    else:
        print("\nSKIPPED: the multi-process tests need both PostgreSQL and Redis.")
        if in_ci:
            failures.append("multi-process tests not run (CI=true)")

    if failures:
        print("\nFAILED: " + "; ".join(failures), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
