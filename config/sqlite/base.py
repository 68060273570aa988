"""Django's SQLite backend with its writers queued in the process (ENGINE "config.sqlite").

SQLite lets one writer at a time hold the database. A transaction here starts with BEGIN
IMMEDIATE (config.env.SQLITE_OPTIONS), so a second writer waits in SQLite's busy handler,
which sleeps and polls: under load (50 guests on one Daphne process) some writers kept
losing the race and gave up after the busy timeout with "database is locked", a 500. Here a
writer first waits its turn on a lock of the process, which wakes it as soon as the one
before commits; SQLite's own timeout is left for writers in other processes (a management
command, a second server, which SQLite is not meant for: docs/deploy.md « Configuration »).
"""

from __future__ import annotations

import threading
from typing import Any

from django.db.backends.sqlite3 import base

# How long a writer waits for its turn before trying SQLite's lock anyway (and then
# waiting its busy timeout): longer than any write transaction, short of a hung request.
QUEUE_TIMEOUT = 30.0

_queues: dict[str, threading.Lock] = {}
_queues_guard = threading.Lock()


def writers_queue(name: str) -> threading.Lock:
    """One queue per database file, shared by every connection of the process."""
    with _queues_guard:
        return _queues.setdefault(name, threading.Lock())


# The ignores: django-stubs leaves out the backend's private transaction methods, which
# are what Django itself calls to begin, commit, roll back and close.
class DatabaseWrapper(base.DatabaseWrapper):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._queue = writers_queue(str(self.settings_dict["NAME"]))
        self._in_queue = False

    def _start_transaction_under_autocommit(self) -> None:
        self._in_queue = self._queue.acquire(timeout=QUEUE_TIMEOUT)
        try:
            super()._start_transaction_under_autocommit()  # type: ignore[misc]
        except BaseException:
            self._leave_queue()
            raise

    def _commit(self) -> None:
        try:
            super()._commit()  # type: ignore[misc]
        finally:
            self._leave_queue()

    def _rollback(self) -> None:
        try:
            super()._rollback()  # type: ignore[misc]
        finally:
            self._leave_queue()

    def _close(self) -> None:
        try:
            super()._close()  # type: ignore[misc]
        finally:
            self._leave_queue()

    def _leave_queue(self) -> None:
        if self._in_queue:
            self._in_queue = False
            self._queue.release()
