import uuid

import pytest
from django.contrib.auth import SESSION_KEY
from django.urls import reverse

from play.ownership import GUEST_SESSION_KEY


@pytest.fixture
def logout_url() -> str:
    return reverse("accounts:logout")


@pytest.fixture
def signed_in(client, django_user_model):
    user = django_user_model.objects.create_user(username="marie")
    client.force_login(user)
    return user


@pytest.mark.django_db
def test_logging_out_requires_a_post(client, logout_url, signed_in):
    response = client.get(logout_url)

    assert response.status_code == 405
    assert client.session[SESSION_KEY] == str(signed_in.pk)


@pytest.mark.django_db
def test_after_logging_out_the_visitor_is_a_fresh_guest(client, logout_url, signed_in):
    session = client.session
    session[GUEST_SESSION_KEY] = str(uuid.uuid4())  # however it got there, it must not survive
    session.save()

    response = client.post(logout_url)

    assert response.status_code == 302
    assert response["Location"] == "/"
    assert SESSION_KEY not in client.session
    assert GUEST_SESSION_KEY not in client.session
