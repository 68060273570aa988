import pytest
from django.contrib.auth import SESSION_KEY
from django.urls import reverse

PASSWORD = "pique-et-coeur-1852"


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def login_url() -> str:
    return reverse("accounts:login")


@pytest.fixture
def marie(django_user_model):
    return django_user_model.objects.create_user(username="marie", password=PASSWORD)


@pytest.mark.django_db
def test_the_login_page_is_french(client, login_url):
    response = client.get(login_url)

    assert response.status_code == 200
    page = response.content.decode()
    assert "<h1>Se connecter</h1>" in page
    assert "Mot de passe" in page
    assert reverse("accounts:signup") in page


@pytest.mark.django_db
def test_logging_in_goes_home_signed_in(client, login_url, marie):
    response = client.post(login_url, {"username": "marie", "password": PASSWORD})

    assert response.status_code == 302
    assert response["Location"] == "/"
    assert client.session[SESSION_KEY] == str(marie.pk)


@pytest.mark.django_db
def test_a_wrong_password_shows_a_french_error(client, login_url, marie):
    response = client.post(login_url, {"username": "marie", "password": "mauvais"})

    assert response.status_code == 200
    assert "Saisissez un nom d’utilisateur et un mot de passe valides" in response.content.decode()
    assert SESSION_KEY not in client.session
