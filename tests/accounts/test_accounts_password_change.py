import pytest
from django.contrib.auth import SESSION_KEY
from django.urls import reverse

OLD = "pique-et-coeur-1852"
NEW = "trefle-et-carreau-1900"


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def change_url() -> str:
    return reverse("accounts:password_change")


@pytest.fixture
def marie(client, django_user_model):
    user = django_user_model.objects.create_user(username="marie", password=OLD)
    client.force_login(user)
    return user


@pytest.mark.django_db
def test_a_guest_is_sent_to_log_in_first(client, change_url):
    response = client.get(change_url)

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("accounts:login") + "?next=")


@pytest.mark.django_db
def test_the_change_page_is_french(client, change_url, marie):
    page = client.get(change_url).content.decode()

    assert "<h1>Changer le mot de passe</h1>" in page
    assert "Ancien mot de passe" in page


@pytest.mark.django_db
def test_changing_the_password_keeps_the_user_signed_in(client, change_url, marie):
    response = client.post(
        change_url, {"old_password": OLD, "new_password1": NEW, "new_password2": NEW}, follow=True
    )

    assert response.redirect_chain[-1][0] == reverse("accounts:password_change_done")
    assert "Mot de passe changé" in response.content.decode()
    marie.refresh_from_db()
    assert marie.check_password(NEW)
    assert client.session[SESSION_KEY] == str(marie.pk)


@pytest.mark.django_db
def test_a_wrong_old_password_changes_nothing(client, change_url, marie):
    response = client.post(
        change_url, {"old_password": "mauvais", "new_password1": NEW, "new_password2": NEW}
    )

    assert response.status_code == 200
    assert "Votre ancien mot de passe est incorrect." in response.content.decode()
    marie.refresh_from_db()
    assert marie.check_password(OLD)
