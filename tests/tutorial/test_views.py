"""« Apprendre à jouer » on the web: the invitation, the game's table with the notes beside
it, one thin view per action, the summary at the end, and the home page's link."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from game.bots import make_bot
from play import positions as game_positions, services as game_services
from play.models import Game
from play.seats import HUMAN
from tests.tutorial.helpers import follow_the_hint, position
from tests.visits import HTMX, game_url, owner_of_client, scripted_game
from tutorial import services
from tutorial.deal import HINT_PATH
from tutorial.models import TutorialCompletion

pytestmark = pytest.mark.django_db

INDEX = "/apprendre/"


def url(name: str, game: Game) -> str:
    return reverse(f"tutorial:{name}", args=[game.pk])


def new_notes(html: str) -> list[str]:
    return re.findall(r'class="note note--new" data-note="(\w+)"', html)


def start(client: Client) -> Game:
    response = client.post(reverse("tutorial:start"))
    assert response.status_code == 302 and response["Location"] == INDEX
    return services.current_tutorial(owner_of_client(client))


def hint_pass(game: Game) -> list[str]:
    view = position(game).deal.view(HUMAN)
    return [card.code for card in make_bot("normal", seed=game.seed).choose_pass(view)]


def test_the_tutorial_is_mounted_at_apprendre():
    assert reverse("tutorial:index") == INDEX


def test_a_visitor_without_a_tutorial_is_invited_to_start_one(client):
    page = client.get(INDEX).content.decode()
    assert "Apprendre à jouer" in page
    assert f'action="{reverse("tutorial:start")}"' in page
    assert not Game.objects.exists()  # nothing is written by a visit


def test_starting_shows_the_table_with_the_first_two_notes(client):
    game = start(client)
    response = client.get(INDEX)
    page = response.content.decode()
    assert response.status_code == 200
    assert new_notes(page) == ["welcome", "passing"]
    assert 'id="table"' in page and 'id="tutorial-notes"' in page
    assert f'action="{url("pass_cards", game)}"' in page
    assert "Passer à gauche" in page
    # The tutorial's bots are fixed: the table's menu offers no level.
    assert "Changer le niveau" not in page
    assert "Apprendre à jouer · Dame de Pique" in page


def test_a_pass_brings_the_notes_of_the_first_trick_with_the_table(client):
    game = start(client)
    response = client.post(
        url("pass_cards", game), {"cards": hint_pass(game), "move": game.move_count}, **HTMX
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert page.lstrip().startswith('<section id="table"')
    assert re.search(r'<aside id="tutorial-notes" [^>]*hx-swap-oob="true">', page)
    assert new_notes(page) == list(HINT_PATH[1])
    assert "<html" not in page


def test_a_plain_post_comes_back_to_the_tutorial(client):
    game = start(client)
    response = client.post(url("pass_cards", game), {"cards": hint_pass(game), "move": 3})
    assert response.status_code == 302 and response["Location"] == INDEX


def test_a_refused_card_says_why_and_keeps_the_notes(client):
    game = start(client)
    client.post(url("pass_cards", game), {"cards": hint_pass(game), "move": game.move_count})
    game.refresh_from_db()
    deal = position(game).deal
    refused = next(card for card in deal.hand(HUMAN) if card not in deal.legal_cards(HUMAN))
    response = client.post(
        url("play_card", game), {"card": refused.code, "move": game.move_count}, **HTMX
    )
    page = response.content.decode()
    assert response.status_code == 409
    assert "Vous devez fournir à trèfle" in page
    assert new_notes(page) == list(HINT_PATH[1])


def test_a_post_that_cannot_be_read_shows_the_tutorial_table(client):
    game = start(client)
    response = client.post(url("play_card", game), {"card": "2C"}, **HTMX)
    assert response.status_code == 400
    assert "tutorial-notes" in response.content.decode()


def test_an_action_is_post_only(client):
    game = start(client)
    assert client.get(url("advance", game)).status_code == 405


def test_someone_elses_tutorial_is_not_found(client, other_guest):
    game = start(other_guest)
    start(client)
    response = client.post(url("play_card", game), {"card": "2C", "move": 3})
    assert response.status_code == 404
    assert client.post(url("play_card", game), {"card": "2C"}).status_code == 404


def test_a_solo_game_is_not_played_through_the_tutorial(client):
    start(client)
    solo = game_services.start_game(owner=owner_of_client(client))
    response = client.post(url("advance", solo))
    assert response.status_code == 404


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("play_card", {"card": "2C", "move": 3}),
        ("pass_cards", {"cards": ["2C", "3C", "4C"], "move": 0}),
        ("advance", {}),
        ("next_hand", {"move": 3}),
        ("change_difficulty", {"difficulty": "hard"}),
        ("play_again", {}),
        ("review:share", {}),
    ],
)
def test_a_lesson_is_not_played_nor_shared_through_the_solo_games_addresses(client, name, data):
    game = start(client)
    before = Game.objects.filter(pk=game.pk).values().get()
    games = Game.objects.count()

    response = client.post(game_url(name, game), data)

    assert response.status_code == 404
    assert Game.objects.filter(pk=game.pk).values().get() == before
    assert Game.objects.count() == games


def test_a_finished_lesson_is_not_played_again_through_the_solo_game(client):
    game = follow_the_hint(start(client), owner_of_client(client))
    games = Game.objects.count()

    assert client.post(game_url("play_again", game)).status_code == 404
    assert client.post(game_url("review:share", game)).status_code == 404
    assert Game.objects.count() == games
    assert Game.objects.get(pk=game.pk).share_token is None


def test_the_solo_table_address_of_a_lesson_leads_to_the_tutorial(client):
    game = start(client)
    response = client.get(game_url("table", game))
    assert response.status_code == 302 and response["Location"] == INDEX


def test_reloading_shows_the_same_card_and_the_same_notes(client):
    game = start(client)
    client.post(url("pass_cards", game), {"cards": hint_pass(game), "move": game.move_count})
    first = client.get(INDEX).content.decode()
    again = client.get(INDEX).content.decode()
    strip = re.compile(
        r'name="csrfmiddlewaretoken" value="[^"]+"|"X-CSRFToken": "[^"]+"|nonce="[^"]+"'
    )
    assert strip.sub("", first) == strip.sub("", again)
    assert new_notes(again) == list(HINT_PATH[1])
    assert "Déjà lues : 2 notes" in again


def test_the_end_explains_the_score_and_offers_a_real_game(client):
    game = follow_the_hint(start(client), owner_of_client(client))
    page = client.get(INDEX).content.decode()
    assert "Tutoriel terminé" in page
    assert new_notes(page) == ["scoring"]
    assert "Vous n’avez ramassé aucun point" in page
    assert f'action="{reverse("game:new_game")}"' in page
    assert "Jouer une vraie partie" in page
    # The summary takes the place of the game's own result panel.
    assert "Manche suivante" not in page and "Victoire" not in page and "Défaite" not in page
    assert "note--missed" not in page
    assert "Vous connaissez maintenant toutes les règles." in page
    assert game.is_finished


def test_notes_the_deal_never_brought_are_in_the_summary(guest):
    # A tutorial dealt as a no-pass hand: it never shows a pass nor received cards.
    owner = owner_of_client(guest)
    game = scripted_game(owner, kind=Game.Kind.TUTORIAL, hand_limit=4)  # its one hand is no. 4
    learner = make_bot("normal", seed=1)
    while not position(game).game.is_finished:
        current = position(game)
        if game_positions.bots_pending(current):
            services.advance(game_id=game.pk, owner=owner)
        else:
            card = learner.choose_play(current.deal.view(HUMAN))
            services.play_card(game_id=game.pk, owner=owner, card_code=card.code)
    page = guest.get(INDEX).content.decode()
    missed = re.findall(r'class="note note--missed" data-note="(\w+)"', page)
    assert {"passing", "received"} <= set(missed)
    assert "Ce que cette manche ne vous a pas montré" in page
    # Not « toutes les règles »: some were only read in the summary.
    assert "toutes les règles" not in page
    assert "les notes ci-dessus disent ce que cette manche ne vous a pas montré" in page


def test_starting_again_deals_the_tutorial_afresh(client):
    game = follow_the_hint(start(client), owner_of_client(client))
    response = client.post(reverse("tutorial:start"), **HTMX)
    assert response["HX-Redirect"] == INDEX
    again = services.current_tutorial(owner_of_client(client))
    assert again.pk != game.pk and not again.is_finished
    assert new_notes(client.get(INDEX).content.decode()) == ["welcome", "passing"]


def test_home_offers_the_tutorial_and_marks_it_done_for_a_player_who_finished(client):
    user = get_user_model().objects.create_user("noa", password="pique-dame-2024")
    client.force_login(user)
    page = client.get("/").content.decode()
    assert f'href="{INDEX}"' in page and "Tutoriel terminé ✓" not in page
    TutorialCompletion.objects.create(user=user)
    assert "Tutoriel terminé ✓" in client.get("/").content.decode()


def test_a_tutorial_is_not_a_game_in_progress_on_the_home_page(client):
    start(client)
    assert "Parties en cours" not in client.get("/").content.decode()


def test_the_solo_tables_menu_leads_to_the_tutorial(client):
    response = client.post(reverse("game:new_game"))
    page = client.get(response["Location"]).content.decode()
    assert f'<a class="menu__link" href="{INDEX}">Apprendre à jouer</a>' in page
    assert "Changer le niveau" in page


def test_the_tutorials_own_table_does_not_offer_a_link_to_itself(client):
    start(client)
    page = client.get(INDEX).content.decode()
    assert f'<a class="menu__link" href="{INDEX}">' not in page
    assert f'<a class="menu__link" href="{reverse("game:home")}">' in page
