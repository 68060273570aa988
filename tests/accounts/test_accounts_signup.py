import pytest
from django.contrib.auth import SESSION_KEY, get_user_model
from django.urls import reverse

PASSWORD = "pique-et-coeur-1852"


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def signup_url() -> str:
    return reverse("accounts:signup")


def sign_up(client, url, *, username="marie", password1=PASSWORD, password2=PASSWORD, **extra):
    return client.post(
        url, {"username": username, "password1": password1, "password2": password2, **extra}
    )


@pytest.mark.django_db
def test_the_signup_page_is_french(client, signup_url):
    response = client.get(signup_url)

    assert response.status_code == 200
    page = response.content.decode()
    assert "<h1>Créer un compte</h1>" in page
    assert "Confirmation du mot de passe" in page
    assert reverse("accounts:login") in page


@pytest.mark.django_db
def test_signing_up_creates_the_user_and_logs_in(client, signup_url):
    response = sign_up(client, signup_url)

    assert response.status_code == 302
    assert response["Location"] == "/"
    user = get_user_model().objects.get(username="marie")
    assert user.check_password(PASSWORD)
    assert client.session[SESSION_KEY] == str(user.pk)


@pytest.mark.django_db
def test_it_refuses_two_different_passwords_in_french(client, signup_url):
    response = sign_up(client, signup_url, password2="autre-chose-1852")

    assert response.status_code == 200
    assert "Les deux mots de passe ne correspondent pas." in response.content.decode()
    assert not get_user_model().objects.filter(username="marie").exists()
    assert SESSION_KEY not in client.session


@pytest.mark.django_db
def test_it_refuses_a_username_already_taken(client, signup_url):
    get_user_model().objects.create_user(username="Marie", password=PASSWORD)

    response = sign_up(client, signup_url, username="marie")

    assert response.status_code == 200
    assert get_user_model().objects.filter(username__iexact="marie").count() == 1


@pytest.mark.django_db
def test_it_follows_a_safe_next_and_ignores_another_site(client, signup_url):
    safe = sign_up(client, signup_url, next="/regles/")
    client.logout()
    unsafe = sign_up(client, signup_url, username="paul", next="https://ailleurs.example/")

    assert safe["Location"] == "/regles/"
    assert unsafe["Location"] == "/"


@pytest.mark.django_db
def test_a_signed_in_user_is_sent_home(client, signup_url, django_user_model):
    client.force_login(django_user_model.objects.create_user(username="marie"))

    response = client.get(signup_url)

    assert response.status_code == 302
    assert response["Location"] == "/"
