import uuid
from collections.abc import Iterator

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client

from game.bots import base
from play.ownership import GUEST_SESSION_KEY, Owner
from play.positions import KEPT_POSITIONS
from tables.display import SHARED_FRAGMENTS
from tests.visits import owner_of_client

# What a test asks for when it touches the database: pytest-django refuses any query from a
# test with neither (its database blocker).
DATABASE_FIXTURES = frozenset(
    {"db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback"}
)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--database-only",
        action="store_true",
        help="only the tests that touch the database (the PostgreSQL rerun of make test)",
    )


def uses_database(item: pytest.Item) -> bool:
    if any(item.get_closest_marker(name) for name in ("django_db", "each_database")):
        return True
    return not DATABASE_FIXTURES.isdisjoint(getattr(item, "fixturenames", ()))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """--database-only: the rest ran in `make test-unit` already and does the same on any
    database (scripts/test_extra_services.py)."""
    if not config.getoption("database_only"):
        return
    elsewhere = [item for item in items if not uses_database(item)]
    if elsewhere:
        config.hook.pytest_deselected(items=elsewhere)
        items[:] = [item for item in items if uses_database(item)]


def pytest_report_header() -> list[str]:
    # Which servers this run talks to: the PostgreSQL and Redis reruns say so at the top.
    database = settings.DATABASES["default"]
    layer = settings.CHANNEL_LAYERS["default"]["BACKEND"]
    return [f"database: {database['ENGINE']} ({database['NAME']}); channel layer: {layer}"]


@pytest.fixture(autouse=True)
def fast_password_hasher(request: pytest.FixtureRequest) -> None:
    """Django's real hasher costs ~0.4 s a password by design; the tests check who may log
    in, not the hash, so they use a fast one. Not the browser suite: its server is another
    process, with the real hasher, and must read the passwords the tests store."""
    if request.node.get_closest_marker("browser") is None:
        request.getfixturevalue("settings").PASSWORD_HASHERS = [
            "django.contrib.auth.hashers.MD5PasswordHasher"
        ]


@pytest.fixture(autouse=True)
def empty_cache() -> Iterator[None]:
    """The per-visitor limits live in the cache: each test starts with none counted."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def nothing_kept() -> Iterator[None]:
    """Each test starts with no position kept (play.positions.KeptPositions) and no table
    drawn for a push (tables.display.SharedFragments): a test's rolled back rows give their
    ids to the next test's games, which what was kept must not meet."""
    for kept in (KEPT_POSITIONS, SHARED_FRAGMENTS):
        kept.clear()
    yield
    for kept in (KEPT_POSITIONS, SHARED_FRAGMENTS):
        kept.clear()


@pytest.fixture
def scratch_register(monkeypatch: pytest.MonkeyPatch) -> None:
    """Levels defined by a test (the bots' and the arena's) join a copy of the register,
    dropped after the test."""
    monkeypatch.setattr(base, "_LEVELS", dict(base._LEVELS))


# The visitors of every app's page tests: a guest (a session cookie), another guest, an account.
@pytest.fixture
def guest(client: Client) -> Client:
    """A visitor's browser with a guest identity (the session cookie)."""
    session = client.session
    session[GUEST_SESSION_KEY] = str(uuid.uuid4())
    session.save()
    return client


@pytest.fixture
def guest_owner(guest: Client) -> Owner:
    return owner_of_client(guest)


@pytest.fixture
def other_guest() -> Client:
    client = Client()
    session = client.session
    session[GUEST_SESSION_KEY] = str(uuid.uuid4())
    session.save()
    return client


@pytest.fixture
def member(db) -> Client:
    user = get_user_model().objects.create_user("camille", password="pique-dame-2024")
    client = Client()
    client.force_login(user)
    return client
