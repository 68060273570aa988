"""« Classement » (/classement/): established players by rating with shared places, page by
page, the viewer's own row and « Votre place », the provisional players apart, and an
answer (never an error) to any address."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from ranked.models import Rating
from ranked.skill import PROVISIONAL_GAMES
from ranked.standings import ROWS_PER_PAGE

pytestmark = pytest.mark.django_db

BOARD = reverse("ranked:leaderboard")


def rated_players(
    ratings: dict[str, int], *, games: int = PROVISIONAL_GAMES, target: int = 50
) -> list[User]:
    """Accounts with a stored rating of `target` points (two queries for any number)."""
    users = User.objects.bulk_create([User(username=name) for name in ratings])
    Rating.objects.bulk_create(
        [
            Rating(user=user, target=target, shown=ratings[user.username], games=games, wins=2)
            for user in users
        ]
    )
    return users


def many_players(count: int, *, prefix: str = "joueur") -> list[User]:
    """`count` established players, the first the best, one rating each."""
    return rated_players({f"{prefix}{index:03}": 2000 - index for index in range(count)})


def board(client: Client, query: str = "") -> tuple[dict, str]:
    response = client.get(f"{BOARD}{query}")
    assert response.status_code == 200
    return response.context, response.content.decode()


def ranked_names(context: dict) -> list[tuple[int | None, str]]:
    return [(line.row.rank, line.row.username) for line in context["lines"]]


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_established_players_by_rating_equal_ratings_share_a_place(client):
    rated_players({"bruno": 1650, "alice": 1700, "dora": 1600, "chloe": 1650})

    context, html = board(client)

    assert ranked_names(context) == [(1, "alice"), (2, "bruno"), (2, "chloe"), (4, "dora")]
    assert "<title>Classement · Dame de Pique</title>" in html
    assert '<a href="/joueurs/alice/">alice</a>' in html
    first = context["lines"][0].row
    assert (first.shown, first.games, first.wins) == (1700, PROVISIONAL_GAMES, 2)
    for heading in ("Rang", "Joueur", "Classement", "Parties", "Victoires"):
        assert f'<th scope="col">{heading}</th>' in html


def test_each_length_has_its_own_board_and_links_to_the_other(client):
    rated_players({"alice": 1700})
    rated_players({"bruno": 1600}, target=100)

    short, short_html = board(client)
    full, full_html = board(client, "?partie=100")

    assert ranked_names(short) == [(1, "alice")]
    assert ranked_names(full) == [(1, "bruno")]
    assert 'href="/classement/?partie=50" aria-current="page">50 points</a>' in short_html
    assert 'href="/classement/?partie=100">100 points</a>' in short_html
    assert 'href="/classement/?partie=100" aria-current="page">100 points</a>' in full_html


def test_pages_of_fifty_keep_each_row_ranked_among_all(client):
    many_players(2 * ROWS_PER_PAGE + 20)
    # A tie across the first page's end: its last row and the second page's first share 50.
    Rating.objects.filter(user__username="joueur050").update(shown=2000 - 49)

    first, first_html = board(client)
    second, second_html = board(client, "?page=2")
    third, third_html = board(client, "?partie=50&page=3")

    assert len(first["lines"]) == len(second["lines"]) == ROWS_PER_PAGE
    assert ranked_names(first)[-1] == (50, "joueur049")
    assert ranked_names(second)[:2] == [(50, "joueur050"), (52, "joueur051")]
    assert ranked_names(third)[-1] == (120, "joueur119")
    assert len(third["lines"]) == 20
    assert "Page 2 sur 3" in second_html
    assert 'rel="prev" href="/classement/?partie=50&amp;page=1"' in second_html
    assert 'rel="next" href="/classement/?partie=50&amp;page=3"' in second_html
    assert 'rel="prev"' not in first_html and 'rel="next"' not in third_html


def test_your_row_is_marked_and_your_place_links_to_its_page():
    users = many_players(2 * ROWS_PER_PAGE + 20)
    me = users[72]
    client = signed_in(me)

    first, first_html = board(client)
    second, second_html = board(client, "?page=2")

    expected = "Votre place : 73e sur 120"
    assert f'<a href="/classement/?partie=50&amp;page=2#ma-place">{expected}</a>' in first_html
    assert first["seat"].page == 2
    assert not any(line.is_viewer for line in first["lines"])
    mine = [line for line in second["lines"] if line.is_viewer]
    assert [line.row.username for line in mine] == [me.username]
    marked = '<tr class="leaderboard__row is-you" id="ma-place" aria-current="true">'
    assert second_html.count(marked) == 1
    assert "(vous)" in second_html.split(marked)[1].split("</tr>")[0]


def test_the_best_is_first_and_equal_ratings_find_the_page_of_their_own_row():
    # Sixty players on the same rating: all first, and the 55th by name is on page 2.
    users = rated_players({f"ex{index:02}": 1800 for index in range(60)})
    top = signed_in(users[0])
    tied = signed_in(users[54])

    _context, top_html = board(top)
    context, tied_html = board(tied)

    assert "Votre place : 1er sur 60" in top_html
    assert "Votre place : 1er sur 60" in tied_html
    assert context["seat"].page == 2
    assert 'href="/classement/?partie=50&amp;page=2#ma-place"' in tied_html


def test_provisional_players_are_listed_apart_best_first_at_most_fifty(client):
    rated_players({"alice": 1700})
    rated_players({f"nouveau{index:02}": 1500 + index for index in range(55)}, games=2)
    rated_players({"jamais": 1500}, games=0)

    context, html = board(client)

    assert ranked_names(context) == [(1, "alice")]
    provisional = [line.row for line in context["provisional_lines"]]
    assert len(provisional) == 50
    assert provisional[0].username == "nouveau54" and provisional[-1].username == "nouveau05"
    assert all(row.rank is None for row in provisional)
    assert "Provisoire <small>(moins de 5 parties classées)</small>" in html
    assert "jamais" not in html
    # The provisional list comes after the board's table, in a table of its own.
    assert html.index("alice") < html.index("Provisoire") < html.index("nouveau54")


def test_a_board_of_provisional_players_only_says_why_nobody_is_ranked(client):
    """Issue 37, fault 5: « Personne n’est encore classé » above a table of four players."""
    rated_players({"ambre": 1540, "basile": 1500}, games=1)

    context, html = board(client)

    assert context["lines"] == [] and len(context["provisional_lines"]) == 2
    assert (
        "Personne n’a encore les 5 parties classées en 50 points qui font entrer au"
        " classement\u00a0: les joueurs sont sous « Provisoire »." in html
    )
    assert "Aucune partie classée" not in html


def test_a_provisional_player_has_no_place_but_sees_their_row_marked():
    (me,) = rated_players({"novice": 1520}, games=PROVISIONAL_GAMES - 1)
    rated_players({"alice": 1700})

    context, html = board(signed_in(me))

    assert context["seat"] is None
    assert "Votre place" not in html
    assert [line.is_viewer for line in context["provisional_lines"]] == [True]
    assert "(vous)" in html


def test_an_empty_board_says_so(client):
    context, html = board(client, "?partie=100")

    assert context["lines"] == [] and context["provisional_lines"] == []
    assert "Aucune partie classée n’a encore été jouée en 100 points." in html
    assert "<table" not in html


@pytest.mark.parametrize(
    ("query", "page"),
    [
        ("?page=abc", 1),
        ("?page=", 1),
        ("?page=0", 1),
        ("?page=-3", 1),
        ("?page=2.5", 1),
        ("?page=99999", 3),
        ("?page=100000000000000000000", 3),
        ("?partie=7&page=2", 2),
        ("?partie=abc", 1),
        ("?partie=", 1),
    ],
)
def test_any_address_shows_a_board_never_an_error(client, query, page):
    many_players(2 * ROWS_PER_PAGE + 20)

    context, html = board(client, query)

    assert context["board"].target == 50
    assert context["board"].page.number == page
    assert f"Page {page} sur 3" in html


def test_a_guest_may_read_it_but_not_post_to_it(client):
    rated_players({"alice": 1700})

    assert client.head(BOARD).status_code == 200
    assert client.post(BOARD).status_code == 405


@pytest.mark.parametrize("players", [3, 2 * ROWS_PER_PAGE + 20])
def test_the_board_costs_the_same_few_queries_however_many_players(
    players, django_assert_max_num_queries
):
    users = many_players(players)
    rated_players({f"nouveau{index:02}": 1500 for index in range(20)}, games=1)
    client = signed_in(users[-1])

    # Session and user, the count, the page's rows, the provisional rows, your place.
    with django_assert_max_num_queries(6):
        context, _html = board(client, "?page=2")

    assert context["seat"] is not None
