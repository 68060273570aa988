import os
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection


@pytest.mark.django_db
def test_a_row_written_is_read_back():
    User = get_user_model()
    User.objects.create_user(username="marie", password="pas-de-coeur-123")

    assert User.objects.get(username="marie").check_password("pas-de-coeur-123")


@pytest.mark.django_db
def test_the_database_is_the_one_this_run_asked_for():
    asked_for_postgres = os.environ.get("DATABASE_URL", "").startswith("postgres")
    expected = "postgresql" if asked_for_postgres else "sqlite"

    assert connection.vendor == expected


@pytest.mark.django_db
def test_sqlite_connections_use_wal_and_a_busy_timeout():
    if connection.vendor != "sqlite":
        pytest.skip("SQLite only")
    with connection.cursor() as cursor:
        # The in-memory test database cannot be WAL; the pragma must still have run.
        cursor.execute("PRAGMA synchronous")
        assert cursor.fetchone()[0] == 1  # NORMAL
        cursor.execute("PRAGMA busy_timeout")
        assert cursor.fetchone()[0] == 20000


@pytest.mark.django_db
def test_models_and_migrations_agree():
    out = StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out)
