import pytest
from django.urls import reverse


@pytest.fixture
def home_url() -> str:
    return reverse("game:home")


def test_home_page_is_french(client, home_url):
    response = client.get(home_url)

    assert response.status_code == 200
    page = response.content.decode()
    assert "<h1>Dame de Pique</h1>" in page
    assert '<html lang="fr">' in page
    assert "évitez les cœurs" in page


def test_home_page_loads_htmx_and_the_site_stylesheet(client, home_url):
    page = client.get(home_url).content.decode()

    assert "/static/django_htmx/htmx-2.min.js" in page
    assert "/static/css/site.css" in page


def test_home_page_refuses_a_post(client, home_url):
    assert client.post(home_url).status_code == 405


def test_static_files_are_served_with_debug_off(client, settings):
    # `make run` serves /static/ from Django itself (settings.SERVE_STATIC), DEBUG off.
    assert settings.DEBUG is False

    stylesheet = client.get("/static/css/site.css")
    htmx = client.get("/static/django_htmx/htmx-2.min.js")

    assert stylesheet.status_code == 200
    assert stylesheet["Content-Type"].startswith("text/css")
    assert htmx.status_code == 200
    assert client.get("/static/css/nothing-here.css").status_code == 404
