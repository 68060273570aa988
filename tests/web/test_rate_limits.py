"""Per-visitor limits on the costly requests (play.limits): past its rate a visitor gets a
429 that says why in French, with Retry-After, and nothing is done or written."""

from __future__ import annotations

import time
from types import SimpleNamespace

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import timezone
from django_ratelimit import core as ratelimit_core

from play import limits
from play.models import Game
from review import moment_store
from review.models import HandAnalysis
from tests.review.builders import recorded_game
from tests.visits import HTMX, game_url, owner_of_client, start_game

pytestmark = pytest.mark.django_db

TOO_MANY = "Trop de demandes en peu de temps"


@pytest.fixture(autouse=True)
def still_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """django-ratelimit counts in fixed windows: a loop slower than the time left in its
    window (60 Difficile « avancer » on a busy machine) would start a fresh count midway.
    Its clock stands still here, so each test counts in one window."""
    now = time.time()
    monkeypatch.setattr(ratelimit_core, "time", SimpleNamespace(time=lambda: now))


def allowed(limit: limits.Limit) -> int:
    count, _, _period = limit.rate.partition("/")
    return int(count)


def allowed_per_address(limit: limits.Limit) -> int:
    assert limit.per_address is not None
    count, _, _period = limit.per_address.partition("/")
    return int(count)


def test_a_guest_starting_games_in_a_loop_is_stopped(guest: Client) -> None:
    start_game(guest)
    for _ in range(allowed(limits.NEW_GAME) - 1):
        assert guest.post(reverse("game:new_game")).status_code == 302
    games = Game.objects.count()

    response = guest.post(reverse("game:new_game"))

    assert response.status_code == 429
    assert response["Retry-After"]
    assert TOO_MANY in response.content.decode()
    assert Game.objects.count() == games


def test_advance_in_a_loop_is_stopped_and_the_page_waits(guest: Client) -> None:
    game = start_game(guest, difficulty="hard")
    for _ in range(allowed(limits.ADVANCE)):
        guest.post(game_url("advance", game), **HTMX)
    moves = Game.objects.get(pk=game.pk).move_count

    response = guest.post(game_url("advance", game), **HTMX)

    html = response.content.decode()
    assert response.status_code == 429
    assert TOO_MANY in html
    assert 'data-bots-busy="1"' in html or 'data-bots-pending=""' in html
    assert Game.objects.get(pk=game.pk).move_count == moves


def test_key_moments_in_a_loop_are_stopped(guest: Client, monkeypatch) -> None:
    monkeypatch.setattr(moment_store, "analyse", lambda *a, **k: pytest.fail("not counted"))
    game = recorded_game(owner_of_client(guest), hands=1)
    url = reverse("review:replay_moments", args=[game.pk, 1])
    # Another request computing it: cheap answers, each counted.
    HandAnalysis.objects.create(
        hand=game.hands.get(number=1),
        version=moment_store.ANALYSIS_VERSION,
        started_at=timezone.now(),
    )
    for _ in range(allowed(limits.MOMENTS)):
        assert guest.get(url, **HTMX).status_code == 200

    response = guest.get(url, **HTMX)

    assert response.status_code == 429
    assert TOO_MANY in response.content.decode()


def test_logins_in_a_loop_are_stopped_even_with_the_right_password() -> None:
    User.objects.create_user("camille", password="un mot de passe solide 42")
    client = Client()
    url = reverse("accounts:login")
    client.get(url)
    # Each login gives the browser a new CSRF cookie (a new visitor to the count): the
    # address's count stops it.
    for _ in range(allowed_per_address(limits.PASSWORD)):
        client.post(url, {"username": "camille", "password": "un mot de passe solide 42"})
        client.logout()

    response = client.post(url, {"username": "camille", "password": "un mot de passe solide 42"})

    assert response.status_code == 429
    assert TOO_MANY in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_signups_in_a_loop_are_stopped() -> None:
    client = Client()
    url = reverse("accounts:signup")
    client.get(url)  # the form, and with it the browser's CSRF cookie
    for number in range(allowed(limits.PASSWORD)):
        client.post(url, {"username": f"joueur{number}", "password1": "x", "password2": "y"})
    users = User.objects.count()

    response = client.post(
        url,
        {"username": "nouveau", "password1": "cœur-solide-2026", "password2": "cœur-solide-2026"},
    )

    assert response.status_code == 429
    assert TOO_MANY in response.content.decode()
    assert User.objects.count() == users


def test_the_address_limit_holds_whatever_the_session() -> None:
    limit = limits.Limit("test", "1000/m", per_address="3/m")
    factory = RequestFactory()

    def fresh_visitor() -> bool:
        request = factory.post("/", REMOTE_ADDR="10.1.2.3")
        request.session = {}  # type: ignore[assignment]
        request.user = AnonymousUser()
        return limits.exceeded(request, limit)

    assert [fresh_visitor() for _ in range(4)] == [False, False, False, True]


def test_browsers_without_a_session_behind_one_address_are_counted_apart() -> None:
    """Behind a proxy every newcomer may share an address: each browser (its CSRF cookie)
    has its own count of game starts, the address a far larger one."""
    for _ in range(allowed(limits.NEW_GAME) + 5):
        browser = Client()
        browser.get(reverse("game:home"))
        assert browser.post(reverse("game:new_game")).status_code == 302
