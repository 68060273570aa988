"""/static/ as `make run` and production serve it once collectstatic has run (ServeStatic,
settings.STATIC_COLLECTED): hashed names cached for a year, Brotli or gzip by the
browser's Accept-Encoding, and pages that link the hashed names."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client, override_settings

from config.static_storage import IncrementalCompressor

COLLECTED = {
    "STORAGES": {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "config.static_storage.IncrementalCompressedManifestStorage"},
    },
}


def with_servestatic() -> list[str]:
    """The middleware as settings makes it once STATIC_COLLECTED (the tests run without)."""
    middleware = list(settings.MIDDLEWARE)
    security = middleware.index("django.middleware.security.SecurityMiddleware")
    middleware.insert(security + 1, "servestatic.middleware.ServeStaticMiddleware")
    return middleware


@pytest.fixture(scope="module")
def collected(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("staticfiles")
    with override_settings(STATIC_ROOT=root, **COLLECTED):
        # Without the offline build (Pyodide: half a minute of Brotli), tested on its own.
        call_command(
            "collectstatic", interactive=False, verbosity=0, ignore_patterns=["offline/build/*"]
        )
    return root


@pytest.fixture
def served(collected: Path):
    with override_settings(STATIC_ROOT=collected, MIDDLEWARE=with_servestatic(), **COLLECTED):
        yield Client()


@pytest.mark.django_db
def test_a_page_links_the_hashed_names_and_they_are_cached_for_a_year(served: Client) -> None:
    page = served.get("/").content.decode()
    found = re.search(r'href="(/static/css/site\.[0-9a-f]{12}\.css)"', page)
    assert found, "the page links site.css by its hashed name"
    response = served.get(found.group(1))
    assert response.status_code == 200
    assert "immutable" in response["Cache-Control"]
    assert "max-age=315360000" in response["Cache-Control"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("accepted", "encoding"), [("br, gzip", "br"), ("gzip", "gzip"), ("", None)]
)
def test_files_travel_compressed_as_the_browser_accepts(
    served: Client, accepted: str, encoding: str | None
) -> None:
    page = served.get("/").content.decode()
    script = re.search(r'src="(/static/django_htmx/[^"]+\.js)"', page) or re.search(
        r'src="(/static/[^"]+\.js)"', page
    )
    assert script
    response = served.get(script.group(1), HTTP_ACCEPT_ENCODING=accepted)
    assert response.status_code == 200
    assert response.get("Content-Encoding") == encoding
    plain = served.get(script.group(1), HTTP_ACCEPT_ENCODING="")
    if encoding:
        assert int(response["Content-Length"]) < int(plain["Content-Length"]) / 2


def test_collectstatic_compresses_again_only_what_changed(tmp_path: Path) -> None:
    source = tmp_path / "table.js"
    source.write_text("let cards = 52;\n" * 200)
    compressor = IncrementalCompressor(quiet=True)
    first = compressor.compress(source)
    assert sorted(Path(name).suffix for name in first) == [".br", ".gz"]
    (tmp_path / "table.js.br").write_bytes(b"kept")
    assert compressor.compress(source) == first  # up to date: nothing written
    assert (tmp_path / "table.js.br").read_bytes() == b"kept"
    source.write_text("let cards = 13;\n" * 200)
    os.utime(source, (time.time() + 5, time.time() + 5))
    compressor.compress(source)
    assert (tmp_path / "table.js.br").read_bytes() != b"kept"
