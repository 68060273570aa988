"""Browser suite: Debian's Chromium driven by Playwright (sync API) against the real ASGI
application served by Daphne in a child process, as in production and `make run`.

Run on its own (scripts/test-browser.sh, `make test-browser`): `pytest tests/browser
-p no:asyncio`. The server shares the test database with this process: SQLite becomes a
file for this suite, so a test that writes rows for the page to show uses `transactional_db`
(rows must be committed for the server process to see them).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Browser, BrowserContext, Page

from tests.browser.screens import DESKTOP
from tests.browser.table_page import PHONE_PORTRAIT, new_person, play_instantly

# Playwright's sync API keeps an event loop in this thread, which Django's async-safety
# check mistakes for async code calling the ORM. Only this process is exempted: the
# server process removes the variable again (_serve_test_database).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "browser"
CHROMIUM = Path(os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"))
# Without the background-networking flags Chromium keeps trying to reach Google's hosts,
# which this closed network refuses; --no-sandbox because the suite runs as root.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SERVER_START_SECONDS = 30

_reports = pytest.StashKey[dict[str, pytest.TestReport]]()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # Every page talks to the server's database: marking each test makes pytest-django
    # create the test database even when the selected tests never touch it themselves.
    for item in items:
        item.add_marker(pytest.mark.browser)
        item.add_marker(pytest.mark.django_db(transaction=True))


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> pytest.TestReport:
    report = yield
    item.stash.setdefault(_reports, {})[report.when] = report
    return report


@pytest.fixture(scope="session")
def django_db_modify_db_settings(tmp_path_factory: pytest.TempPathFactory) -> None:
    # The server process cannot see an in-memory SQLite database: use a file.
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] == "config.sqlite":
        test_file = tmp_path_factory.mktemp("browser-db") / "test.sqlite3"
        database.setdefault("TEST", {})["NAME"] = str(test_file)


def _application():
    from channels.routing import get_default_application

    return get_default_application()  # settings.ASGI_APPLICATION: config.asgi.application


def _serve_test_database(database_name: str) -> None:
    """Runs in the server process before it serves."""
    from django.conf import settings
    from django.db import connections

    os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    settings.DATABASES["default"]["NAME"] = database_name
    connections["default"].settings_dict["NAME"] = database_name


@pytest.fixture(scope="session")
def live_server_url(django_db_setup: None, django_db_blocker) -> Iterator[str]:
    """http://127.0.0.1:PORT of Daphne serving config.asgi:application on the test DB."""
    from daphne.testing import DaphneProcess
    from django.db import connections

    with django_db_blocker.unblock():
        settings_dict = connections["default"].settings_dict
        database_name = settings_dict["NAME"]
        if connections["default"].vendor == "sqlite" and "memory" in str(database_name):
            raise RuntimeError("the browser suite needs a file-based test database")
        test_name = settings_dict.get("TEST", {}).get("NAME") or f"test_{database_name}"
        if str(database_name) != str(test_name) and not str(database_name).startswith("test_"):
            raise RuntimeError(f"refusing to serve a non-test database: {database_name}")
        connections.close_all()
        # Started while database access is unblocked: the child keeps that state.
        server = DaphneProcess(
            "127.0.0.1", _application, setup=partial(_serve_test_database, database_name)
        )
        server.start()
    try:
        if not server.ready.wait(timeout=SERVER_START_SECONDS):
            detail = "" if server.errors.empty() else server.errors.get_nowait()[1]
            raise RuntimeError(f"Daphne did not start within {SERVER_START_SECONDS}s\n{detail}")
        yield f"http://127.0.0.1:{server.port.value}"
    finally:
        server.terminate()
        server.join(timeout=10)


@pytest.fixture(scope="session")
def browser(live_server_url: str):
    # Depends on live_server_url so that the server process is forked before Playwright
    # starts its driver and event loop in this process.
    if not CHROMIUM.exists():
        message = f"no Chromium at {CHROMIUM} (apt-get install chromium)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        yield browser
        browser.close()


@pytest.fixture
def viewport() -> dict[str, int]:
    """Override with @pytest.mark.parametrize("viewport", [PHONE, DESKTOP])."""
    return DESKTOP


@pytest.fixture
def page(browser, live_server_url: str, viewport: dict[str, int], request: pytest.FixtureRequest):
    """A fresh page (own cookies) whose relative URLs go to the live server; a failing
    test leaves a screenshot in test-artifacts/browser/."""
    phone = min(viewport["width"], viewport["height"]) < 600
    context = browser.new_context(
        base_url=live_server_url,
        viewport=viewport,
        locale="fr-FR",
        is_mobile=phone,
        has_touch=phone,
    )
    context.set_default_timeout(10_000)
    page = context.new_page()
    yield page
    if call_failed(request):
        save_failure_screenshot(page, request)
    context.close()


def call_failed(request: pytest.FixtureRequest) -> bool:
    """In a fixture's teardown: whether the test itself failed."""
    report = request.node.stash.get(_reports, {}).get("call")
    return report is not None and report.failed


def save_failure_screenshot(page: Page, request: pytest.FixtureRequest, suffix: str = "") -> None:
    """The whole page into test-artifacts/browser/, named after the test (and `suffix`,
    for a test with several pages)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid + suffix)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    print(f"screenshot of the failure: {path}")


@dataclass(frozen=True)
class Player:
    user: User
    context: BrowserContext
    page: Page

    @property
    def name(self) -> str:
        return self.user.get_username()


@pytest.fixture
def sign_in(
    browser: Browser, live_server_url: str, request: pytest.FixtureRequest
) -> Iterator[Callable[[User], Player]]:
    """A browser of its own for an account, signed in by its session cookie, the table at
    « Instantanée »; each page's screenshot if the test fails."""
    players: list[Player] = []

    def signed_in(user: User) -> Player:
        context, page = new_person(browser, live_server_url)
        client = Client()
        client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
        cookie = settings.SESSION_COOKIE_NAME
        session = client.cookies[cookie].value
        context.add_cookies([{"name": cookie, "value": session, "url": live_server_url}])
        players.append(Player(user, context, page))
        return players[-1]

    yield signed_in
    for player in players:
        if call_failed(request):
            save_failure_screenshot(player.page, request, suffix=f"-{player.name}")
        player.context.close()


@pytest.fixture
def phone(browser: Browser, live_server_url: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A touch phone of its own (portrait, has_touch, is_mobile), the table « Instantanée »."""
    context = browser.new_context(
        base_url=live_server_url,
        viewport=PHONE_PORTRAIT,
        locale="fr-FR",
        is_mobile=True,
        has_touch=True,
    )
    context.set_default_timeout(10_000)
    play_instantly(context)
    page = context.new_page()
    yield page
    if call_failed(request):
        save_failure_screenshot(page, request, suffix="-phone")
    context.close()
