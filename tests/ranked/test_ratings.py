"""Ratings (ranked.skill, ranked.ratings): openskill's Plackett–Luce numbers, ties, the
leaver's rank, exactly once per game, and `rebuild_ratings` giving the live numbers."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.db import IntegrityError, transaction

from play.models import Game
from ranked import ratings
from ranked.models import RatedGame, Rating, RatingChange
from ranked.skill import Skill, Standing, final_ranks, rate
from tests.ranked.builders import accounts, finish, play_out, rated_table


def test_a_newcomer_shows_1500() -> None:
    assert Skill().shown == 1500


def test_ranks_lowest_total_first_ties_share_abandoners_last() -> None:
    assert final_ranks([Standing(10), Standing(30), Standing(20), Standing(40)]) == [1, 3, 2, 4]
    assert final_ranks([Standing(10), Standing(20), Standing(20), Standing(40)]) == [1, 2, 2, 4]
    # Abandoning costs the full last place, even with the lowest total.
    assert final_ranks([Standing(5, abandoned=True), Standing(20), Standing(30), Standing(40)]) == [
        4,
        1,
        2,
        3,
    ]
    assert final_ranks(
        [Standing(5, abandoned=True), Standing(20), Standing(30), Standing(1, abandoned=True)]
    ) == [4, 1, 2, 4]


def test_known_openskill_outcome_for_four_newcomers_with_a_tie() -> None:
    # openskill 6's PlackettLuce, default model, ranks 1, 2, 2, 4 from (25, 25/3) each.
    after = rate([Skill()] * 4, [1, 2, 2, 4])
    assert after[0].mu == pytest.approx(27.795252672501135)
    assert after[1].mu == pytest.approx(24.689416369722096)
    assert after[2] == after[1]
    assert after[3].mu == pytest.approx(22.825914588054673)
    assert after[0].sigma == pytest.approx(8.263571791259416)
    assert after[3].sigma == pytest.approx(8.17961798837266)


@pytest.mark.django_db
def test_a_ranked_game_s_end_updates_each_rating_once_from_its_ranking() -> None:
    anna, bob, carl, dina = accounts("anna", "bob", "carl", "dina")
    game = rated_table([anna, bob, carl, dina])
    finish(game, {anna.pk: 10, bob.pk: 30, carl.pk: 30, dina.pk: 55})
    by_user = {rating.user_id: rating for rating in Rating.objects.filter(target=50)}
    assert by_user[anna.pk].mu == pytest.approx(27.795252672501135)
    assert by_user[bob.pk].mu == by_user[carl.pk].mu == pytest.approx(24.689416369722096)
    assert by_user[dina.pk].mu == pytest.approx(22.825914588054673)
    assert by_user[anna.pk].wins == 1 and by_user[bob.pk].wins == 0
    assert all(rating.games == 1 for rating in by_user.values())
    assert by_user[anna.pk].shown == Skill(by_user[anna.pk].mu, by_user[anna.pk].sigma).shown
    changes = RatingChange.objects.filter(rated_game__game=game)
    assert sorted(change.rank for change in changes) == [1, 2, 2, 4]
    assert not Rating.objects.filter(target=100).exists()


@pytest.mark.django_db
def test_a_game_is_rated_once_a_second_count_is_refused_by_the_database() -> None:
    users = accounts("anna", "bob", "carl", "dina")
    game = rated_table(users)
    finish(game, {users[0].pk: 10, users[1].pk: 20, users[2].pk: 30, users[3].pk: 40})
    before = list(Rating.objects.values_list("mu", "sigma", "games").order_by("user_id"))
    with pytest.raises(IntegrityError), transaction.atomic():
        ratings.record_game(Game.objects.get(pk=game.pk))
    assert list(Rating.objects.values_list("mu", "sigma", "games").order_by("user_id")) == before
    assert RatedGame.objects.count() == 1
    assert RatingChange.objects.count() == 4


@pytest.mark.django_db
def test_an_amicale_game_changes_no_rating() -> None:
    users = accounts("anna", "bob", "carl", "dina")
    game = rated_table(users, rated=False)
    finish(game, {users[0].pk: 10, users[1].pk: 20, users[2].pk: 30, users[3].pk: 40})
    assert not Rating.objects.exists()
    assert not RatedGame.objects.exists()


@pytest.mark.django_db
def test_an_abandoner_takes_the_last_place_whatever_their_total() -> None:
    anna, bob, carl, dina = accounts("anna", "bob", "carl", "dina")
    game = rated_table([anna, bob, carl, dina])
    finish(game, {anna.pk: 5, bob.pk: 20, carl.pk: 30, dina.pk: 50}, abandoned={anna.pk})
    ranks = dict(RatingChange.objects.values_list("user_id", "rank"))
    assert ranks == {anna.pk: 4, bob.pk: 1, carl.pk: 2, dina.pk: 3}
    assert not RatingChange.objects.get(user=anna).won
    assert Rating.objects.get(user=anna).mu < 25


@pytest.mark.django_db
def test_a_game_played_to_its_end_by_bots_for_absent_players_rates_them_by_their_seats() -> None:
    users = accounts("anna", "bob", "carl", "dina")
    game = play_out(rated_table(users))
    assert game.is_finished
    changes = {change.seat: change for change in RatingChange.objects.filter(rated_game__game=game)}
    assert set(changes) == {0, 1, 2, 3}
    expected = final_ranks([Standing(total) for total in game.totals])
    assert [changes[seat].rank for seat in range(4)] == expected
    assert sum(change.won for change in changes.values()) == (game.winner is not None)


@pytest.mark.django_db
def test_rebuild_ratings_gives_the_live_numbers() -> None:
    people = accounts("anna", "bob", "carl", "dina", "eve", "fred")
    anna, bob, carl, dina, eve, fred = people
    first = rated_table([anna, bob, carl, dina])
    finish(first, {anna.pk: 10, bob.pk: 30, carl.pk: 30, dina.pk: 55})
    second = rated_table([anna, bob, eve, fred])
    finish(second, {anna.pk: 40, bob.pk: 12, eve.pk: 25, fred.pk: 51}, abandoned={fred.pk})
    third = rated_table([carl, dina, eve, fred], target=100)
    finish(third, {carl.pk: 70, dina.pk: 99, eve.pk: 101, fred.pk: 20})
    columns = ("user_id", "target", "mu", "sigma", "shown", "games", "wins")
    live = list(Rating.objects.values_list(*columns).order_by("user_id", "target"))
    changes = list(
        RatingChange.objects.values_list("user_id", "rank", "mu_after", "shown_after").order_by(
            "rated_game__rated_at", "user_id"
        )
    )
    Rating.objects.update(mu=0, sigma=1, shown=0, games=99)
    call_command("rebuild_ratings", verbosity=0)
    assert list(Rating.objects.values_list(*columns).order_by("user_id", "target")) == live
    assert (
        list(
            RatingChange.objects.values_list("user_id", "rank", "mu_after", "shown_after").order_by(
                "rated_game__rated_at", "user_id"
            )
        )
        == changes
    )
