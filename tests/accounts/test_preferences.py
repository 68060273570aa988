"""The table's settings (« Réglages »): kept on the account when signed in, in the
browser's localStorage for a guest (the server checks a guest's post and keeps nothing)."""

from __future__ import annotations

import time
from types import SimpleNamespace

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.template import RequestContext, Template
from django.test import Client, RequestFactory
from django.urls import reverse
from django_ratelimit import core as ratelimit_core

from accounts.context_processors import preferences as preferences_context
from accounts.models import Preferences
from accounts.selectors import DEFAULTS, PlayerPreferences, preferences_for
from accounts.services import save_preferences
from play import limits
from tests.visits import game_url, start_game

pytestmark = pytest.mark.django_db

URL = reverse("accounts:preferences")
HTMX = {"HTTP_HX_REQUEST": "true"}
CHOSEN = {"speed": "rapide", "auto_play": "on", "card_size": "grande", "sounds": "on"}
DEFAULT_JSON = {
    "speed": "normale",
    "auto_play": False,
    "card_size": "normale",
    "sounds": False,
    "signed_in": False,
    "saved": False,
}


@pytest.fixture
def user() -> User:
    return User.objects.create_user("camille", password="pique-dame-2024")


@pytest.fixture
def member(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def page_json(user: User | AnonymousUser) -> str:
    """What a template gets from `{{ preferences_json|json_script:"preferences" }}`."""
    request = RequestFactory().get("/")
    request.user = user
    template = Template('{{ preferences_json|json_script:"preferences" }}')
    return template.render(RequestContext(request))


# -- Reading -------------------------------------------------------------------------------


def test_a_guest_gets_the_defaults() -> None:
    assert preferences_for(None) == DEFAULTS
    assert preferences_for(AnonymousUser()) == DEFAULTS
    assert DEFAULTS.as_json() == DEFAULT_JSON


def test_an_account_that_never_saved_gets_the_defaults(user: User) -> None:
    assert preferences_for(user).as_json() == {**DEFAULT_JSON, "signed_in": True}


def test_the_page_gives_a_guest_the_defaults_as_json() -> None:
    html = page_json(AnonymousUser())

    assert html == (
        '<script id="preferences" type="application/json">{"speed": "normale", '
        '"auto_play": false, "card_size": "normale", "sounds": false, "signed_in": false, '
        '"saved": false}</script>'
    )


def test_a_page_that_shows_no_settings_makes_no_query(user: User, django_assert_num_queries):
    request = RequestFactory().get("/")
    request.user = user

    with django_assert_num_queries(0):
        context = preferences_context(request)
    with django_assert_num_queries(1):
        values = context["preferences_json"]()
        context["preferences_form"]()
        context["preferences_json"]()

    assert values == {**DEFAULT_JSON, "signed_in": True}


def test_the_form_is_drawn_with_the_accounts_values_and_french_labels(user: User) -> None:
    save_preferences(
        user, {"speed": "lente", "auto_play": True, "card_size": "petite", "sounds": False}
    )
    request = RequestFactory().get("/")
    request.user = user
    template = Template("{{ preferences_form.speed }}{{ preferences_form.auto_play }}")

    html = template.render(RequestContext(request))

    assert 'value="lente" required id="id_speed_0" checked' in html
    assert "Instantanée" in html
    assert '<input type="checkbox" name="auto_play" id="id_auto_play" checked>' in html


def test_the_tables_settings_show_the_accounts_values_checked(member: Client, user: User) -> None:
    """The table's « Réglages » (play/jinja2/game/_table.html) reads the context
    processor's values, which are callables, as Django's templates do."""
    save_preferences(
        user, {"speed": "lente", "auto_play": True, "card_size": "petite", "sounds": False}
    )
    game = start_game(member)

    html = member.get(game_url("table", game)).content.decode()

    assert '<input type="radio" name="speed" value="lente" checked> Lente' in html
    assert '<input type="radio" name="card_size" value="petite" checked>' in html
    assert '<input type="checkbox" name="auto_play" checked>' in html
    assert '<input type="checkbox" name="sounds">' in html
    assert html.count(" checked>") == 3 + 1  # and the game's own difficulty


# -- Saving --------------------------------------------------------------------------------


def test_a_signed_in_save_is_kept_and_read_back(member: Client, user: User) -> None:
    response = member.post(URL, CHOSEN, **HTMX)

    assert response.status_code == 204
    assert response.content == b""
    assert preferences_for(user) == PlayerPreferences(
        speed="rapide", auto_play=True, card_size="grande", sounds=True, signed_in=True, saved=True
    )
    assert '"speed": "rapide"' in page_json(user) and '"saved": true' in page_json(user)


def test_a_second_save_updates_the_one_row_and_an_absent_box_is_off(
    member: Client, user: User
) -> None:
    member.post(URL, CHOSEN, **HTMX)

    response = member.post(URL, {"speed": "instantanee", "card_size": "petite"}, **HTMX)

    assert response.status_code == 204
    assert Preferences.objects.count() == 1
    row = Preferences.objects.get(user=user)
    assert (row.speed, row.auto_play, row.card_size, row.sounds) == (
        "instantanee",
        False,
        "petite",
        False,
    )


def test_a_guest_post_is_checked_and_stores_nothing(client: Client) -> None:
    response = client.post(URL, CHOSEN, **HTMX)

    assert response.status_code == 204
    assert not Preferences.objects.exists()
    assert client.post(URL, CHOSEN).status_code == 204  # a plain post too
    assert not Preferences.objects.exists()


# -- Refusals ------------------------------------------------------------------------------


@pytest.mark.parametrize("visitor", ["member", "client"])
def test_an_unknown_speed_is_a_400_that_says_why_and_stores_nothing(
    request: pytest.FixtureRequest, visitor: str
) -> None:
    browser: Client = request.getfixturevalue(visitor)

    response = browser.post(URL, {**CHOSEN, "speed": "supersonique"}, **HTMX)

    assert response.status_code == 400
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response.content.decode() == "Vitesse des animations inconnue."
    assert not Preferences.objects.exists()


def test_a_missing_card_size_is_refused_on_a_page_for_a_plain_post(member: Client) -> None:
    response = member.post(URL, {"speed": "rapide", "next": "https://ailleurs.example/"})

    page = response.content.decode()
    assert response.status_code == 400
    assert "Réglages non enregistrés" in page
    assert "Choisissez une taille des cartes." in page
    assert 'href="/"' in page  # the way back never leaves the site
    assert not Preferences.objects.exists()


def test_the_refusal_is_in_english_for_an_english_visitor(member: Client) -> None:
    member.post(reverse("set_language"), {"language": "en", "next": "/"})

    response = member.post(URL, {**CHOSEN, "speed": "supersonique"}, **HTMX)

    assert response.status_code == 400
    assert response.content.decode() == "Unknown animation speed."


def test_get_is_a_405(member: Client) -> None:
    response = member.get(URL)

    assert response.status_code == 405
    assert response["Allow"] == "POST"
    assert "réglages" in response.content.decode()


def test_csrf_is_enforced(user: User) -> None:
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(user)

    refused = browser.post(URL, CHOSEN, **HTMX)

    assert refused.status_code == 403
    assert not Preferences.objects.exists()

    browser.get(reverse("game:home"))  # the page gives the token, as base.html's hx-headers
    token = browser.cookies["csrftoken"].value
    accepted = browser.post(URL, CHOSEN, HTTP_X_CSRFTOKEN=token, **HTMX)

    assert accepted.status_code == 204
    assert Preferences.objects.filter(user=user, speed="rapide").exists()


# -- A plain form post ---------------------------------------------------------------------


def test_a_plain_post_goes_back_to_a_safe_next(member: Client) -> None:
    response = member.post(URL, {**CHOSEN, "next": "/partie/12/"})

    assert response.status_code == 302
    assert response["Location"] == "/partie/12/"
    assert Preferences.objects.filter(speed="rapide").exists()


@pytest.mark.parametrize(
    "next_url", ["https://ailleurs.example/", "//ailleurs.example/", "javascript:alert(1)", ""]
)
def test_a_plain_post_with_an_outside_next_goes_home(member: Client, next_url: str) -> None:
    response = member.post(URL, {**CHOSEN, "next": next_url})

    assert response.status_code == 302
    assert response["Location"] == reverse("game:home")
    assert Preferences.objects.filter(speed="rapide").exists()


# -- The rate ------------------------------------------------------------------------------


def test_saving_in_a_loop_is_stopped(
    member: Client, user: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = time.time()  # one window of django-ratelimit's count (tests/web/test_rate_limits.py)
    monkeypatch.setattr(ratelimit_core, "time", SimpleNamespace(time=lambda: now))
    allowed = int(limits.PREFERENCES.rate.partition("/")[0])
    for _ in range(allowed):
        assert member.post(URL, CHOSEN, **HTMX).status_code == 204

    response = member.post(URL, {**CHOSEN, "speed": "lente"}, **HTMX)

    assert response.status_code == 429
    assert response["Retry-After"]
    assert "Trop de demandes en peu de temps" in response.content.decode()
    assert Preferences.objects.get(user=user).speed == "rapide"
