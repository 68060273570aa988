"""« Mes statistiques »: the player's figures, summed by the database in a few queries."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from play.models import Game, Hand
from play.ownership import Owner
from tests.visits import owner_of_client

pytestmark = pytest.mark.django_db

STATS = reverse("review:stats")
FINISHED = Game.Status.FINISHED


def game(owner: Owner, **fields) -> Game:
    fields.setdefault("totals", [0, 0, 0, 0])
    return Game.objects.create(**owner.as_fields(), seed=1, **fields)


def hand(game: Game, number: int, score: int | None, *, queen=None, moon=None) -> Hand:
    return Hand.objects.create(
        game=game,
        number=number,
        direction="left",
        difficulty=game.difficulty,
        dealt=[],
        player_score=score,
        queen_taker=queen,
        moon_shooter=moon,
    )


def stats_of(client):
    response = client.get(STATS)
    assert response.status_code == 200
    return response.context["stats"]


def test_the_figures_sum_up_the_players_games_and_hands(guest, other_guest):
    me = owner_of_client(guest)
    easy_win = game(me, status=FINISHED, winner=0, difficulty="easy", player_total=40)
    hard_loss = game(me, status=FINISHED, winner=2, difficulty="hard", target=50, player_total=60)
    game(me, status=FINISHED, winner=0, difficulty="normal", player_total=70)
    playing = game(me, difficulty="normal")
    hand(easy_win, 1, 0)
    hand(easy_win, 2, 13, queen=0)
    hand(easy_win, 3, 26, moon=1)
    hand(hard_loss, 1, 0, moon=0)
    hand(playing, 1, 5, queen=2)
    hand(playing, 2, None)
    # Neither a tutorial nor another guest's game counts.
    game(me, status=FINISHED, winner=0, kind=Game.Kind.TUTORIAL)
    hand(game(owner_of_client(other_guest), status=FINISHED, winner=0), 1, 0, moon=0)

    stats = stats_of(guest)

    assert (stats.overall.played, stats.overall.won, stats.overall.rate) == (3, 2, 67)
    assert stats.in_progress == 1
    assert [(r.label, r.played, r.won, r.rate) for r in stats.by_difficulty] == [
        ("Facile", 1, 1, 100),
        ("Normal", 1, 1, 100),
        ("Difficile", 1, 0, 0),
    ]
    assert [(r.label, r.played, r.won) for r in stats.by_target] == [
        ("50 points", 1, 0),
        ("100 points", 2, 2),
    ]
    assert stats.hands == 5
    assert stats.average_points == pytest.approx(44 / 5)
    assert stats.clean_hands == 1  # a moon of one's own scores 0 but is no clean hand
    assert stats.queens == 1
    assert (stats.moons_shot, stats.moons_suffered) == (1, 1)
    assert stats.best == easy_win
    assert stats.worst == hard_loss
    html = guest.get(STATS).content.decode()
    assert "8,8" in html
    assert reverse("review:replay", args=[easy_win.pk]) in html


def test_the_best_game_is_weighed_by_its_length(guest):
    me = owner_of_client(guest)
    game(me, status=FINISHED, winner=0, target=100, player_total=45)
    short = game(me, status=FINISHED, winner=0, target=50, player_total=20)

    assert stats_of(guest).best == short


def test_a_player_without_games_is_invited_to_play(client):
    html = client.get(STATS).content.decode()

    assert "vos statistiques apparaîtront ici" in html


def test_a_thousand_games_cost_the_same_few_queries(guest, django_assert_max_num_queries):
    me = owner_of_client(guest)
    rng = random.Random(7)
    now = timezone.now()
    games = Game.objects.bulk_create(
        Game(
            **me.as_fields(),
            seed=number,
            totals=[0, 0, 0, 0],
            status=FINISHED if number % 10 else Game.Status.PLAYING,
            winner=rng.choice([0, 1, 2, 3]) if number % 10 else None,
            difficulty=rng.choice(["easy", "normal", "hard"]),
            target=rng.choice([50, 100]),
            player_total=rng.randrange(120),
            finished_at=now - timedelta(hours=number),
        )
        for number in range(1000)
    )
    Hand.objects.bulk_create(
        Hand(
            game=played,
            number=number,
            direction="left",
            difficulty=played.difficulty,
            dealt=[],
            player_score=rng.choice([0, 0, 1, 3, 13, 26]),
            queen_taker=rng.choice([None, 0, 1, 2, 3]),
            moon_shooter=rng.choice([None] * 20 + [0, 1]),
        )
        for played in games
        for number in range(1, 4)
    )

    with django_assert_max_num_queries(8):
        stats = stats_of(guest)

    assert stats.overall.played == 900
    assert stats.hands == 3000
    assert stats.best is not None and stats.worst is not None


def test_a_win_is_never_the_worst_game(guest):
    me = owner_of_client(guest)
    best = game(me, status=FINISHED, winner=0, target=50, player_total=10)
    game(me, status=FINISHED, winner=0, target=100, player_total=95)

    stats = stats_of(guest)

    assert stats.best == best
    assert stats.worst is None
    assert "Pire" not in guest.get(STATS).content.decode()


def test_a_defeat_is_never_the_best_game(guest):
    me = owner_of_client(guest)
    game(me, status=FINISHED, winner=1, target=100, player_total=30)
    worst = game(me, status=FINISHED, winner=2, target=50, player_total=40)

    stats = stats_of(guest)

    assert stats.best is None
    assert stats.worst == worst
    html = guest.get(STATS).content.decode()
    assert "Pire" in html and "Meilleure<" not in html


def test_one_defeat_is_the_worst_game_and_there_is_no_best(guest):
    only = game(owner_of_client(guest), status=FINISHED, winner=3, player_total=20)

    stats = stats_of(guest)

    assert (stats.best, stats.worst) == (None, only)
