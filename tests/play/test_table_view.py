"""The game page: the whole page for a visit, the `#table` partial for htmx."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from play.models import Game
from play.positions import load_position
from play.seating import SOLO_PERSPECTIVE
from play.table_view import table_state
from tests.driving import play_until
from tests.visits import (
    HTMX,
    game_url,
    hand_over,
    pass_now,
    scripted_game,
    start_game,
)
from tutorial.services import start_tutorial

pytestmark = pytest.mark.django_db

# Each seat holds one whole suit; the human holds the clubs, leads every trick and takes
# every point: a moon.
MOON_HANDS = {
    0: " ".join(rank + "C" for rank in "23456789TJQKA"),
    1: " ".join(rank + "D" for rank in "23456789TJQKA"),
    2: " ".join(rank + "H" for rank in "23456789TJQKA"),
    3: " ".join(rank + "S" for rank in "23456789TJQKA"),
}
MOON_PLAYS = " ".join(f"{rank}C {rank}D {rank}H {rank}S" for rank in "23456789TJQKA")


def page_of(client, game, **headers) -> str:
    response = client.get(game_url("table", game), **headers)
    assert response.status_code == 200
    return response.content.decode()


def test_a_visit_gets_the_whole_page(guest):
    game = start_game(guest)

    response = guest.get(game_url("table", game))

    page = response.content.decode()
    assert page.startswith("<!DOCTYPE html>")
    assert '<section id="table"' in page
    assert "/static/js/table.js" in page
    assert "HX-Request" in response["Vary"]


def test_htmx_gets_only_the_table_and_no_cache_keeps_it(guest):
    game = start_game(guest)

    response = guest.get(game_url("table", game), **HTMX)

    page = response.content.decode()
    assert page.lstrip().startswith('<section id="table"')
    assert "<html" not in page
    assert "HX-Request" in response["Vary"]
    assert "no-store" in response["Cache-Control"]


def test_a_history_restore_gets_the_whole_page_even_when_sent_by_htmx(guest):
    game = start_game(guest)

    page = page_of(guest, game, HTTP_HX_REQUEST="true", HTTP_HX_HISTORY_RESTORE_REQUEST="true")

    assert page.startswith("<!DOCTYPE html>")


def test_htmx_is_configured_to_restore_history_with_a_whole_page(guest):
    page = page_of(guest, start_game(guest))

    assert '"historyRestoreAsHxRequest": false' in page


def test_passing_offers_three_cards_to_choose_and_the_hands_direction(guest):
    page = page_of(guest, start_game(guest))

    assert page.count('type="checkbox" name="cards"') == 13
    assert "Passer à gauche" in page
    assert "Choisissez 3 cartes à passer à Léa." in page
    assert len(re.findall(r"data-hint[\s>]", page)) == 3  # Indice's three suggested cards


def test_the_second_hand_passes_to_the_right(guest, guest_owner):
    game = play_until(start_game(guest), guest_owner, hand_over)
    guest.post(game_url("next_hand", game), {"move": game.move_count})

    assert "Passer à droite" in page_of(guest, game)


def test_a_no_pass_hand_says_so_and_play_starts(guest, guest_owner):
    page = page_of(guest, scripted_game(guest_owner))

    assert "Pas de passe cette manche" in page
    assert page.count('type="radio" name="card"') == 13
    assert "Vous avez le ♣2 : il ouvre le premier pli." in page


def test_received_cards_are_marked_until_the_first_card_is_played(guest, guest_owner):
    game = start_game(guest)
    pass_now(guest, game)

    assert page_of(guest, game).count('<span class="received"') == 3

    play_until(game, guest_owner, lambda position: len(position.deal.hand(0)) < 13)
    assert '<span class="received"' not in page_of(guest, game)


def test_dimmed_cards_carry_the_rules_reason(guest, guest_owner):
    # Seat 3 won the first trick and leads a diamond: the human must follow.
    page = page_of(guest, scripted_game(guest_owner, "2C 7C JC AC 2D"))

    assert page.count('data-reason="Vous devez fournir à carreau"') == 9
    assert page.count('class="hand__card is-dimmed') == 9
    assert 'aria-label="5 de carreau"' in page


def test_the_trick_shows_each_card_at_its_players_side(guest, guest_owner):
    page = page_of(guest, scripted_game(guest_owner, "2C 7C JC AC 2D"))

    assert 'class="played played--right" role="img" aria-label="Chloé : 2 de carreau"' in page
    # The caption under an empty trick is gone; « Dernier pli » still shows the first one.
    assert "trick__caption" not in page


def test_the_last_trick_control_shows_who_played_what_and_who_took_it(guest, guest_owner):
    page = page_of(guest, scripted_game(guest_owner, "2C 7C JC AC 2D"))

    panel = page[page.index('<details class="last-trick">') :]
    panel = panel[: panel.index("</details>")]
    assert "Dernier pli" in panel
    assert re.findall(r'last-trick__name">([^<]+)<', panel) == ["Vous", "Léa", "Hugo", "Chloé"]
    for name in ("2 de trèfle", "7 de trèfle", "Valet de trèfle", "As de trèfle"):
        assert f'<span class="visually-hidden">{name}</span>' in panel
    assert "Pris par Chloé : 0 point" in panel


def test_before_the_first_trick_ends_there_is_no_last_trick(guest, guest_owner):
    page = page_of(guest, scripted_game(guest_owner, "2C 7C JC"))

    assert "last-trick" not in page


def test_an_empty_trick_names_who_took_the_last_one(guest, guest_owner):
    page = page_of(guest, scripted_game(guest_owner, "2C 7C JC AC"))

    assert "Dernier pli pour Chloé : 0 point." in page


def test_markers_show_hearts_open_and_the_queen_played(guest, guest_owner):
    hearts = page_of(guest, scripted_game(guest_owner, "2C 7C JC AC 2D 5D 8D AD KC TH 3C 8C"))
    queen = page_of(guest, scripted_game(guest_owner, "2C 7C JC AC QS 2S 5S 8S"))

    assert "♥ Cœurs ouverts" in hearts
    assert "♠Q jouée" not in hearts
    assert "♠Q jouée" in queen
    assert "♥ Cœurs ouverts" not in queen


def test_a_seat_that_took_every_point_shows_the_moon_threat(guest, guest_owner):
    page = page_of(guest, scripted_game(guest_owner, "2C 7C JC AC QS 2S 5S 8S"))

    # One badge (the page's script also carries the words, to show it during a replay).
    assert page.count('class="badge badge--moon"') == 1
    chloe = re.search(r'<div class="seat seat--right[^"]*">(.*?)</div>', page, re.S).group(1)
    assert "Menace de lune" in chloe


def test_each_seat_shows_its_hand_points_and_total(guest, guest_owner):
    page = page_of(guest, scripted_game(guest_owner, "2C 7C JC AC QS 2S 5S 8S"))

    assert re.search(
        r"Chloé</span>\s*<span class=\"seat__score\">\s*"
        r"<span class=\"seat__points\">13 pts</span>",
        page,
    )
    assert page.count("Total 0") == 4


def test_the_hand_result_shows_the_points_totals_and_next_hand(guest, guest_owner):
    game = play_until(start_game(guest), guest_owner, hand_over)

    page = page_of(guest, game)

    assert "Fin de la manche 1" in page
    assert "Manche suivante" in page
    assert page.count('<th scope="row" class="scores__name">') == 4
    assert "Victoire" not in page


def test_a_moon_is_announced_in_the_hand_result(guest, guest_owner):
    page = page_of(guest, scripted_game(guest_owner, MOON_PLAYS, hands=MOON_HANDS))

    assert "Vous avez tiré la lune !" in page
    # The seats behind the panel say what the panel says: 0 for the shooter, 26 for the
    # others, and no « Menace de lune » once the hand is over (issue 11, bug 4).
    you = re.search(r'<div class="seat seat--bottom[^"]*">(.*?)</div>', page, re.S).group(1)
    assert '<span class="seat__points">0 pt</span>' in you
    assert page.count('<span class="seat__points">26 pts</span>') == 3
    assert 'class="badge badge--moon"' not in page


def finished_game(guest, guest_owner, winner: int) -> Game:
    game = play_until(start_game(guest), guest_owner, hand_over)
    totals = [60, 60, 60, 60]
    totals[winner] = 20
    totals[(winner + 1) % 4] = 104
    Game.objects.filter(pk=game.pk).update(status="finished", winner=winner, totals=totals)
    return game


def test_a_won_game_says_victory_with_the_ranking_and_replay(guest, guest_owner):
    page = page_of(guest, finished_game(guest, guest_owner, winner=0))

    assert "Victoire" in page
    assert "Rejouer" in page
    assert "Manche suivante" not in page
    ranks = re.findall(r"<td>(\d)</td>\s*<th scope=\"row\" class=\"scores__name\">(\w+)</th>", page)
    assert ranks[0] == ("1", "Vous")
    assert ranks[-1] == ("4", "Léa")
    # It looks like one: the suits rain over the table (table.css stops them when motion
    # is reduced), and the panel's ways on are separate buttons.
    assert 'class="result result--victory"' in page
    assert page.count('class="celebration__suit') == 24
    actions = page[page.index('<div class="result__actions">') :]
    for label in ("Rejouer", "Revoir la partie", "Accueil", "Feuille de marque"):
        assert re.search(rf'class="btn[^"]*"[^>]*>{label}<', actions), label


def test_a_lost_game_says_defeat(guest, guest_owner):
    page = page_of(guest, finished_game(guest, guest_owner, winner=2))

    assert "Défaite" in page
    assert "Victoire" not in page
    assert 'class="result result--defeat"' in page
    assert "celebration" not in page


def test_training_mode_advises_and_shows_the_cards_played(guest, guest_owner):
    game = scripted_game(guest_owner, "2C 7C JC AC 2D", training=True)

    page = page_of(guest, game)

    assert "Conseil :" in page
    assert "Cartes jouées" in page
    assert page.count("record__rank--played") == 5


def test_without_training_mode_no_advice_is_shown_but_indice_is_offered(guest, guest_owner):
    page = page_of(guest, scripted_game(guest_owner, "2C 7C JC AC 2D"))

    assert "Conseil :" not in page
    assert "Cartes jouées" not in page
    assert "Indice" in page


def test_the_menu_says_a_new_level_applies_from_the_next_hand(guest):
    page = page_of(guest, start_game(guest))

    assert "Le nouveau niveau s’applique à partir de la manche suivante." in page
    assert 'value="normal" checked' in page


def test_cards_are_named_in_french_for_screen_readers(guest, guest_owner):
    page = page_of(guest, scripted_game(guest_owner))

    assert 'aria-label="2 de trèfle"' in page
    assert 'aria-label="3 de cœur : Le ♣2 doit ouvrir le premier pli"' in page
    assert 'aria-live="polite"' in page


def test_the_hand_alternates_colours_by_suit(guest, guest_owner):
    page = page_of(guest, scripted_game(guest_owner))

    suits = re.findall(r'name="card" value="\w(\w)"', page)
    assert "".join(dict.fromkeys(suits)) == "CHSD"


def test_the_page_refuses_a_post(guest):
    assert guest.post(game_url("table", start_game(guest))).status_code == 405


def test_a_tutorial_game_opens_on_the_tutorial_page(guest, guest_owner):
    game = start_tutorial(owner=guest_owner)
    response = guest.get(game_url("table", game))
    assert response.status_code == 302
    assert response["Location"] == reverse("tutorial:index")


def test_the_bar_says_the_level_the_bots_play_at(guest):
    game = start_game(guest, difficulty="hard")

    page = page_of(guest, game)

    assert '<span class="table__level">Robots : Difficile</span>' in page


def test_each_replayed_card_carries_the_card_backs_left_and_whose_turn_follows(guest_owner):
    # Chloé takes the first trick with the ♣A and leads the ♦2: the player follows.
    position = load_position(scripted_game(guest_owner, "2C 7C JC AC 2D"))
    view = position.deal.view(0)

    def state(played: int) -> dict:
        return json.loads(table_state(view, played, SOLO_PERSPECTIVE))

    assert state(3)["turn"] == "right"
    assert state(3)["cards"] == {
        "bottom": [12, "12 cartes"],
        "left": [12, "12 cartes"],
        "top": [12, "12 cartes"],
        "right": [13, "13 cartes"],
    }
    assert state(4)["turn"] == "right"  # the trick's taker leads the next
    assert state(5)["turn"] == "bottom"
    assert state(5)["cards"]["right"] == [11, "11 cartes"]
    assert state(0)["turn"] is None


def test_opponents_show_their_card_backs_and_the_seat_to_play_glows(guest, guest_owner):
    page = page_of(guest, scripted_game(guest_owner, "2C 7C JC AC 2D"))

    assert re.findall(r'data-cards="(\d+)"', page) == ["12", "12", "11"]
    assert '<span class="seat__cards-label visually-hidden">11 cartes</span>' in page
    assert "seat seat--bottom is-turn" in page
    assert "is-turn" not in page.replace("seat seat--bottom is-turn", "")


def test_the_cards_passed_are_recalled_during_the_hand(guest):
    game = start_game(guest)
    pass_now(guest, game)

    page = page_of(guest, game)

    reminder = page[page.index('<p class="passed">') :]
    reminder = reminder[: reminder.index("</p>")]
    assert "Passées à Léa :" in reminder
    assert len(re.findall(r'class="passed__card', reminder)) == 3
    assert "Vous avez passé à Léa : " in reminder
