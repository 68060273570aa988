"""Sending an offline game back (offline.views.upload): stored once as a finished solo game
of its player, with its replay and in the statistics; every refusal a 400 (or 409) with a
reason and nothing written; garbage never a 500."""

from __future__ import annotations

import copy
import json
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from play.models import Game, Hand, Move
from tests.offline.builders import played_record

pytestmark = pytest.mark.django_db

UPLOAD = "/hors-ligne/envoyer/"


def send(client: Client, record: object) -> tuple[int, dict]:
    body = record if isinstance(record, (bytes, str)) else json.dumps(record)
    response = client.post(UPLOAD, body, content_type="application/json")
    return response.status_code, response.json()


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def guest() -> Client:
    client = Client()
    client.get(reverse("game:home"))
    return client


def test_a_legal_game_is_stored_once_with_its_hands_moves_and_replay() -> None:
    client = guest()
    record = {**played_record(target=50, seed=4), "seed": 2**53 - 7}
    record["hands"][1]["level"] = "hard"
    status, answer = send(client, record)
    assert status == 201 and answer["stored"] == "new"
    game = Game.objects.get()
    assert game.offline_id is not None and str(game.offline_id) == record["id"]
    assert game.kind == Game.Kind.SOLO and game.is_finished
    assert Hand.objects.filter(game=game).count() == len(record["hands"])
    assert Move.objects.filter(game=game).count() == sum(len(h["moves"]) for h in record["hands"])
    assert game.move_count == Move.objects.filter(game=game).count()
    assert client.get(answer["replay"]).status_code == 200

    # The seed the device drew is the stored game's (its bots, for « Rejouer ce moment »).
    assert game.seed == record["seed"]
    # Each hand at the level it was played at (« Changer le niveau » applies to the next).
    assert list(game.hands.order_by("number").values_list("difficulty", flat=True)) == [
        hand.get("level", record["difficulty"]) for hand in record["hands"]
    ]

    # Twice uploaded (an answer lost on the way back): stored once.
    status, again = send(client, record)
    assert (status, again["stored"], again["replay"]) == (200, "already", answer["replay"])
    assert Game.objects.count() == 1


def test_the_game_is_listed_hors_ligne_and_counted_and_follows_the_guest_into_an_account() -> None:
    client = guest()
    assert send(client, played_record(seed=5))[0] == 201
    history = client.get(reverse("review:history")).content.decode()
    assert "Facile · hors ligne" in history
    stats = text_of(client.get(reverse("review:stats")).content.decode())
    assert "Parties terminées 1 " in stats and "Facile 1 " in stats
    response = client.post(
        reverse("accounts:signup"),
        {
            "username": "ondine",
            "password1": "une phrase assez longue",
            "password2": "une phrase assez longue",
        },
    )
    assert response.status_code == 302
    assert Game.objects.get().owner == User.objects.get(username="ondine")


def test_an_edited_illegal_move_is_refused_with_its_place_and_nothing_is_stored() -> None:
    record = copy.deepcopy(played_record(seed=6))
    seat, _card = record["hands"][0]["moves"][4]
    other = next(c for c in record["hands"][0]["dealt"][seat].split() if c != "2C")
    record["hands"][0]["moves"][4] = [seat, other]
    status, answer = send(guest(), record)
    assert status == 400
    assert answer["error"] == "Manche 1, coup 5 : les règles ne le permettent pas."
    assert not Game.objects.exists()


@pytest.mark.parametrize("which", ["duplicated", "missing"])
def test_a_deal_that_is_not_the_52_cards_is_refused(which: str) -> None:
    record = copy.deepcopy(played_record(seed=7))
    dealt = record["hands"][0]["dealt"]
    cards = dealt[1].split()
    cards[0] = dealt[0].split()[0] if which == "duplicated" else cards[0]
    dealt[1] = " ".join(cards if which == "duplicated" else cards[1:])
    status, answer = send(guest(), record)
    assert status == 400
    assert answer["error"] == "Manche 1 : la donne n’est pas un jeu de 52 cartes."
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    "body",
    [b"", b"{", b"\xff\xfe", b"null", b"[1, 2]", b'{"hands": "x"}', b"9" * 400, b"[" * 5000],
)
def test_garbage_is_a_400_with_a_reason(body: bytes) -> None:
    status, answer = send(guest(), body)
    assert status == 400 and answer["error"]
    assert not Game.objects.exists()


def test_a_body_too_big_is_refused() -> None:
    status, answer = send(guest(), b" " * (300 * 1024))
    assert status == 400 and "volumineuse" in answer["error"]


def test_another_player_s_game_id_is_refused_and_theirs_is_untouched() -> None:
    record = played_record(seed=8)
    assert send(guest(), record)[0] == 201
    status, answer = send(guest(), record)
    assert status == 409 and answer["error"]
    assert Game.objects.count() == 1


def test_only_a_post_is_accepted() -> None:
    assert guest().get(UPLOAD).status_code == 405
