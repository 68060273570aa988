"""Login throttling (django-axes, settings AXES_*): a guessed password is refused, with a
French reason and a 429, once an account or an address has failed AXES_FAILURE_LIMIT times,
before the password is hashed; the admin's login counts the same way."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

LOCKED = "Trop de tentatives de connexion infructueuses"


def fail_login(client: Client, username: str, *, ip: str = "10.0.0.1", url: str = "") -> int:
    response = client.post(
        url or reverse("accounts:login"),
        {"username": username, "password": "mauvais mot de passe"},
        REMOTE_ADDR=ip,
    )
    return response.status_code


def test_an_account_is_locked_after_the_limit_even_with_the_right_password(client: Client):
    User.objects.create_user("alice", password="un mot de passe solide 42")
    statuses = [fail_login(client, "alice") for _ in range(settings.AXES_FAILURE_LIMIT)]
    assert statuses[:-1] == [200] * (settings.AXES_FAILURE_LIMIT - 1)
    response = client.post(
        reverse("accounts:login"),
        {"username": "alice", "password": "un mot de passe solide 42"},
        REMOTE_ADDR="10.9.9.9",
    )
    assert response.status_code == 429
    assert LOCKED in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_one_address_trying_many_accounts_is_locked(client: Client):
    for number in range(settings.AXES_FAILURE_LIMIT):
        fail_login(client, f"inconnu{number}", ip="10.0.0.2")
    assert fail_login(client, "encore-un-autre", ip="10.0.0.2") == 429
    # Another address, another account: not concerned.
    assert fail_login(client, "quelquun", ip="10.0.0.3") == 200


def test_a_locked_out_attempt_does_not_hash_the_password(client: Client, monkeypatch):
    for number in range(settings.AXES_FAILURE_LIMIT):
        fail_login(client, f"x{number}", ip="10.0.0.4")
    hashed: list[str] = []
    from django.contrib.auth import hashers

    original = hashers.check_password
    monkeypatch.setattr(
        hashers, "check_password", lambda *a, **k: hashed.append("x") or original(*a, **k)
    )
    assert fail_login(client, "x0", ip="10.0.0.4") == 429
    assert hashed == []


def test_the_admin_login_counts_too(client: Client):
    admin_login = reverse("admin:login")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        fail_login(client, "root", ip="10.0.0.5", url=admin_login)
    assert fail_login(client, "root", ip="10.0.0.5", url=admin_login) == 429


@pytest.mark.parametrize("url_name", ["accounts:login", "admin:login"])
def test_a_username_longer_than_axes_records_is_a_refused_login_not_a_500(
    client: Client, url_name: str
):
    """PostgreSQL refuses text past a column's length: axes' record of the attempt did."""
    response = client.post(reverse(url_name), {"username": "x" * 300, "password": "nope"})
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


def test_a_locked_out_login_says_when_to_try_again(client: Client):
    for number in range(settings.AXES_FAILURE_LIMIT):
        fail_login(client, f"y{number}", ip="10.0.0.6")
    response = client.post(
        reverse("accounts:login"), {"username": "y0", "password": "z"}, REMOTE_ADDR="10.0.0.6"
    )
    assert response.status_code == 429
    assert int(response["Retry-After"]) == settings.AXES_COOLOFF_TIME.total_seconds()
