"""The cluster every multi-process test runs on: two Daphne processes and the table clock
worker on a fresh PostgreSQL database and a Redis database (loadtest.servers.start_cluster).
Without DATABASE_URL (PostgreSQL) and REDIS_URL the tests are SKIPPED, saying so."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from loadtest.servers import ROOT, Cluster, start_cluster

DATABASE = "dame_multiprocess"
ARTIFACTS = ROOT / "test-artifacts" / "multiprocess"


def services() -> tuple[str, str]:
    database, redis = os.environ.get("DATABASE_URL", ""), os.environ.get("REDIS_URL", "")
    if not database.startswith("postgres") or not redis.startswith("redis"):
        pytest.skip("needs DATABASE_URL (PostgreSQL) and REDIS_URL: make test-services runs it")
    return database.rsplit("/", 1)[0], redis.rsplit("/", 1)[0] + "/2"


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    """Two Daphne processes and the table clock worker on a fresh database."""
    database_server, redis_url = services()
    with start_cluster(database_server, DATABASE, redis_url, ARTIFACTS) as started:
        yield started
