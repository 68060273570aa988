"""« Jouer entre amis »: opening a table, its waiting room, « Prendre place », « Retirer »,
« Commencer »."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from play.models import Game, LiveTable, Seat
from tests.tables.helpers import HTMX, guest_client, open_table, sit, start, table_page, token_of

pytestmark = pytest.mark.django_db


def test_the_form_asks_length_level_spectators_and_clock() -> None:
    page = guest_client().get(reverse("tables:new")).content.decode()

    for words in (
        "Jouer entre amis",
        "Créer la table",
        "50 points",
        "Facile",
        "Difficile",
        "Accepter des spectateurs",
        "Sans limite",
        "Votre nom à la table",
    ):
        assert words in page


def test_a_new_table_is_a_waiting_room_with_its_host_at_south() -> None:
    host = guest_client()
    game = open_table(host, "Alice", target=100, difficulty="hard", clock="off")

    table = LiveTable.objects.get(game=game)
    assert game.status == Game.Status.WAITING and game.kind == Game.Kind.LIVE
    assert (game.target, game.difficulty, table.turn_seconds) == (100, "hard", None)
    assert len(table.token) == 43  # 32 random bytes
    assert list(game.seats.values_list("number", "name")) == [(0, "Alice")]
    page = table_page(host, game)
    assert "Copier le lien" in page and "Commencer" in page
    assert page.count("Prendre place") == 0  # the host is seated already
    assert f"/table/{table.token}/" in page


def test_a_friend_takes_a_free_seat_under_the_name_they_type() -> None:
    host, friend = guest_client(), guest_client()
    game = open_table(host)
    assert table_page(friend, game).count("Prendre place") == 3

    assert sit(friend, game, 2, "  Léa   B. ") == 200

    assert Seat.objects.get(game=game, number=2).name == "Léa B."
    assert "Léa B." in table_page(host, game)


@pytest.mark.parametrize("name", ["A", "x" * 21, "<b>Bob</b>", "Bob\x00", "a\u202eb", "   "])
def test_a_name_that_is_too_short_too_long_or_markup_is_refused(name: str) -> None:
    game = open_table(guest_client())
    friend = guest_client()

    response = friend.post(
        reverse("tables:take_seat", args=[token_of(game)]), {"seat": 1, "name": name}, **HTMX
    )

    assert response.status_code == 400
    assert "nom" in response.content.decode()
    assert not Seat.objects.filter(game=game, number=1).exists()


def test_a_seat_taken_or_a_second_seat_is_refused() -> None:
    host, friend, other = guest_client(), guest_client(), guest_client()
    game = open_table(host)
    assert sit(friend, game, 1, "Bruno") == 200

    assert sit(other, game, 1, "Chloé") == 409
    assert sit(friend, game, 2, "Bruno") == 409
    assert sit(host, game, 3, "Alice") == 409
    assert Seat.objects.filter(game=game).count() == 2


def test_only_the_host_removes_and_starts() -> None:
    host, friend, other = guest_client(), guest_client(), guest_client()
    game = open_table(host)
    sit(friend, game, 1, "Bruno")
    sit(other, game, 3, "Chloé")
    token = token_of(game)

    assert (
        other.post(reverse("tables:remove", args=[token]), {"seat": 1}, **HTMX).status_code == 409
    )
    assert other.post(reverse("tables:start", args=[token]), **HTMX).status_code == 409
    assert host.post(reverse("tables:remove", args=[token]), {"seat": 1}, **HTMX).status_code == 200

    assert list(game.seats.values_list("number", flat=True)) == [0, 3]
    game.refresh_from_db()
    assert game.status == Game.Status.WAITING


def test_commencer_puts_named_bots_in_the_empty_seats_and_deals() -> None:
    host, friend = guest_client(), guest_client()
    game = open_table(host)
    sit(friend, game, 2, "Bruno")

    game = start(host, game)

    assert game.status == Game.Status.PLAYING and game.current_hand is not None
    seats = list(game.seats.values_list("number", "name", "is_bot"))
    assert seats == [(0, "Alice", False), (1, "Léa", True), (2, "Bruno", False), (3, "Chloé", True)]
    # The bots chose their passes at the deal; the people are choosing theirs.
    assert game.moves.filter(kind="pass").count() == 2
    assert sit(guest_client(), game, 1, "Late") == 409


def test_the_room_is_refused_once_started_and_a_bad_token_is_a_404() -> None:
    assert guest_client().get("/table/" + "x" * 43 + "/").status_code == 404
    assert guest_client().get("/table/../").status_code == 404


def test_a_signed_in_friend_sits_under_their_username() -> None:
    friend = Client()
    friend.force_login(User.objects.create_user("margaux_75", password="x" * 12))
    game = open_table(guest_client())
    page = table_page(friend, game)
    assert 'name="name"' not in page  # no name to type

    response = friend.post(reverse("tables:take_seat", args=[token_of(game)]), {"seat": 3}, **HTMX)

    assert response.status_code == 200
    assert Seat.objects.get(game=game, number=3).name == "margaux_75"


def test_a_guest_is_offered_a_name_of_their_own_that_the_session_keeps() -> None:
    host, friend = guest_client(), guest_client()

    def offered(page: str) -> str:
        found = re.search(r'name="name" value="([^"]*)"', page)
        assert found, page
        return found.group(1)

    name = offered(host.get(reverse("tables:new")).content.decode())
    assert re.fullmatch(r"Invité \d{4}", name)
    assert offered(host.get(reverse("tables:new")).content.decode()) == name
    game = open_table(host, "Alice")
    assert re.fullmatch(r"Invité \d{4}", offered(table_page(friend, game)))

    assert sit(friend, game, 1, "Léa B.") == 200
    assert offered(friend.get(reverse("tables:new")).content.decode()) == "Léa B."
