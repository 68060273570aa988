"""The load test reads the tables the templates really render (loadtest/pages.py).

`make load` decides every guest's next post from the markup, as static/js/table.js does;
these tests render real pages through the views so that a template change that would
leave it blind (no legal card, no move number, no « avancer », no result forms) fails here
instead of turning a load test into a stream of errors.
"""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import resolve, reverse
from django.utils import timezone

from loadtest.pages import (
    BUSY_RETRY_SECONDS,
    Action,
    PageError,
    legal_cards,
    next_action,
    parse_home,
    parse_table,
    start_post,
)
from play.models import Game
from play.ownership import Owner
from play.seats import HUMAN
from tests.driving import play_until, position_of
from tests.visits import HTMX, game_url, hand_over, scripted_game, start_game

pytestmark = pytest.mark.django_db

# Seat 3 won the first trick and led 2♦: the human holds 5♦ 6♦ 7♦ and must follow
# (tests/play/test_play_card_view.py).
HUMAN_MUST_FOLLOW_DIAMONDS = "2C 7C JC AC 2D"


def fields(action: Action) -> dict[str, list[str]]:
    """The action's fields as the test client posts them (a name may repeat: `cards`)."""
    data: dict[str, list[str]] = {}
    for name, value in action.data:
        data.setdefault(name, []).append(value)
    return data


def page_of(client: Client, game: Game) -> str:
    response = client.get(game_url("table", game))
    assert response.status_code == 200
    return response.content.decode()


def test_a_passing_table_offers_three_of_its_thirteen_cards_at_its_move(guest):
    game = start_game(guest)

    table = parse_table(page_of(guest, game))
    action = next_action(table, random.Random(1))

    hand = {card.code for card in position_of(game).deal.hand(HUMAN)}
    assert table.hand_kind == "passing"
    assert not table.bots_pending
    assert table.move == game.move_count
    assert {card.code for card in table.cards} == hand
    assert action.name == "pass"
    assert action.url == game_url("pass_cards", game)
    passed = [value for name, value in action.data if name == "cards"]
    assert len(set(passed)) == 3
    assert set(passed) <= hand
    assert ("move", str(game.move_count)) in action.data
    assert any(name == "csrfmiddlewaretoken" for name, _ in action.data)


def test_the_legal_cards_are_the_engines_and_the_others_say_why(guest, guest_owner):
    game = scripted_game(guest_owner, HUMAN_MUST_FOLLOW_DIAMONDS)

    table = parse_table(page_of(guest, game))
    action = next_action(table, random.Random(1))

    legal = {card.code for card in position_of(game).deal.legal_cards(HUMAN)}
    assert legal == {"5D", "6D", "7D"}
    assert set(legal_cards(table)) == legal
    assert all(card.reason for card in table.cards if card.code not in legal)
    assert table.hand_kind == "playing"
    assert table.move == game.move_count
    assert action.name == "play"
    assert action.url == game_url("play_card", game)
    assert dict(action.data)["card"] in legal
    assert dict(action.data)["move"] == str(game.move_count)


def test_the_htmx_answer_is_read_like_the_whole_page(guest, guest_owner):
    game = scripted_game(guest_owner, HUMAN_MUST_FOLLOW_DIAMONDS)
    action = next_action(parse_table(page_of(guest, game)), random.Random(1))

    response = guest.post(action.url, fields(action), **HTMX)

    assert response.status_code == 200
    table = parse_table(response.content.decode())
    game.refresh_from_db()
    assert table.move == game.move_count
    assert set(legal_cards(table)) == {
        card.code for card in position_of(game).deal.legal_cards(HUMAN)
    }


def test_a_table_waiting_for_difficile_asks_to_advance(guest):
    game = start_game(guest, difficulty="hard")

    table = parse_table(page_of(guest, game))
    action = next_action(table, random.Random(1))

    assert table.bots_pending
    assert not table.bots_busy
    assert table.advance is not None
    assert (action.name, action.delay) == ("advance", 0)
    assert action.url == game_url("advance", game)


def test_a_table_whose_bots_think_in_another_request_asks_again_a_moment_later(guest):
    game = start_game(guest, difficulty="hard")
    Game.objects.filter(pk=game.pk).update(
        bots_thinking_until=timezone.now() + timedelta(seconds=10)
    )

    response = guest.post(game_url("advance", game), **HTMX)

    table = parse_table(response.content.decode())
    action = next_action(table, random.Random(1))
    assert table.bots_pending and table.bots_busy
    assert (action.name, action.delay) == ("advance", BUSY_RETRY_SECONDS)


def test_a_table_that_waits_for_nobody_says_so(guest, guest_owner):
    game = scripted_game(guest_owner, HUMAN_MUST_FOLLOW_DIAMONDS)

    table = parse_table(page_of(guest, game))

    assert not table.bots_pending
    assert not table.bots_busy
    assert table.advance is None


def test_the_end_of_a_hand_offers_the_next_one_at_its_move(guest, guest_owner):
    game = play_until(start_game(guest), guest_owner, hand_over)

    table = parse_table(page_of(guest, game))
    action = next_action(table, random.Random(1))

    assert table.next_hand is not None
    assert table.play_again is None
    assert table.move == game.move_count
    assert action.name == "next_hand"
    assert action.url == game_url("next_hand", game)
    assert dict(action.data)["move"] == str(game.move_count)


def test_the_end_of_the_game_offers_rejouer(guest, guest_owner):
    game = play_until(start_game(guest), guest_owner, hand_over)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, winner=HUMAN)

    table = parse_table(page_of(guest, game))
    action = next_action(table, random.Random(1))

    assert table.play_again is not None
    assert table.next_hand is None
    assert action.name == "play_again"
    assert action.url == game_url("play_again", game)
    response = guest.post(action.url, fields(action), **HTMX)
    assert resolve(response["HX-Redirect"]).url_name == "table"


def test_the_home_page_starts_a_normal_game_or_a_difficile_one(client):
    home = parse_home(client.get(reverse("game:home")).content.decode())

    for level, expected in ((None, "normal"), ("hard", "hard")):
        post = start_post(home, level)
        response = client.post(post.url, fields(post))
        assert response.status_code == 302
        game = Game.objects.get(pk=resolve(response["Location"]).kwargs["game_id"])
        assert (game.difficulty, game.target) == (expected, 100)
    with pytest.raises(PageError):
        start_post(home, "impossible")


def test_a_page_without_a_table_is_an_error():
    with pytest.raises(PageError):
        parse_table("<html><body><p>Erreur</p></body></html>")


def test_a_guest_led_by_these_functions_plays_a_whole_hand_with_no_refusal(
    guest, guest_owner: Owner
):
    """The locustfile's loop, against the views: every post accepted, up to the next hand."""
    game = start_game(guest)
    rng = random.Random(7)
    table = parse_table(page_of(guest, game))
    for _ in range(60):
        action = next_action(table, rng)
        if action.name == "next_hand":
            break
        response = guest.post(action.url, fields(action), **HTMX)
        assert response.status_code == 200, (action, response.content.decode()[:300])
        table = parse_table(response.content.decode())
        assert not table.error
    else:
        raise AssertionError("the hand never ended")
    assert position_of(game).deal.phase == "finished"


def test_a_guest_waits_as_long_as_the_page_deals_the_moves_out(guest):
    """An answer holds the bots' cards: the guest waits for them to be dealt out (0.5 s a
    card, 1.25 s more a finished trick), then thinks, as a person would."""
    game = start_game(guest)
    action = next_action(parse_table(page_of(guest, game)), random.Random(1))
    for _ in range(3):  # the pass, then cards, until the bots answer with some of theirs
        before = Game.objects.get(pk=game.pk).move_count
        answer = parse_table(guest.post(action.url, fields(action), **HTMX).content.decode())
        action = next_action(answer, random.Random(2), thinking=(1.0, 3.0))
        plays = game.moves.filter(number__gt=before, kind="play").exclude(seat=HUMAN).count()
        if plays:
            break
    dealt = game.moves.filter(number__gt=before, kind="play").count()
    assert answer.replayed == dealt >= plays > 0
    finished = sum(
        1
        for number in game.moves.filter(number__gt=before, kind="play").values_list(
            "number", flat=True
        )
        if (number - 4) % 4 == 0  # the 4 passes come first: a trick ends every 4th card
    )
    assert answer.tricks_collected == finished
    expected = dealt * 0.5 + finished * 1.25
    assert answer.animation_seconds == pytest.approx(expected)
    assert expected + 1.0 <= action.delay <= expected + 3.0
