import re

import pytest
from django.urls import reverse

from play.models import Game
from tests.visits import game_url, start_game


@pytest.fixture
def home_url() -> str:
    return reverse("game:home")


@pytest.mark.django_db
def test_home_page_is_french(client, home_url):
    response = client.get(home_url)

    assert response.status_code == 200
    page = response.content.decode()
    assert "<h1>Dame de Pique</h1>" in page
    assert '<html lang="fr">' in page
    assert "évitez les cœurs" in page


@pytest.mark.django_db
def test_home_page_loads_htmx_and_the_site_stylesheet(client, home_url):
    page = client.get(home_url).content.decode()

    assert "/static/django_htmx/htmx-2.min.js" in page
    assert "/static/css/site.css" in page


@pytest.mark.django_db
def test_home_page_offers_jouer_the_new_game_options_and_the_tutorial(client, home_url):
    page = client.get(home_url).content.decode()

    assert f'action="{reverse("game:new_game")}"' in page
    assert ">Jouer</button>" in page
    assert "Nouvelle partie" in page
    assert "50 points (partie courte)" in page
    assert re.search(r'value="normal"[^>]* checked', page)
    assert "Mode entraînement" in page
    assert 'href="/apprendre/">Apprendre à jouer' in page


@pytest.mark.django_db
def test_home_page_lists_the_visitors_games_in_progress_only(guest, other_guest, home_url):
    mine = start_game(guest)
    finished = start_game(guest)
    Game.objects.filter(pk=finished.pk).update(status="finished")
    theirs = start_game(other_guest)

    page = guest.get(home_url).content.decode()

    assert "Parties en cours" in page
    assert game_url("table", mine) in page
    assert game_url("table", finished) not in page
    assert game_url("table", theirs) not in page


@pytest.mark.django_db
def test_a_new_visitor_has_no_games_listed(client, home_url):
    assert "Parties en cours" not in client.get(home_url).content.decode()


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


@pytest.mark.django_db
def test_with_a_game_under_way_reprendre_comes_first_and_nouvelle_partie_beside_it(client):
    client.get(reverse("game:home"))
    started = client.post(reverse("game:new_game"))
    page = client.get(reverse("game:home")).content.decode()

    play_form = page[page.index('class="home__play"') :].split("</form>")[0]
    assert f'href="{started["Location"]}">Reprendre</a>' in play_form
    assert ">Nouvelle partie</button>" in play_form
    assert ">Jouer</button>" not in page


@pytest.mark.django_db
def test_a_game_just_played_reads_a_l_instant_not_0_minute(client):
    client.get(reverse("game:home"))
    client.post(reverse("game:new_game"))

    page = client.get(reverse("game:home")).content.decode()

    assert "à l’instant" in page
    assert "0 minute" not in page
