"""« Mes parties »: every game of the visitor's, newest first, twenty a page, by result."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from play.models import Game
from play.ownership import Owner
from tests.review.builders import recorded_game
from tests.visits import owner_of_client

pytestmark = pytest.mark.django_db

HISTORY = reverse("review:history")


def quick_games(owner: Owner, count: int, **fields) -> list[Game]:
    """Bare games (no hands): the list reads only the games' own columns."""
    now = timezone.now()
    games = Game.objects.bulk_create(
        Game(**owner.as_fields(), seed=number, totals=[0, 0, 0, 0], **fields)
        for number in range(count)
    )
    for age, game in enumerate(games):
        Game.objects.filter(pk=game.pk).update(created_at=now - timedelta(minutes=age))
    return games


def rows_of(response) -> list[Game]:
    return [row.game for row in response.context["history"].rows]


def test_a_guest_sees_their_games_newest_first_with_their_result_and_totals(guest):
    owner = owner_of_client(guest)
    won = recorded_game(owner, winner=0, seed=1)
    lost = recorded_game(owner, winner=2, seed=2)
    playing = recorded_game(owner, finished=False, plays_in_last=3, seed=3)

    response = guest.get(HISTORY)

    assert response.status_code == 200
    assert rows_of(response) == [playing, lost, won]
    html = response.content.decode()
    assert html.count("Victoire") == 1 and html.count("Défaite") == 1
    assert f"Vous <strong>{won.totals[0]}</strong>" in html
    assert "en 100 points" in html and "Facile" in html
    assert reverse("game:table", args=[playing.pk]) in html
    assert reverse("review:replay", args=[lost.pk]) in html


@pytest.mark.parametrize(
    "result, expected",
    [("gagnees", ["won"]), ("perdues", ["lost"]), ("en-cours", ["playing"]), ("", None)],
)
def test_the_filter_keeps_the_games_of_one_result(guest, result, expected):
    owner = owner_of_client(guest)
    games = {
        "won": recorded_game(owner, winner=0, hands=1, seed=1),
        "lost": recorded_game(owner, winner=1, hands=1, seed=2),
        "playing": recorded_game(owner, finished=False, hands=1, plays_in_last=2, seed=3),
    }

    response = guest.get(HISTORY, {"resultat": result})

    wanted = expected or ["playing", "lost", "won"]
    assert rows_of(response) == [games[name] for name in wanted]


def test_an_unknown_filter_shows_every_game(guest):
    quick_games(owner_of_client(guest), 3)

    response = guest.get(HISTORY, {"resultat": "toutes'--"})

    assert len(rows_of(response)) == 3
    assert response.context["history"].result == ""


def test_twenty_games_a_page_and_the_filter_follows_the_pages(guest):
    owner = owner_of_client(guest)
    games = quick_games(owner, 25, status=Game.Status.FINISHED, winner=0)

    first = guest.get(HISTORY, {"resultat": "gagnees"})
    second = guest.get(HISTORY, {"resultat": "gagnees", "page": 2})
    beyond = guest.get(HISTORY, {"page": 99})

    assert rows_of(first) == games[:20]
    assert rows_of(second) == games[20:]
    assert "?resultat=gagnees&amp;page=2" in first.content.decode()
    assert rows_of(beyond) == games[20:]


def test_other_visitors_games_and_tutorials_are_not_listed(guest, other_guest, member):
    mine = quick_games(owner_of_client(guest), 1)
    quick_games(owner_of_client(guest), 1, kind=Game.Kind.TUTORIAL)
    quick_games(owner_of_client(other_guest), 2)
    member.get(HISTORY)

    assert rows_of(guest.get(HISTORY)) == mine
    assert rows_of(member.get(HISTORY)) == []


def test_a_visitor_who_never_played_is_invited_to(client):
    response = client.get(HISTORY)

    assert response.status_code == 200
    assert "Vous n’avez pas encore joué de partie." in response.content.decode()
    assert "guest_id" not in client.session


def test_the_list_costs_the_same_few_queries_for_a_full_page(guest, django_assert_max_num_queries):
    quick_games(owner_of_client(guest), 45)

    with django_assert_max_num_queries(4):
        response = guest.get(HISTORY)

    assert len(rows_of(response)) == 20


def test_the_header_links_to_the_history(client):
    assert f'href="{HISTORY}"' in client.get(reverse("game:home")).content.decode()


def test_dates_read_as_french_abbreviates_them_1_dec_2026(guest):
    game = quick_games(owner_of_client(guest), 1)[0]
    december = timezone.make_aware(datetime(2026, 12, 1, 15, 30))
    Game.objects.filter(pk=game.pk).update(created_at=december)

    page = guest.get(HISTORY).content.decode()

    assert "1 déc. 2026" in page
    assert "Déc 2026" not in page
