"""A post whose client disconnected before the view read it: Django's ASGI handler has
closed its body file (config.middleware.BodyFirstMiddleware). Before, the CSRF check's read
of request.POST raised "I/O operation on closed file" and logged a 500 traceback."""

from __future__ import annotations

import io
import logging

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.test import Client, RequestFactory
from django.urls import reverse

from play.models import Game
from tests.visits import game_url, start_game

pytestmark = pytest.mark.django_db


# The whole handler opens and closes its own connections (request_started/finished), which
# a pooled PostgreSQL connection cannot do inside the test's transaction.
@pytest.mark.django_db(transaction=True)
def test_a_post_whose_body_file_was_closed_is_a_quiet_400(caplog) -> None:
    """Through the whole handler and every middleware, as the server runs it."""
    environ = RequestFactory().post(reverse("game:new_game"), {"target": "100"}).environ
    body = io.BytesIO(b"target=100")
    body.close()  # what the ASGI handler does to the body file when the client leaves
    environ["wsgi.input"] = body
    statuses: list[str] = []

    with caplog.at_level(logging.INFO):
        WSGIHandler()(environ, lambda status, headers: statuses.append(status))

    assert statuses == ["400 Bad Request"]
    assert len([r for r in caplog.records if r.levelno >= logging.INFO]) == 1
    assert not any(r.exc_info for r in caplog.records)
    assert Game.objects.count() == 0


def test_a_post_read_first_is_still_read_by_the_view(guest: Client) -> None:
    """The body kept in memory serves the CSRF check and the form as before."""
    game = start_game(guest)
    response = guest.post(game_url("change_difficulty", game), {"difficulty": "easy"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.difficulty == "easy"
