"""The installable site and « Jouer hors ligne »'s server side: the manifest, the service
worker at the root, the list of files to prepare, the pages, and the links to them."""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from offline import files

pytestmark = pytest.mark.django_db

needs_build = pytest.mark.skipif(
    not files.available(), reason="no Pyodide files: manage.py build_offline (make run) makes them"
)


def test_every_page_links_the_manifest_which_names_the_app(client: Client) -> None:
    page = client.get(reverse("game:home")).content.decode()
    assert f'<link rel="manifest" href="{reverse("offline:manifest")}">' in page
    manifest = client.get(reverse("offline:manifest"))
    assert manifest["Content-Type"] == "application/manifest+json"
    data = manifest.json()
    assert data["name"] == "Dame de Pique" and data["display"] == "standalone"
    assert data["theme_color"] and data["icons"][0]["src"].endswith(".svg")
    assert [icon.get("sizes") for icon in data["icons"]] == ["any", "192x192", "512x512"]
    for icon in data["icons"]:
        assert client.get(icon["src"]).status_code == 200


def test_the_service_worker_is_served_at_the_root_never_cached(client: Client) -> None:
    worker = client.get("/sw.js")
    assert worker.status_code == 200
    assert worker["Content-Type"].startswith("text/javascript")
    assert worker["Cache-Control"] == "no-cache"
    body = worker.content.decode()
    assert "dame-offline-" in body and '"/hors-ligne/sans-connexion/"' in body


@needs_build
def test_the_files_to_prepare_are_listed_with_their_sizes_and_a_version(client: Client) -> None:
    listed = client.get(reverse("offline:files")).json()
    urls = [file["url"] for file in listed["files"]]
    assert any(url.endswith("pyodide.asm.wasm") for url in urls)
    assert any("dame" in url and url.endswith(".zip") for url in urls)
    assert reverse("offline:play") in urls and reverse("offline:no_connection") in urls
    assert listed["total"] == sum(file["bytes"] for file in listed["files"]) > 10_000_000
    assert len(listed["version"]) == 16
    for url in urls:
        assert client.get(url).status_code == 200, url


@needs_build
def test_the_offline_page_may_compile_webassembly_and_no_other_page_may(client: Client) -> None:
    offline = client.get(reverse("offline:play"))
    assert "'wasm-unsafe-eval'" in offline["Content-Security-Policy"]
    assert "Préparer le jeu hors ligne" in offline.content.decode()
    home = client.get(reverse("game:home"))
    assert "wasm-unsafe-eval" not in home["Content-Security-Policy"]


def test_a_page_that_needs_the_server_says_so(client: Client) -> None:
    page = client.get(reverse("offline:no_connection")).content.decode()
    assert "Disponible avec une connexion" in page
    assert f'href="{reverse("offline:play")}"' in page


@needs_build
def test_the_offline_page_says_its_files_version_and_gives_the_table_what_it_needs(
    client: Client,
) -> None:
    """The service worker keeps the page only in the cache of the files it names; the
    device's table reads the settings' labels, the session's token and who is signed in."""
    client.force_login(User.objects.create_user("lea"))
    offline = client.get(reverse("offline:play"))
    listed = client.get(reverse("offline:files")).json()
    assert offline["X-Offline-Version"] == listed["version"]
    html = offline.content.decode()
    data = json.loads(re.search(r'id="offline-page"[^>]*>(.*?)</script>', html).group(1))
    assert data["page_url"] == reverse("offline:play") and data["language"] == "fr"
    assert data["user"] == {"is_authenticated": True, "get_username": "lea"}
    assert data["csrf_token"] and client.cookies["csrftoken"]
    assert data["preference_fields"]["speed"]["label"] == "Vitesse des animations"
    assert ["instantanee", "Instantanée"] in data["preference_fields"]["speed"]["choices"]
    assert 'id="preferences"' in html and 'id="table-text"' in html
