import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from config import env

BASE = Path("/srv/dame")


def test_without_database_url_the_site_uses_sqlite_in_the_project():
    database = env.database_from_url(None, base_dir=BASE)

    assert database["ENGINE"] == "config.sqlite"
    assert database["NAME"] == str(BASE / "db.sqlite3")


def test_default_sqlite_uses_wal_immediate_transactions_and_a_busy_timeout():
    options = env.database_from_url("", base_dir=BASE)["OPTIONS"]

    assert options["transaction_mode"] == "IMMEDIATE"
    assert options["timeout"] > 0
    assert "PRAGMA journal_mode=WAL" in options["init_command"]


def test_postgres_url_selects_postgresql_through_psycopg():
    database = env.database_from_url(
        "postgres://dame:s%40cret@db.example:6543/pique?sslmode=require", base_dir=BASE
    )

    assert database["ENGINE"] == "django.db.backends.postgresql"
    assert database["NAME"] == "pique"
    assert database["USER"] == "dame"
    assert database["PASSWORD"] == "s@cret"
    assert database["HOST"] == "db.example"
    assert database["PORT"] == "6543"
    assert database["OPTIONS"]["sslmode"] == "require"


def test_postgresql_scheme_without_password_or_port():
    database = env.database_from_url("postgresql://postgres@127.0.0.1/test", base_dir=BASE)

    assert database["ENGINE"] == "django.db.backends.postgresql"
    assert (database["USER"], database["PASSWORD"], database["PORT"]) == ("postgres", "", "")


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("sqlite:///other.sqlite3", BASE / "other.sqlite3"),
        ("sqlite:////var/lib/dame/db.sqlite3", Path("/var/lib/dame/db.sqlite3")),
    ],
)
def test_sqlite_url_relative_to_the_project_or_absolute(url, expected):
    database = env.database_from_url(url, base_dir=BASE)

    assert database["NAME"] == str(expected)
    assert database["OPTIONS"]["transaction_mode"] == "IMMEDIATE"


@pytest.mark.parametrize("url", ["mysql://root@localhost/db", "postgres://localhost/"])
def test_unusable_database_url_is_refused(url):
    with pytest.raises(ImproperlyConfigured):
        env.database_from_url(url, base_dir=BASE)


def test_redis_url_selects_the_redis_channel_layer():
    layers = env.channel_layers("redis://127.0.0.1:6379/0")

    assert layers["default"]["BACKEND"] == "channels_redis.core.RedisChannelLayer"
    assert layers["default"]["CONFIG"] == {
        "capacity": env.CHANNEL_CAPACITY,
        "hosts": [
            {
                "address": "redis://127.0.0.1:6379/0",
                "socket_timeout": None,
                "max_connections": env.REDIS_CONNECTIONS,
            }
        ],
    }


def test_without_redis_url_the_channel_layer_is_in_memory():
    assert env.channel_layers(None)["default"]["BACKEND"] == "channels.layers.InMemoryChannelLayer"


@pytest.mark.each_database
def test_settings_follow_the_environment_of_this_run():
    # The PostgreSQL and Redis reruns (scripts/test_extra_services.py) set these.
    engine = settings.DATABASES["default"]["ENGINE"]
    layer = settings.CHANNEL_LAYERS["default"]["BACKEND"]

    if os.environ.get("DATABASE_URL", "").startswith("postgres"):
        assert engine == "django.db.backends.postgresql"
    else:
        assert engine == "config.sqlite"
    if os.environ.get("REDIS_URL"):
        assert layer == "channels_redis.core.RedisChannelLayer"
    else:
        assert layer == "channels.layers.InMemoryChannelLayer"


@pytest.mark.parametrize(
    ("raw", "expected"), [("1", True), ("true", True), ("0", False), ("off", False), ("", False)]
)
def test_env_bool(raw, expected):
    assert env.env_bool("X", environ={"X": raw}) is expected


def test_env_bool_refuses_a_word_it_does_not_know():
    with pytest.raises(ImproperlyConfigured):
        env.env_bool("X", environ={"X": "maybe"})


def test_env_list_has_local_defaults_and_splits_on_commas():
    assert env.env_list("HOSTS", ["localhost"], environ={}) == ["localhost"]
    assert env.env_list("HOSTS", [], environ={"HOSTS": "a.fr, b.fr ,"}) == ["a.fr", "b.fr"]


def test_debug_is_off_by_default():
    assert env.env_bool("DJANGO_DEBUG", environ={}) is False


def test_secret_key_from_the_environment_wins(tmp_path):
    given = "pique-coeur-carreau-trefle-" * 2

    key = env.secret_key(
        environ={"DJANGO_SECRET_KEY": given}, key_file=tmp_path / "key", production=True
    )

    assert key == given
    assert not (tmp_path / "key").exists()


def test_development_secret_key_is_made_once_and_kept(tmp_path):
    key_file = tmp_path / ".secret_key"

    first = env.secret_key(environ={}, key_file=key_file, production=False)
    second = env.secret_key(environ={}, key_file=key_file, production=False)

    assert len(first) >= 50
    assert first == second
    assert key_file.stat().st_mode & 0o077 == 0
    assert list(tmp_path.iterdir()) == [key_file]


def test_production_without_secret_key_is_refused(tmp_path):
    with pytest.raises(ImproperlyConfigured, match="DJANGO_SECRET_KEY"):
        env.secret_key(environ={}, key_file=tmp_path / "key", production=True)


def test_the_site_refuses_to_start_in_production_without_a_secret_key():
    environ = {k: v for k, v in os.environ.items() if k != "DJANGO_SECRET_KEY"}
    environ |= {"DJANGO_ENV": "production", "DJANGO_SETTINGS_MODULE": "config.settings"}

    result = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        cwd=settings.BASE_DIR,
        env=environ,
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert result.returncode != 0
    assert "refusing to start" in result.stderr
