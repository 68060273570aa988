"""SQLite's writers queue in the process (config.sqlite) instead of racing for the lock in
SQLite's busy handler, where, under load, some lost until the timeout and answered 500
"database is locked" (make load, 50 guests on one process)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import OperationalError
from django.db.utils import ConnectionHandler

from config.env import sqlite_database

WRITERS = 8
TRANSACTIONS = 15


def hammer(path: Path, engine: str) -> list[BaseException]:
    """WRITERS threads, each with its own connection, writing TRANSACTIONS slow
    transactions into one file, with a busy timeout far shorter than the wait."""
    database = sqlite_database(path)
    database["ENGINE"] = engine
    database["OPTIONS"]["timeout"] = 0.02
    handler = ConnectionHandler({"default": database})
    with handler["default"].cursor() as cursor:
        cursor.execute("CREATE TABLE IF NOT EXISTS moves (writer INTEGER, number INTEGER)")
    handler["default"].close()
    errors: list[BaseException] = []
    start = threading.Barrier(WRITERS)

    def write(writer: int) -> None:
        connection = handler["default"]
        start.wait()
        try:
            for number in range(TRANSACTIONS):
                try:
                    # BEGIN IMMEDIATE: where a writer waits for the lock, and may give up.
                    connection.set_autocommit(
                        False, force_begin_transaction_with_broken_autocommit=True
                    )
                except OperationalError as error:
                    errors.append(error)
                    connection.set_autocommit(True)
                    continue
                with connection.cursor() as cursor:
                    cursor.execute("INSERT INTO moves VALUES (%s, %s)", [writer, number])
                    time.sleep(0.005)  # the bots replying inside the transaction
                connection.commit()
                connection.set_autocommit(True)
        finally:
            connection.close()

    threads = [threading.Thread(target=write, args=(writer,)) for writer in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return errors


@pytest.fixture(autouse=True)
def files_of_our_own(django_db_blocker: Any) -> Iterator[None]:
    """These tests open their own database files, not the test database."""
    with django_db_blocker.unblock():
        yield


def test_without_the_queue_writers_give_up_with_database_is_locked(tmp_path: Path) -> None:
    """The failure the queue removes, reproduced with Django's own backend."""
    errors = hammer(tmp_path / "plain.sqlite3", "django.db.backends.sqlite3")
    assert errors and all("database is locked" in str(error) for error in errors)


def test_queued_writers_all_commit(tmp_path: Path) -> None:
    path = tmp_path / "queued.sqlite3"
    assert hammer(path, "config.sqlite") == []
    handler = ConnectionHandler({"default": sqlite_database(path)})
    with handler["default"].cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM moves")
        assert cursor.fetchone()[0] == WRITERS * TRANSACTIONS
    handler["default"].close()


def test_a_failed_transaction_leaves_the_queue(tmp_path: Path) -> None:
    from config.sqlite.base import writers_queue

    database = sqlite_database(tmp_path / "failing.sqlite3")
    handler = ConnectionHandler({"default": database})
    connection = handler["default"]
    connection.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
    with pytest.raises(OperationalError), connection.cursor() as cursor:
        cursor.execute("INSERT INTO missing_table VALUES (1)")
    connection.rollback()
    connection.set_autocommit(True)
    assert not writers_queue(database["NAME"]).locked()
    connection.close()
