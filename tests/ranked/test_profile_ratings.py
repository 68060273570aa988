"""The ratings on an account's profile (« Parties classées »): each length's rating, « provisoire »
under five games, games played and won, the place on the board once established, the link to
the board and the chart of the latest games; none on the guest's profile."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from play.models import Game
from players.profile import Profile, Ratings
from ranked.chart import CHART, rating_chart
from ranked.models import RatedGame, Rating, RatingChange
from ranked.skill import DISPLAY_START, PROVISIONAL_GAMES
from ranked.standings import CURVE_GAMES

pytestmark = pytest.mark.django_db


def account(username: str) -> User:
    return User.objects.create_user(username, password="x" * 12)


def rated_history(user: User, target: int, ratings: list[int], *, wins: int = 0) -> None:
    """`user` played len(ratings) ranked games of `target` points, their rating after each
    being `ratings` (from 1500), stored as the ratings' write path leaves them: a finished
    game, its RatedGame, the player's RatingChange, and their Rating."""
    start = timezone.now() - timedelta(days=1)
    games = Game.objects.bulk_create(
        [
            Game(
                owner=user,
                kind=Game.Kind.LIVE,
                status=Game.Status.FINISHED,
                target=target,
                seed=number,
                totals=[target, 20, 30, 40],
                finished_at=start + timedelta(minutes=number),
            )
            for number in range(len(ratings))
        ]
    )
    rated = RatedGame.objects.bulk_create(
        [RatedGame(game=game, rated_at=game.finished_at) for game in games]
    )
    before = [DISPLAY_START, *ratings[:-1]]
    RatingChange.objects.bulk_create(
        [
            RatingChange(
                rated_game=rated_game,
                user=user,
                target=target,
                seat=0,
                rank=1 if number < wins else 4,
                won=number < wins,
                abandoned=False,
                mu_before=25,
                sigma_before=8,
                mu_after=25,
                sigma_after=8,
                shown_before=shown_before,
                shown_after=shown_after,
            )
            for number, (rated_game, shown_before, shown_after) in enumerate(
                zip(rated, before, ratings, strict=True)
            )
        ]
    )
    Rating.objects.create(
        user=user, target=target, shown=ratings[-1], games=len(ratings), wins=wins
    )


def established(username: str, shown: int, target: int = 50) -> User:
    user = account(username)
    Rating.objects.create(user=user, target=target, shown=shown, games=PROVISIONAL_GAMES)
    return user


def profile_page(client: Client, user: User) -> tuple[Profile, str]:
    response = client.get(reverse("players:profile", args=[user.get_username()]))
    assert response.status_code == 200
    return response.context["profile"], response.content.decode()


def ratings_of(profile: Profile) -> Ratings:
    (section,) = [section for section in profile.sections if isinstance(section, Ratings)]
    return section


def block(html: str, target: int) -> str:
    """The part of the page about games of `target` points."""
    opening = f'<section class="profile__rating" aria-labelledby="profile-rating-{target}">'
    assert html.count(opening) == 1
    return html.split(opening)[1].split("</section>")[0]


def chart_points(html: str) -> list[tuple[float, float]]:
    match = re.search(r'<polyline class="chart__line" points="([^"]*)">', html)
    assert match is not None
    return [(float(x), float(y)) for x, y in (point.split(",") for point in match.group(1).split())]


@pytest.fixture
def camille() -> User:
    user = account("camille")
    rated_history(user, 50, [1520, 1545, 1530, 1560, 1590, 1610, 1640], wins=3)
    rated_history(user, 100, [1480, 1510])
    return user


def test_the_profile_shows_each_length_s_rating_games_wins_and_place(client, camille):
    established("alice", 1700)
    established("bruno", 1600)

    profile, html = profile_page(client, camille)

    short, full = ratings_of(profile).lengths
    assert short.standing.rating.shown == 1640 and short.standing.place is not None
    assert short.standing.place.label == "2e sur 3"
    short_html = block(html, 50)
    assert "<h3" in short_html and "50 points</h3>" in short_html
    assert "<dt>Classement</dt><dd>1640</dd>" in short_html
    assert "<dt>Parties jouées</dt><dd>7</dd>" in short_html
    assert "<dt>Victoires</dt><dd>3</dd>" in short_html
    assert "<dt>Place</dt><dd>2e sur 3</dd>" in short_html
    assert "provisoire" not in short_html
    assert '<a href="/classement/?partie=50">Classement</a>' in short_html
    # Two games of 100 points: provisional, and not ranked.
    assert full.standing.place is None
    full_html = block(html, 100)
    assert '<dd>1510 <small class="profile__provisional">provisoire</small></dd>' in full_html
    assert "<dt>Parties jouées</dt><dd>2</dd>" in full_html
    assert "<dt>Place</dt>" not in full_html
    assert '<a href="/classement/?partie=100">Classement</a>' in full_html


def test_the_best_player_is_first(client, camille):
    profile, _html = profile_page(client, camille)

    place = ratings_of(profile).lengths[0].standing.place
    assert place is not None and place.label == "1er sur 1"


def test_each_length_draws_its_games_from_the_rating_before_the_first(client, camille):
    _profile, html = profile_page(client, camille)

    short = block(html, 50)
    assert 'role="img"' in short
    assert (
        'aria-label="Classement en 50 points sur les 7 dernières parties classées : de 1500 à 1640"'
        in short
    )
    points = chart_points(short)
    assert len(points) == 8
    # Left to right, and the best rating highest (the smallest y).
    assert [x for x, _y in points] == sorted(x for x, _y in points)
    assert min(points, key=lambda point: point[1]) == points[-1]
    assert all(0 < y < CHART.height for _x, y in points)
    assert len(chart_points(block(html, 100))) == 3
    assert "sur les 2 dernières parties classées : de 1500 à 1510" in block(html, 100)


def test_the_chart_draws_the_latest_fifty_games_only(client):
    dora = account("dora")
    ratings = [1500 + 3 * number for number in range(1, 61)]
    rated_history(dora, 100, ratings)

    profile, html = profile_page(client, dora)

    curve = ratings_of(profile).lengths[1].standing.curve
    assert len(curve) == CURVE_GAMES + 1
    # From the rating before the 11th game, which is the rating after the 10th.
    assert curve[0] == ratings[9] and curve[1:] == tuple(ratings[10:])
    assert len(chart_points(block(html, 100))) == CURVE_GAMES + 1


def test_a_length_never_played_has_no_chart(client):
    dora = account("dora")

    profile, html = profile_page(client, dora)

    for length in ratings_of(profile).lengths:
        assert length.chart == "" and length.standing.curve == ()
        assert (length.standing.rating.shown, length.standing.rating.games) == (1500, 0)
    assert "<svg" not in html
    assert html.count("Aucune partie classée pour l’instant.") == 2
    assert html.count('<small class="profile__provisional">provisoire</small>') == 2


def test_the_guest_profile_has_no_ratings(client):
    response = client.get(reverse("players:guest"))

    assert response.status_code == 200
    profile = response.context["profile"]
    assert not any(isinstance(section, Ratings) for section in profile.sections)
    assert "Parties classées" not in response.content.decode()


@pytest.mark.parametrize("games", [1, 60])
def test_the_profile_costs_the_same_few_queries_however_many_rated_games(
    client, games, django_assert_max_num_queries
):
    dora = account("dora")
    rated_history(dora, 50, [1500 + number for number in range(games)])
    rated_history(dora, 100, [1500 + number for number in range(games)])

    # An anonymous visitor: the account, the tutorial (2), the statistics (4), the recent
    # games, and the ratings (2: the ratings with their places, the latest changes).
    with django_assert_max_num_queries(10):
        profile, _html = profile_page(client, dora)

    assert [len(length.standing.curve) for length in ratings_of(profile).lengths] == [
        min(games, CURVE_GAMES) + 1
    ] * 2


def test_the_chart_escapes_its_title_and_needs_two_ratings():
    chart = rating_chart([1500, 1520], title='<script>alert("x")</script>')

    assert "<script>" not in chart
    assert "&lt;script&gt;" in chart
    assert rating_chart([1500], title="un seul") == ""
    assert rating_chart([], title="aucun") == ""


def test_a_flat_rating_is_drawn_in_the_middle_not_off_the_chart():
    points = chart_points(rating_chart([1500, 1500, 1500], title="plat"))

    assert len({y for _x, y in points}) == 1
    assert 0 < points[0][1] < CHART.height
