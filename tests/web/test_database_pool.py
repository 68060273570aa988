"""PostgreSQL through a bounded connection pool (config.env.postgres_pool), and the French
503 when none of its connections comes free in time (config.middleware.DatabaseBusyMiddleware,
pages.views.server_error)."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import OperationalError, connection
from django.test import AsyncClient, Client, RequestFactory
from django.urls import reverse
from psycopg_pool import PoolTimeout

from config import env
from config.database import pool_exhausted
from pages import views as pages_views
from tests.web.log_lines import console_lines

BASE = Path("/srv/dame")
URL = "postgres://dame@db.example:5432/pique"
BUSY = "Le serveur est très occupé"


def test_postgres_connections_come_from_a_bounded_pool_by_default():
    database = env.database_from_url(URL, base_dir=BASE, environ={})

    assert database["OPTIONS"]["pool"] == {
        "min_size": 2,
        "max_size": env.DEFAULT_POOL_MAX_SIZE,
        "timeout": env.DEFAULT_POOL_TIMEOUT,
    }
    # Django refuses a pool with persistent connections.
    assert database["CONN_MAX_AGE"] == 0


def test_the_pool_size_and_timeout_come_from_the_environment():
    environ = {"DATABASE_POOL_MAX_SIZE": "3", "DATABASE_POOL_TIMEOUT": "0.5"}

    pool = env.database_from_url(URL, base_dir=BASE, environ=environ)["OPTIONS"]["pool"]

    assert pool == {"min_size": 2, "max_size": 3, "timeout": 0.5}
    one = env.postgres_pool({"DATABASE_POOL_MAX_SIZE": "1"})
    assert one is not None and one["min_size"] == 1


def test_a_pool_size_of_zero_turns_the_pool_off():
    database = env.database_from_url(URL, base_dir=BASE, environ={"DATABASE_POOL_MAX_SIZE": "0"})

    assert "pool" not in database["OPTIONS"]


@pytest.mark.parametrize(
    ("name", "raw"),
    [
        ("DATABASE_POOL_MAX_SIZE", "-1"),
        ("DATABASE_POOL_MAX_SIZE", "huit"),
        ("DATABASE_POOL_TIMEOUT", "0"),
        ("DATABASE_POOL_TIMEOUT", "inf"),
        ("DATABASE_POOL_TIMEOUT", "bientôt"),
    ],
)
def test_an_unusable_pool_setting_is_refused(name, raw):
    with pytest.raises(ImproperlyConfigured, match=name):
        env.database_from_url(URL, base_dir=BASE, environ={name: raw})


def test_sqlite_has_no_pool():
    assert "pool" not in env.database_from_url(None, base_dir=BASE, environ={})["OPTIONS"]


def test_a_pool_timeout_is_recognised_through_djangos_wrapping():
    try:
        try:
            raise PoolTimeout("couldn't get a connection after 5.00 sec")
        except PoolTimeout as error:
            raise OperationalError(*error.args) from error
    except OperationalError as wrapped:
        assert pool_exhausted(wrapped)
    assert not pool_exhausted(OperationalError("server closed the connection unexpectedly"))
    assert not pool_exhausted(None)


def test_the_busy_page_needs_no_database_and_says_when_to_come_back():
    # No django_db mark: any query would raise here.
    response = pages_views.database_busy(RequestFactory().get("/"))

    assert response.status_code == 503
    assert response["Retry-After"] == str(pages_views.RETRY_AFTER_SECONDS)
    assert BUSY in response.content.decode()


# --- A pool of one connection, held by this test --------------------------------------


@pytest.fixture
def exhausted_pool(transactional_db) -> Iterator[None]:
    """The default database's pool shrunk to one connection, which this thread holds: any
    other thread's first query waits 0.3 s, then fails."""
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL only: SQLite has no connection pool")
    options = connection.settings_dict["OPTIONS"]
    saved = options.get("pool")
    connection.close()
    connection.close_pool()
    options["pool"] = {"min_size": 1, "max_size": 1, "timeout": 0.3}
    try:
        connection.ensure_connection()
        yield
    finally:
        connection.close()
        connection.close_pool()
        if saved is None:
            options.pop("pool", None)
        else:
            options["pool"] = saved


def in_another_thread(visit: Callable[[], Any]) -> Any:
    """What visit() returns, run in a thread of its own (so with its own connection)."""
    result: dict[str, Any] = {}

    def run() -> None:
        try:
            result["value"] = visit()
        except BaseException as error:  # handed back to the test
            result["error"] = error

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(timeout=30)
    if "error" in result:
        raise result["error"]
    return result["value"]


SHARED = reverse("review:shared", args=["n" * 43])  # its view's first query is the game's


def test_a_request_that_finds_the_pool_exhausted_gets_the_french_503(exhausted_pool, caplog):
    with caplog.at_level(logging.WARNING):
        response = in_another_thread(lambda: Client().get(SHARED))

    assert response.status_code == 503
    assert response["Retry-After"] == str(pages_views.RETRY_AFTER_SECONDS)
    page = response.content.decode()
    assert BUSY in page
    assert '<html lang="fr">' in page
    assert len(console_lines(caplog.records)) == 1


def test_under_asgi_too_the_exhausted_pool_is_a_503(exhausted_pool):
    async def visit() -> Any:
        return await AsyncClient().get(SHARED)

    response = in_another_thread(lambda: asyncio.run(visit()))

    assert response.status_code == 503
    assert BUSY in response.content.decode()


def test_a_middleware_that_meets_the_exhausted_pool_gets_the_503_too(exhausted_pool, settings):
    # The rules page does not query: a middleware is the first to ask for a connection.
    settings.MIDDLEWARE = [*settings.MIDDLEWARE, "tests.web.test_database_pool.QueryingMiddleware"]

    # Django reports the exception (got_request_exception) before its error page answers:
    # the test client would raise it again.
    client = Client(raise_request_exception=False)

    response = in_another_thread(lambda: client.get(reverse("pages:rules")))

    assert response.status_code == 503
    assert BUSY in response.content.decode()


class QueryingMiddleware:
    """A middleware whose request makes the first query, outside any view."""

    def __init__(self, get_response: Callable) -> None:
        self.get_response = get_response

    def __call__(self, request: Any) -> Any:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return self.get_response(request)
