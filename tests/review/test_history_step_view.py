"""One step of a hand's replay: its own address, the owner's only, nothing hidden shown
while the game is in progress."""

from __future__ import annotations

import pytest
from django.urls import reverse

from play.cardnames import full_name
from play.seats import BOT_SEATS, HUMAN
from tests.review.builders import dealt_cards, recorded_game
from tests.visits import HTMX, owner_of_client

pytestmark = pytest.mark.django_db


def step_url(game, hand: int, step: int) -> str:
    return reverse("review:replay_step", args=[game.pk, hand, step])


def page(client, url: str, **headers) -> str:
    response = client.get(url, **headers)
    assert response.status_code == 200
    return response.content.decode()


def test_the_deal_of_a_finished_game_shows_all_four_hands(guest):
    game = recorded_game(owner_of_client(guest))

    html = page(guest, step_url(game, 1, 0))

    for seat in range(4):
        for card in dealt_cards(game, 1, seat):
            assert full_name(card) in html
    assert "La donne : chacun passera 3 cartes à gauche." in html
    assert "Étape 0 / 53" in html


def test_the_exchange_shows_what_each_seat_passed_and_received(guest):
    game = recorded_game(owner_of_client(guest))

    html = page(guest, step_url(game, 1, 1))

    assert "L’échange : chacun a passé 3 cartes à gauche." in html
    assert html.count("Passées à") == 4
    assert html.count("Reçues de") == 4
    assert "(reçue)" in html


def test_a_completed_trick_says_who_took_it_and_for_how_many_points(guest):
    game = recorded_game(owner_of_client(guest))

    html = page(guest, step_url(game, 1, 5))

    assert "Pli 1 pour" in html
    assert 'class="rplayed rplayed--' in html and "is-winner" in html


def test_a_game_in_progress_hides_the_bots_hands_even_in_a_finished_hand(guest):
    game = recorded_game(owner_of_client(guest), hands=2, finished=False, plays_in_last=6)

    for number in (1, 2):
        html = page(guest, step_url(game, number, 0))
        for seat in BOT_SEATS:
            for card in dealt_cards(game, number, seat):
                assert full_name(card) not in html
        for card in dealt_cards(game, number, HUMAN):
            assert full_name(card) in html
        assert "13 cartes cachées" in html
        assert "Reprendre la partie" in html


def test_a_game_in_progress_shows_only_the_players_own_pass(guest):
    game = recorded_game(owner_of_client(guest), hands=2, finished=False, plays_in_last=6)

    html = page(guest, step_url(game, 2, 1))

    assert html.count("Passées à") == 1
    assert html.count("Reçues de") == 1


def test_the_hand_in_progress_stops_at_the_last_move_stored(guest):
    game = recorded_game(owner_of_client(guest), hands=2, finished=False, plays_in_last=6)

    assert guest.get(step_url(game, 2, 7)).status_code == 200
    assert guest.get(step_url(game, 2, 8)).status_code == 404
    assert guest.get(step_url(game, 3, 0)).status_code == 404


@pytest.mark.parametrize("hand, step", [(1, 54), (3, 0), (0, 0)])
def test_a_step_the_history_does_not_reach_is_not_found(guest, hand, step):
    game = recorded_game(owner_of_client(guest))

    assert guest.get(step_url(game, hand, step)).status_code == 404


def test_htmx_gets_only_the_replay(guest):
    game = recorded_game(owner_of_client(guest))

    response = guest.get(step_url(game, 1, 3), **HTMX)

    html = response.content.decode()
    assert html.lstrip().startswith('<section id="replay"')
    assert "<html" not in html
    assert "HX-Request" in response["Vary"]


def test_the_controls_lead_to_the_neighbouring_steps_and_tricks(guest):
    game = recorded_game(owner_of_client(guest))

    html = page(guest, step_url(game, 1, 3))

    for nav, target in [("first", 0), ("previous", 2), ("next", 4), ("last", 53)]:
        url = step_url(game, 1, target)
        assert f'href="{url}" hx-get="{url}" hx-push-url="true" data-nav="{nav}"' in html
    assert f'href="{step_url(game, 1, 5)}"' in html  # the end of trick 1: « Pli suivant »
    assert f'href="{step_url(game, 2, 0)}"' in html  # « Manche suivante »


def test_another_guests_replay_is_not_found(guest, other_guest):
    game = recorded_game(owner_of_client(other_guest))

    assert guest.get(step_url(game, 1, 0)).status_code == 404
    assert guest.get(step_url(game, 1, 0), **HTMX).status_code == 404


def test_another_users_replay_is_not_found(guest, member, django_user_model):
    from play.ownership import Owner

    user = django_user_model.objects.get(username="camille")
    game = recorded_game(Owner(user_id=user.pk))

    assert member.get(step_url(game, 1, 0)).status_code == 200
    assert guest.get(step_url(game, 1, 0)).status_code == 404


def test_a_visitor_without_a_session_sees_no_replay(client, other_guest):
    game = recorded_game(owner_of_client(other_guest))

    assert client.get(step_url(game, 1, 0)).status_code == 404


def test_a_replay_step_only_answers_reads(guest):
    game = recorded_game(owner_of_client(guest))

    assert guest.post(step_url(game, 1, 0)).status_code == 405
