"""A session in use is renewed (its row's expiry and its cookie), at most once per
SESSION_RENEWAL_INTERVAL; an idle one is not written (config.middleware.SessionRenewalMiddleware).
Time moves by moving the session's stored expiry back, as the days would."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from play.models import Game
from tests.visits import start_game

AGE = timedelta(seconds=settings.SESSION_COOKIE_AGE)


def session_row(client: Client) -> Session:
    return Session.objects.get(session_key=client.cookies[settings.SESSION_COOKIE_NAME].value)


def age_session(client: Client, by: timedelta) -> datetime:
    """As if the session had been written `by` ago: its expiry moves back by that much."""
    row = session_row(client)
    row.expire_date -= by
    row.save(update_fields=["expire_date"])
    return row.expire_date


def writes(queries: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in queries.captured_queries if q["sql"].lstrip().upper()[:6] != "SELECT"]


@pytest.fixture
def playing_guest(db) -> tuple[Client, Game]:
    client = Client()
    game = start_game(client)
    return client, game


def test_the_session_lasts_two_weeks_and_is_renewed_at_most_daily():
    assert timedelta(days=14) == AGE
    assert timedelta(days=1) == settings.SESSION_RENEWAL_INTERVAL
    assert settings.SESSION_ENGINE == "config.sessions"


def test_a_guest_who_keeps_playing_gets_a_fresh_session_and_cookie(playing_guest):
    client, game = playing_guest
    # Thirteen days later (a day short of the end), the guest opens their game again.
    old_expiry = age_session(client, timedelta(days=13))

    response = client.get(reverse("game:table", args=[game.pk]))

    assert response.status_code == 200
    cookie = response.cookies[settings.SESSION_COOKIE_NAME]
    assert int(cookie["max-age"]) == settings.SESSION_COOKIE_AGE
    new_expiry = session_row(client).expire_date
    assert new_expiry > old_expiry + timedelta(days=12)
    assert abs(new_expiry - (timezone.now() + AGE)) < timedelta(minutes=1)


@pytest.mark.parametrize("ago", [timedelta(days=1, minutes=1), timedelta(days=8)])
def test_a_session_written_more_than_a_day_ago_is_renewed_by_any_page_that_reads_it(
    playing_guest, ago
):
    client, _ = playing_guest
    age_session(client, ago)

    response = client.get(reverse("review:history"))

    assert settings.SESSION_COOKIE_NAME in response.cookies
    assert abs(session_row(client).expire_date - (timezone.now() + AGE)) < timedelta(minutes=1)


@pytest.mark.parametrize("ago", [timedelta(0), timedelta(hours=23)])
def test_a_session_written_less_than_a_day_ago_is_not_written_again(playing_guest, ago):
    client, game = playing_guest
    expiry = age_session(client, ago)

    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("game:table", args=[game.pk]))

    assert response.status_code == 200
    assert settings.SESSION_COOKIE_NAME not in response.cookies
    assert session_row(client).expire_date == expiry
    assert not writes(queries)


def test_the_renewed_session_keeps_the_guests_games(playing_guest):
    client, game = playing_guest
    age_session(client, timedelta(days=13))
    client.get(reverse("review:history"))

    # Thirteen more days: without the renewal the session would have ended a week ago.
    age_session(client, timedelta(days=13))
    response = client.get(reverse("game:table", args=[game.pk]))

    assert response.status_code == 200


def test_an_expired_session_is_not_renewed(playing_guest):
    client, game = playing_guest
    age_session(client, AGE + timedelta(minutes=1))

    response = client.get(reverse("game:table", args=[game.pk]))

    assert response.status_code == 404
    assert not Session.objects.filter(expire_date__gt=timezone.now()).exists()


def test_a_page_that_does_not_read_the_session_does_not_renew_it(playing_guest):
    client, _ = playing_guest
    expiry = age_session(client, timedelta(days=8))

    response = client.get("/static/css/site.css")

    assert response.status_code == 200
    assert settings.SESSION_COOKIE_NAME not in response.cookies
    assert session_row(client).expire_date == expiry


def test_a_visitor_without_a_session_gets_none(db):
    client = Client()

    response = client.get(reverse("pages:rules"))

    assert settings.SESSION_COOKIE_NAME not in response.cookies
    assert not Session.objects.exists()
