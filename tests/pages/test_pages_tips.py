import pytest
from django.urls import reverse


@pytest.fixture
def tips_url() -> str:
    return reverse("pages:tips")


def test_the_tips_live_at_a_french_address(tips_url):
    assert tips_url == "/conseils/"


@pytest.mark.django_db
def test_a_guest_reads_the_tips_in_french(client, tips_url):
    response = client.get(tips_url)

    assert response.status_code == 200
    page = response.content.decode()
    assert "<h1>Conseils de stratégie</h1>" in page
    assert "Pendant la passe" in page
    assert "Videz une couleur courte" in page
    assert "Surveillez la lune" in page
    assert "Menace de lune" in page
    assert f'href="{reverse("pages:rules")}"' in page


@pytest.mark.django_db
def test_a_signed_in_user_reads_the_tips_too(client, tips_url, django_user_model):
    client.force_login(django_user_model.objects.create_user(username="marie"))

    response = client.get(tips_url)

    assert response.status_code == 200
    assert "<h1>Conseils de stratégie</h1>" in response.content.decode()


def test_the_tips_page_refuses_a_post(client, tips_url):
    assert client.post(tips_url).status_code == 405
