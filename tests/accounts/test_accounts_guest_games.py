"""A guest who signs up or logs in keeps the games played as a guest (docs/architecture.md)."""

import uuid

import pytest
from django.urls import reverse

from play.models import Game
from play.ownership import GUEST_SESSION_KEY, Owner
from play.positions import owned_games
from play.services import start_game

PASSWORD = "pique-et-coeur-1852"


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def guest_id(client) -> uuid.UUID:
    """A guest whose browser session already holds its guest id, as after starting a game."""
    guest_id = uuid.uuid4()
    session = client.session
    session[GUEST_SESSION_KEY] = str(guest_id)
    session.save()
    return guest_id


@pytest.fixture
def guest_game(guest_id) -> Game:
    return start_game(owner=Owner(guest_id=guest_id))


def sign_up(client, username="marie"):
    return client.post(
        reverse("accounts:signup"),
        {"username": username, "password1": PASSWORD, "password2": PASSWORD},
    )


def log_in(client, username="marie"):
    return client.post(reverse("accounts:login"), {"username": username, "password": PASSWORD})


@pytest.mark.django_db
def test_signing_up_keeps_the_games_played_as_a_guest(client, guest_id, guest_game):
    sign_up(client)

    guest_game.refresh_from_db()
    user = guest_game.owner
    assert user is not None and user.username == "marie"
    assert list(owned_games(Owner(user_id=user.pk))) == [guest_game]
    assert not owned_games(Owner(guest_id=guest_id)).exists()


@pytest.mark.django_db
def test_logging_in_keeps_the_games_played_as_a_guest(
    client, django_user_model, guest_id, guest_game
):
    marie = django_user_model.objects.create_user(username="marie", password=PASSWORD)
    earlier = start_game(owner=Owner(user_id=marie.pk))

    log_in(client)

    guest_game.refresh_from_db()
    assert guest_game.owner == marie
    assert set(owned_games(Owner(user_id=marie.pk))) == {earlier, guest_game}
    assert not owned_games(Owner(guest_id=guest_id)).exists()


@pytest.mark.django_db
def test_the_guest_id_leaves_the_session_once_signed_in(client, guest_id, guest_game):
    sign_up(client)

    assert GUEST_SESSION_KEY not in client.session


@pytest.mark.django_db
def test_another_guests_games_stay_theirs(client, guest_id, guest_game):
    stranger = Owner(guest_id=uuid.uuid4())
    strangers_game = start_game(owner=stranger)

    sign_up(client)

    strangers_game.refresh_from_db()
    guest_game.refresh_from_db()
    assert strangers_game.owner is None
    assert list(owned_games(stranger)) == [strangers_game]
    assert list(owned_games(Owner(user_id=guest_game.owner_id))) == [guest_game]


@pytest.mark.django_db
def test_a_game_already_claimed_by_another_account_stays_with_it(
    client, django_user_model, guest_id, guest_game
):
    # Paul played as this guest on a shared computer and signed up: the game is his, even if
    # it still remembers the guest id and a later session somehow presents the same id.
    paul = django_user_model.objects.create_user(username="paul", password=PASSWORD)
    Game.objects.filter(pk=guest_game.pk).update(owner=paul)
    django_user_model.objects.create_user(username="marie", password=PASSWORD)

    log_in(client, "marie")

    guest_game.refresh_from_db()
    assert guest_game.owner == paul
    marie = django_user_model.objects.get(username="marie")
    assert not owned_games(Owner(user_id=marie.pk)).exists()


@pytest.mark.django_db
def test_signing_up_from_the_tutorial_comes_back_to_it_with_the_deal(client):
    """Issue 12: « Créer un compte » from the tutorial returns to the tutorial, whose deal
    then belongs to the new account."""
    tutorial = reverse("tutorial:index")
    client.post(reverse("tutorial:start"))
    page = client.get(tutorial).content.decode()
    signup = f'href="{reverse("accounts:signup")}?next={tutorial}"'
    assert signup in page
    assert f'href="{reverse("accounts:login")}?next={tutorial}"' in page

    form = client.get(f"{reverse('accounts:signup')}?next={tutorial}").content.decode()
    assert f'name="next" value="{tutorial}"' in form
    response = client.post(
        reverse("accounts:signup"),
        {"username": "lea", "password1": PASSWORD, "password2": PASSWORD, "next": tutorial},
    )
    assert response.status_code == 302 and response["Location"] == tutorial
    user_games = Game.objects.filter(owner__username="lea", kind=Game.Kind.TUTORIAL)
    assert user_games.count() == 1


@pytest.mark.django_db
def test_the_account_pages_do_not_send_people_back_to_themselves(client):
    page = client.get(reverse("accounts:signup")).content.decode()
    assert f'href="{reverse("accounts:login")}"' in page
    assert "?next=/compte/" not in page


@pytest.mark.django_db
def test_a_page_with_several_query_parameters_comes_back_whole(client):
    # The address is written into the link once, percent-encoded: no `&amp;` from escaping
    # it twice, which would lose every parameter after the first.
    page = client.get(reverse("review:history") + "?resultat=gagnees&page=1").content.decode()
    back = "/parties/%3Fresultat%3Dgagnees%26page%3D1"
    assert f'href="{reverse("accounts:login")}?next={back}"' in page
