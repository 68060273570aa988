"""Crafted requests get a 4xx (or a closed websocket) and one log line at most, never a 500,
and change nothing: a NUL byte in a share token or in the session cookie, a form body that
is not UTF-8, a websocket on a path no route claims."""

from __future__ import annotations

import logging

import pytest
from channels.testing import WebsocketCommunicator
from django.contrib.sessions.models import Session
from django.test import AsyncClient, Client
from django.urls import Resolver404, resolve, reverse

from config.asgi import application
from config.sessions import SessionStore
from config.websockets import NO_ROUTE_CODE
from play.models import Game
from play.ownership import GUEST_SESSION_KEY
from review.sharing import share_game
from tests.review.builders import recorded_game
from tests.visits import owner_of_client
from tests.web.log_lines import console_lines

NUL = "\x00"
CSRF_TOKEN = "a" * 32


def row_counts() -> dict[str, int]:
    return {"games": Game.objects.count(), "sessions": Session.objects.count()}


# --- A NUL byte in a share token ---------------------------------------------------------


@pytest.mark.parametrize(
    "path", ["/partage/%00/", "/partage/%00/1/0/", "/partage/%00/1/moments-cles/"]
)
def test_a_share_address_with_a_nul_byte_is_not_found(db, path, caplog):
    before = row_counts()

    with caplog.at_level(logging.WARNING):
        response = Client().get(path)

    assert response.status_code == 404
    assert "Page introuvable" in response.content.decode()
    assert len(console_lines(caplog.records)) <= 1
    assert row_counts() == before


@pytest.mark.parametrize(
    "token", [NUL, f"{'a' * 42}{NUL}", "a" * 44, "abc.def", "abc def", "é" * 10]
)
def test_only_the_share_tokens_alphabet_reaches_the_views(token):
    with pytest.raises(Resolver404):
        resolve(f"/partage/{token}/")


def test_tokens_as_sharing_makes_them_are_share_addresses(db, guest):
    game = share_game(game=recorded_game(owner_of_client(guest)))

    assert resolve(f"/partage/{game.share_token}/").kwargs == {"token": game.share_token}
    assert guest.get(reverse("review:shared", args=[game.share_token])).status_code == 200


# --- A NUL byte in the session cookie ----------------------------------------------------


def test_a_session_key_outside_djangos_alphabet_is_no_session():
    assert SessionStore(f"{'a' * 31}{NUL}").session_key is None
    assert SessionStore("A" * 32).session_key is None
    assert SessionStore("a" * 41).session_key is None
    assert SessionStore("abcdef0123456789abcdef0123456789").session_key is not None


@pytest.mark.parametrize("cookie", [NUL * 32, f"{'a' * 16}{NUL}{'b' * 15}", "%00" * 11])
@pytest.mark.parametrize("name", ["game:home", "review:history", "pages:rules"])
def test_a_session_cookie_with_a_nul_byte_is_a_visitor_without_a_session(db, cookie, name):
    # A raw header: the test client would quote the cookie's value itself.
    client = Client(HTTP_COOKIE=f"sessionid={cookie}")
    before = row_counts()

    response = client.get(reverse(name))

    assert response.status_code == 200
    # A visitor without a session, as any newcomer: the home page gives them their guest
    # session (play.views.home), with a key of its own; nothing else is written.
    made = 1 if name == "game:home" else 0
    assert row_counts() == {**before, "sessions": before["sessions"] + made}
    if made:
        assert NUL not in response.cookies["sessionid"].value


def test_a_guest_with_a_nul_byte_session_cookie_can_still_start_a_game(db):
    client = Client(HTTP_COOKIE=f"sessionid={NUL * 32}")

    response = client.post(reverse("game:new_game"))

    assert response.status_code == 302
    assert Game.objects.count() == 1
    key = response.cookies["sessionid"].value
    assert GUEST_SESSION_KEY in SessionStore(key).load()


# --- A form body that is not UTF-8 -------------------------------------------------------
# Django refuses to read it (BadRequest); its default error pages then read it again for
# their CSRF check, raised a second time and left Daphne's bare 500 (pages/views.py).
# client.generic sends the bytes as they are (client.post would re-encode them).


LATIN_1_BODY = "username=marie&password=café".encode("latin-1")


@pytest.mark.parametrize(
    ("path", "status", "title"),
    [
        ("/compte/connexion/", 400, "Requête illisible"),
        ("/regles/", 400, "Requête illisible"),
        ("/", 400, "Requête illisible"),
        ("/nulle-part/", 404, "Page introuvable"),
    ],
)
@pytest.mark.parametrize("charset", ["latin-1", "iso-8859-1"])
def test_a_latin_1_form_body_with_a_csrf_cookie_gets_a_french_4xx(
    db, path, status, title, charset, caplog
):
    client = Client(enforce_csrf_checks=True)
    client.cookies["csrftoken"] = CSRF_TOKEN
    before = row_counts()

    with caplog.at_level(logging.WARNING):
        response = client.generic(
            "POST",
            path,
            LATIN_1_BODY,
            content_type=f"application/x-www-form-urlencoded; charset={charset}",
            HTTP_X_CSRFTOKEN=CSRF_TOKEN,
        )

    assert response.status_code == status
    page = response.content.decode()
    assert title in page
    assert '<html lang="fr">' in page
    assert len(console_lines(caplog.records)) == 1
    assert row_counts() == before


@pytest.mark.asyncio
async def test_a_latin_1_form_body_under_asgi_gets_the_french_400_too():
    # No database: a visitor without a session cookie costs the 400 page no query.
    client = AsyncClient(enforce_csrf_checks=True)
    client.cookies["csrftoken"] = CSRF_TOKEN

    response = await client.generic(
        "POST",
        "/compte/connexion/",
        LATIN_1_BODY,
        content_type="application/x-www-form-urlencoded; charset=latin-1",
    )

    assert response.status_code == 400
    assert "Requête illisible" in response.content.decode()


def test_the_400_page_follows_the_chosen_language(db):
    client = Client(enforce_csrf_checks=True)
    client.cookies["csrftoken"] = CSRF_TOKEN
    client.cookies["django_language"] = "en"

    response = client.generic(
        "POST",
        "/regles/",
        LATIN_1_BODY,
        content_type="application/x-www-form-urlencoded; charset=latin-1",
    )

    assert response.status_code == 400
    assert '<html lang="en">' in response.content.decode()


def test_a_forged_host_gets_the_french_400_on_one_line(db, caplog):
    with caplog.at_level(logging.WARNING):
        response = Client(HTTP_HOST="evil.example").get("/")

    assert response.status_code == 400
    assert "Requête illisible" in response.content.decode()
    assert len(console_lines(caplog.records)) == 1


# --- A websocket on a path no route claims -----------------------------------------------


@pytest.mark.asyncio
@pytest.mark.parametrize("path", ["/", "/ws/tables/1/", "/ws/table/a/b/", "/partie/1/", "/%00/"])
async def test_a_websocket_on_an_unrouted_path_is_closed_with_4404_and_one_line(path, caplog):
    communicator = WebsocketCommunicator(
        application, path, headers=[(b"origin", b"http://localhost"), (b"host", b"localhost")]
    )

    with caplog.at_level(logging.WARNING):
        connected, _ = await communicator.connect()
        closing = await communicator.receive_output(timeout=2)

    assert connected
    assert closing["type"] == "websocket.close"
    assert closing["code"] == NO_ROUTE_CODE
    assert closing["reason"]
    assert len(console_lines(caplog.records)) == 1
    await communicator.wait()


@pytest.mark.asyncio
async def test_a_websocket_from_a_foreign_origin_is_still_refused():
    communicator = WebsocketCommunicator(
        application, "/", headers=[(b"origin", b"http://evil.example"), (b"host", b"localhost")]
    )

    connected, _ = await communicator.connect()

    assert not connected
