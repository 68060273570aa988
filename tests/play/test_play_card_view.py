"""Playing a card from the table (« Jouer »)."""

from __future__ import annotations

import pytest
from django.test import Client

from play.models import Game
from tests.visits import HTMX, game_url, scripted_game, start_game

pytestmark = pytest.mark.django_db

# Seat 3 won the first trick and led 2♦: the human holds 5♦ 6♦ 7♦ and must follow.
HUMAN_MUST_FOLLOW_DIAMONDS = "2C 7C JC AC 2D"


def play(client: Client, game: Game, card: str, move: int | None = None, **headers):
    move = game.move_count if move is None else move
    return client.post(game_url("play_card", game), {"card": card, "move": move}, **headers)


def unchanged(game: Game) -> bool:
    return Game.objects.get(pk=game.pk).move_count == game.move_count


def test_a_legal_card_answers_htmx_with_the_table_and_the_moves_to_replay(guest, guest_owner):
    game = scripted_game(guest_owner, HUMAN_MUST_FOLLOW_DIAMONDS)

    response = play(guest, game, "5D", **HTMX)

    page = response.content.decode()
    assert response.status_code == 200
    assert page.lstrip().startswith('<section id="table"')
    assert "data-replay-steps" in page
    assert 'aria-label="Vous : 5 de carreau"' in page
    assert "data-wins=" in page  # the trick completed by the bots, and where it went
    assert Game.objects.get(pk=game.pk).move_count > game.move_count


def test_the_replay_starts_from_the_cards_already_in_the_trick(guest, guest_owner):
    game = scripted_game(guest_owner, HUMAN_MUST_FOLLOW_DIAMONDS)

    page = play(guest, game, "5D", **HTMX).content.decode()

    start = page[page.index("data-replay-start") : page.index("data-replay-steps")]
    assert 'aria-label="Chloé : 2 de carreau"' in start


def test_a_plain_form_post_is_redirected_back_to_the_table(guest, guest_owner):
    game = scripted_game(guest_owner, HUMAN_MUST_FOLLOW_DIAMONDS)

    response = play(guest, game, "5D")

    assert response.status_code == 302
    assert response["Location"] == game_url("table", game)


def test_an_illegal_card_shows_the_rules_reason_and_changes_nothing(guest, guest_owner):
    game = scripted_game(guest_owner, HUMAN_MUST_FOLLOW_DIAMONDS)

    response = play(guest, game, "3C", **HTMX)

    assert response.status_code == 409
    assert "Vous devez fournir à carreau" in response.content.decode()
    assert unchanged(game)


def test_a_plain_form_post_of_an_illegal_card_shows_the_whole_page_with_the_reason(
    guest, guest_owner
):
    game = scripted_game(guest_owner, HUMAN_MUST_FOLLOW_DIAMONDS)

    response = play(guest, game, "3C")

    page = response.content.decode()
    assert response.status_code == 409
    assert page.startswith("<!DOCTYPE html>")
    assert "Vous devez fournir à carreau" in page


@pytest.mark.parametrize(
    ("card", "message"),
    [
        ("ZZ", "Carte inconnue."),
        ("7C", "Cette carte n’est pas dans votre main"),
    ],
    ids=["unknown-code", "not-in-hand"],
)
def test_a_card_the_human_does_not_hold_is_refused(guest, guest_owner, card, message):
    game = scripted_game(guest_owner, HUMAN_MUST_FOLLOW_DIAMONDS)

    response = play(guest, game, card, **HTMX)

    assert response.status_code == 409
    assert message in response.content.decode()
    assert unchanged(game)


def test_playing_out_of_turn_is_refused(guest, guest_owner):
    game = scripted_game(guest_owner, "2C")  # Léa is to play

    response = play(guest, game, "3C", **HTMX)

    assert response.status_code == 409
    assert "Ce n’est pas à vous de jouer" in response.content.decode()
    assert unchanged(game)


def test_playing_while_passing_is_refused(guest):
    game = start_game(guest)

    response = play(guest, game, "2C", **HTMX)

    assert response.status_code == 409
    assert "Choisissez d’abord les 3 cartes à passer" in response.content.decode()
    assert unchanged(game)


def test_a_repeated_submission_is_refused_as_already_done(guest, guest_owner):
    game = scripted_game(guest_owner, HUMAN_MUST_FOLLOW_DIAMONDS)
    play(guest, game, "5D", **HTMX)
    after_first = Game.objects.get(pk=game.pk).move_count

    response = play(guest, game, "5D", move=game.move_count, **HTMX)

    assert response.status_code == 409
    assert "Cette action a déjà été prise en compte." in response.content.decode()
    assert Game.objects.get(pk=game.pk).move_count == after_first


def test_a_stale_tab_playing_another_card_is_told_the_table_moved_on(guest, guest_owner):
    game = scripted_game(guest_owner, HUMAN_MUST_FOLLOW_DIAMONDS)
    drawn_at = game.move_count
    play(guest, game, "5D", **HTMX)
    after_first = Game.objects.get(pk=game.pk).move_count

    # The other tab was drawn before the 5♦ and tries the 6♦.
    response = play(guest, game, "6D", move=drawn_at, **HTMX)

    html = response.content.decode()
    assert response.status_code == 409
    assert "La partie a avancé entre-temps : votre carte n’a pas été jouée." in html
    assert "déjà été prise en compte" not in html
    assert f'data-move="{after_first}"' in html  # the table as it is now
    assert Game.objects.get(pk=game.pk).move_count == after_first


def test_a_finished_game_refuses_a_card(guest, guest_owner):
    game = scripted_game(guest_owner, HUMAN_MUST_FOLLOW_DIAMONDS, status="finished", winner=0)

    response = play(guest, game, "5D", **HTMX)

    assert response.status_code == 409
    assert "La partie est terminée." in response.content.decode()
    assert unchanged(game)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"card": "5D"}, "Cette page n’est plus à jour : rechargez-la."),
        ({"card": "5D", "move": "cinq"}, "Cette page n’est plus à jour : rechargez-la."),
        ({"card": "5D", "move": "-1"}, "Cette page n’est plus à jour : rechargez-la."),
        ({"move": "5"}, "Choisissez d’abord une carte."),
        ({"card": "10 de cœur", "move": "5"}, "Assurez-vous"),
    ],
    ids=["no-move", "move-not-a-number", "negative-move", "no-card", "card-too-long"],
)
def test_a_post_the_table_cannot_read_says_why_and_changes_nothing(
    guest, guest_owner, data, message
):
    game = scripted_game(guest_owner, HUMAN_MUST_FOLLOW_DIAMONDS)

    response = guest.post(game_url("play_card", game), data, **HTMX)

    assert response.status_code == 400
    assert message in response.content.decode()
    assert unchanged(game)


def test_the_action_only_answers_posts(guest, guest_owner):
    game = scripted_game(guest_owner, HUMAN_MUST_FOLLOW_DIAMONDS)

    response = guest.get(game_url("play_card", game))

    assert response.status_code == 405
    assert "Cette adresse ne sert qu’à jouer depuis la table." in response.content.decode()


def test_a_post_without_the_csrf_token_is_forbidden(guest, guest_owner):
    game = scripted_game(guest_owner, HUMAN_MUST_FOLLOW_DIAMONDS)
    strict = Client(enforce_csrf_checks=True)
    strict.cookies = guest.cookies

    response = play(strict, game, "5D", **HTMX)

    assert response.status_code == 403
    assert unchanged(game)


def test_a_card_play_through_the_view_costs_few_queries(
    guest, guest_owner, django_assert_max_num_queries
):
    game = scripted_game(guest_owner, HUMAN_MUST_FOLLOW_DIAMONDS)

    # Session, lock the game with its hand, its moves, insert the moves, update the game.
    with django_assert_max_num_queries(8):
        response = play(guest, game, "5D", **HTMX)

    assert response.status_code == 200
