"""« Rejouer ce moment » refuses what it cannot do, clearly, and changes nothing: a card
the rules forbid, a post it cannot read, a stale tab, another visitor, a hand still being
played, a live table's other seats; a step where the player is not to move yet starts at
their next decision."""

from __future__ import annotations

import time
import uuid
from types import SimpleNamespace

import pytest
from django.test import Client
from django.urls import reverse
from django_ratelimit import core as ratelimit_core

from game.engine import Phase
from play import limits
from play.messages import illegal_move_message
from play.models import Game
from play.seats import HUMAN
from review import sharing
from review.practice import store
from tests.review.builders import recorded_game
from tests.review.test_practice_view import (
    choice_step,
    live_table,
    play,
    play_to_the_end,
    practice_url,
    record_of,
    stored_rows,
    table_of,
)
from tests.visits import HTMX

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(guest_owner) -> Game:
    return recorded_game(guest_owner, hands=1)


def forbidden_step(game: Game) -> tuple[int, str, str]:
    """A step where the player holds a card the rules forbid: the step, that card, and
    the engine's reason."""
    record = record_of(game)
    plays = 0
    for index, move in enumerate(record.moves):
        if move.is_pass:
            continue
        deal = record.positions[index]
        if move.seat == HUMAN:
            for card in deal.hand(HUMAN):
                refusal = deal.check_play(HUMAN, card)
                if refusal is not None:
                    return record.decision_step(plays), card.code, illegal_move_message(refusal)
        plays += 1
    raise AssertionError("every card was always playable")


def test_a_card_the_rules_forbid_is_refused_with_the_engines_reason(guest, game):
    step, card, reason = forbidden_step(game)
    before = table_of(guest.get(practice_url(game, 1, step)))

    response = play(guest, game, step, card, before.move)

    assert response.status_code == 409
    after = table_of(response)
    assert after.error == reason
    assert after.move == before.move and after.hand == before.hand
    assert table_of(guest.get(practice_url(game, 1, step))).move == before.move


@pytest.mark.parametrize(
    "post",
    [
        {"card": "ZZ"},
        {"card": "1H"},
        {"card": ""},
        {"card": "QSX"},
        {},
        {"card": "QS", "move": "abc"},
        {"card": "QS", "move": "-1"},
    ],
    ids=["unknown", "no-rank", "empty", "too-long", "nothing", "garbage-move", "negative-move"],
)
def test_a_post_that_names_no_card_is_a_400_and_changes_nothing(guest, game, post):
    step, _played, _other = choice_step(record_of(game))
    before = table_of(guest.get(practice_url(game, 1, step)))
    data = {"move": before.move, **post}

    response = guest.post(practice_url(game, 1, step, "play"), data, **HTMX)

    assert response.status_code == 400
    assert table_of(response).error
    assert table_of(guest.get(practice_url(game, 1, step))).move == before.move


def test_a_post_from_a_stale_tab_is_refused_and_shows_the_practice_as_it_is(guest, game):
    step, played, other = choice_step(record_of(game))
    first = table_of(guest.get(practice_url(game, 1, step)))
    moved = table_of(play(guest, game, step, other, first.move))

    response = play(guest, game, step, played, first.move)

    assert response.status_code == 409
    assert "autre onglet" in table_of(response).error
    assert table_of(response).move == moved.move


def test_a_tab_drawn_before_starting_again_is_stale_at_the_same_number_of_moves(guest, game):
    # Tab A plays a card; tab B starts the moment again and plays another: both have made
    # one move, but A's next post was drawn on a line that is gone.
    step, played, other = choice_step(record_of(game))
    first = table_of(guest.get(practice_url(game, 1, step)))
    tab_a = table_of(play(guest, game, step, played, first.move))
    guest.post(practice_url(game, 1, step, "restart"), **HTMX)
    again = table_of(guest.get(practice_url(game, 1, step)))
    assert again.move != first.move
    play(guest, game, step, other, again.move)
    shown = table_of(guest.get(practice_url(game, 1, step)))
    card = next(card.face.code for card in shown.hand if card.playable)

    response = play(guest, game, step, card, tab_a.move)

    assert response.status_code == 409
    assert "autre onglet" in table_of(response).error
    assert table_of(response).move == shown.move


def test_garbage_in_the_session_starts_the_practice_afresh(guest, game):
    step, _played, _other = choice_step(record_of(game))
    first = table_of(guest.get(practice_url(game, 1, step)))
    session = guest.session
    session[store.SESSION_KEY] = {f"{game.pk}:1:{step}": ["0:ZZ", 7, "9:QS"]}
    session.save()

    again = guest.get(practice_url(game, 1, step))

    assert again.status_code == 200
    assert table_of(again).move == first.move


def test_another_visitor_finds_nothing(game, other_guest: Client):
    step, played, _other = choice_step(record_of(game))

    assert other_guest.get(practice_url(game, 1, step)).status_code == 404
    response = other_guest.post(practice_url(game, 1, step, "play"), {"card": played, "move": 0})
    assert response.status_code == 404
    assert other_guest.post(practice_url(game, 1, step, "restart")).status_code == 404


def test_a_hand_still_being_played_has_no_practice(guest, guest_owner):
    game = recorded_game(guest_owner, hands=1, finished=False, plays_in_last=20)
    before = stored_rows(game)

    assert guest.get(practice_url(game, 1, 5)).status_code == 404
    assert (
        guest.post(practice_url(game, 1, 5, "play"), {"card": "2C", "move": 0}).status_code == 404
    )
    assert stored_rows(game) == before


@pytest.mark.parametrize(("hand", "step"), [(2, 0), (1, 54), (99, 3)])
def test_a_hand_or_step_the_history_does_not_reach_is_a_404(guest, game, hand, step):
    assert guest.get(practice_url(game, hand, step)).status_code == 404


def test_a_step_before_the_players_move_starts_at_their_next_decision(guest, game):
    record = record_of(game)
    # The first step after the exchange where a bot is to play, and the player's next card.
    bot_step = next(
        step
        for step in range(record.play_offset, record.last_step)
        if record.deal_at(step).turn != HUMAN
    )
    next_decision = next(
        step for step in range(bot_step, record.last_step) if record.deal_at(step).turn == HUMAN
    )

    response = guest.get(practice_url(game, 1, bot_step))

    assert response.status_code == 302
    assert response["Location"] == practice_url(game, 1, next_decision)


def test_a_step_after_the_players_last_card_says_there_is_nothing_left(guest, game):
    record = record_of(game)

    response = guest.get(practice_url(game, 1, record.last_step))

    assert response.status_code == 404
    html = response.content.decode()
    assert "plus de carte à jouer" in html
    assert reverse("review:replay_step", args=[game.pk, 1, record.last_step]) in html


def test_the_pass_is_practised_from_the_deal(guest, game):
    page = table_of(guest.get(practice_url(game, 1, 0)))
    assert page.action is not None and page.action.kind == Phase.PASSING
    cards = [card.face.code for card in page.hand[:3]]

    two = guest.post(practice_url(game, 1, 0, "play"), {"cards": cards[:2], "move": page.move})
    assert two.status_code == 400
    response = guest.post(
        practice_url(game, 1, 0, "play"), {"cards": cards, "move": page.move}, **HTMX
    )

    assert response.status_code == 200
    table = table_of(response)
    assert table.phase == Phase.PLAYING
    assert not {card.face.code for card in table.hand} & set(cards)


def test_every_post_needs_the_pages_csrf_token(game, guest_owner):
    client = Client(enforce_csrf_checks=True)
    session = client.session
    session["guest_id"] = str(guest_owner.guest_id)
    session.save()
    step, played, _other = choice_step(record_of(game))
    page = client.get(practice_url(game, 1, step))
    assert page.status_code == 200

    refused = client.post(practice_url(game, 1, step, "play"), {"card": played, "move": 0})

    assert refused.status_code == 403


def test_a_visitor_posting_in_a_loop_is_stopped(guest, game, monkeypatch):
    now = time.time()
    monkeypatch.setattr(ratelimit_core, "time", SimpleNamespace(time=lambda: now))
    step, _played, _other = choice_step(record_of(game))
    url = practice_url(game, 1, step, "advance")
    count = int(limits.ADVANCE.rate.partition("/")[0])
    for _ in range(count):
        assert guest.post(url, **HTMX).status_code == 200

    response = guest.post(url, **HTMX)

    assert response.status_code == 429
    assert "Trop de demandes" in table_of(response).error


def test_a_share_links_visitor_practises_with_no_account(client: Client, game):
    shared = sharing.share_game(game=game)
    step, _played, other = choice_step(record_of(game))
    url = reverse("review:shared_practice", args=[shared.share_token, 1, step])

    page = client.get(url)
    assert page.status_code == 200
    assert page["X-Robots-Tag"] == "noindex, nofollow"
    table = table_of(page)
    play_url = reverse("review:shared_practice_play", args=[shared.share_token, 1, step])
    assert table.urls.play_card == play_url

    answer = client.post(play_url, {"card": other, "move": table.move}, **HTMX)
    assert answer.status_code == 200
    assert table_of(answer).replay[0].face.code == other

    sharing.revoke_share(game=shared)
    assert client.get(url).status_code == 404


def test_at_a_live_table_only_seat_0_practises_and_bots_play_the_other_people(guest_owner):
    host = Client()
    session = host.session
    session["guest_id"] = str(guest_owner.guest_id)
    session.save()
    friend = Client()
    session = friend.session
    session["guest_id"] = str(uuid.uuid4())
    session.save()
    live = live_table(guest_owner, uuid.UUID(friend.session["guest_id"]))
    step, _played, other = choice_step(record_of(live))

    assert friend.get(practice_url(live, 1, step)).status_code == 404
    table = table_of(host.get(practice_url(live, 1, step)))
    assert [seat.name for seat in table.opponents] == ["Léa", "Bruno", "Chloé"]
    # Bruno is not asked: a bot plays his seat, to the end of the hand.
    end = play_to_the_end(host, live, step, table_of(play(host, live, step, other, table.move)))
    assert [line.name for line in end.practice.result.lines] == ["Vous", "Léa", "Bruno", "Chloé"]
