"""Two uploads of one offline game at once (two tabs coming back online together), on
PostgreSQL (make test's rerun), each thread its own connection: one game stored, both
answered without an error."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from play.models import Game
from tests.offline.builders import played_record
from tests.play.test_races import at_once

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor == "sqlite",
        reason="SQLite's in-memory test database is not shared between threads",
    ),
]


def test_the_same_game_sent_twice_at_once_is_stored_once() -> None:
    client = Client()
    client.get(reverse("game:home"))
    body = json.dumps(played_record(seed=9))

    def upload() -> int:
        return client.post(
            "/hors-ligne/envoyer/", body, content_type="application/json"
        ).status_code

    statuses = at_once([upload, upload, upload])
    assert sorted(statuses) == [200, 200, 201], statuses
    assert Game.objects.filter(offline_id__isnull=False).count() == 1
