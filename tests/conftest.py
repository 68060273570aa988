from collections.abc import Iterator

import pytest
from django.conf import settings
from django.core.cache import cache

from game.bots import base


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


@pytest.fixture
def scratch_register(monkeypatch: pytest.MonkeyPatch) -> None:
    """Levels defined by a test (the bots' and the arena's) join a copy of the register,
    dropped after the test."""
    monkeypatch.setattr(base, "_LEVELS", dict(base._LEVELS))
