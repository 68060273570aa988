"""The tutorial's games (tutorial.services over play.services): the fixed deal, the
« Normal » bots, over after its one hand, and the completion of a signed-in player."""

from __future__ import annotations

import uuid

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from game.bots import make_bot
from game.engine import PassDirection
from play import services as game_services
from play.models import Game
from play.ownership import Owner
from play.seats import HUMAN
from tests.tutorial.helpers import follow_the_hint, position
from tutorial import services
from tutorial.deal import HANDS, TUTORIAL_SEED, tutorial_hands
from tutorial.dealsearch import hint_learner, play_through
from tutorial.models import TutorialCompletion

pytestmark = pytest.mark.django_db


@pytest.fixture
def guest() -> Owner:
    return Owner(guest_id=uuid.uuid4())


@pytest.fixture
def user() -> Owner:
    account = get_user_model().objects.create_user("lou", password="pique-dame-2024")
    return Owner(user_id=account.pk)


def test_a_tutorial_deals_the_tutorials_hand_with_the_normal_bots(guest):
    game = services.start_tutorial(owner=guest)
    hand = game.current_hand
    assert game.kind == Game.Kind.TUTORIAL
    assert game.seed == TUTORIAL_SEED and game.difficulty == "normal"
    assert hand.number == 1 and hand.direction == PassDirection.LEFT.value
    assert hand.dealt == list(HANDS)
    # The bots have chosen their passes; you choose yours.
    deal = position(game).deal
    assert deal.phase == "passing" and not deal.pass_submitted(HUMAN)
    assert all(deal.pass_submitted(seat) for seat in (1, 2, 3))


def test_every_tutorial_is_the_same_deal(guest):
    first = services.start_tutorial(owner=guest)
    second = services.start_tutorial(owner=Owner(guest_id=uuid.uuid4()))
    assert first.current_hand.dealt == second.current_hand.dealt
    assert list(first.moves.values_list("cards", flat=True)) == list(
        second.moves.values_list("cards", flat=True)
    )


def test_the_tutorial_is_over_after_its_one_hand(guest):
    game = follow_the_hint(services.start_tutorial(owner=guest), guest)
    assert game.status == Game.Status.FINISHED and game.finished_at
    assert game.hands.count() == 1
    assert sum(game.totals) == 26
    lowest = min(game.totals)
    assert game.winner == (game.totals.index(lowest) if game.totals.count(lowest) == 1 else None)
    refused = game_services.next_hand(game_id=game.pk, owner=guest, kind=Game.Kind.TUTORIAL)
    assert refused.error_code == "game_over"
    # The solo game's services do not act on a lesson at all.
    with pytest.raises(Game.DoesNotExist):
        game_services.next_hand(game_id=game.pk, owner=guest)


def test_the_site_plays_the_deal_as_the_deal_search_did(guest):
    """tutorial.dealsearch simulates the services; the deal was chosen on that simulation."""
    game = follow_the_hint(services.start_tutorial(owner=guest), guest)
    _deal, moves = play_through(tutorial_hands(), hint_learner(TUTORIAL_SEED), seed=TUTORIAL_SEED)
    stored = list(game.moves.order_by("number").values_list("seat", "cards"))
    assert stored == [(move.seat, move.codes) for move in moves]


def test_a_signed_in_player_who_finishes_is_marked_as_having_completed_it(user):
    game = services.start_tutorial(owner=user)
    assert not services.has_completed(user.user_id)
    follow_the_hint(game, user)
    assert services.has_completed(user.user_id)
    # A second run keeps the first completion.
    first = TutorialCompletion.objects.get(user_id=user.user_id).completed_at
    follow_the_hint(services.start_tutorial(owner=user), user)
    assert TutorialCompletion.objects.get(user_id=user.user_id).completed_at == first


def test_an_unfinished_tutorial_is_not_a_completion(user):
    game = services.start_tutorial(owner=user)
    learner = make_bot("easy", seed=1)
    codes = [c.code for c in learner.choose_pass(position(game).deal.view(HUMAN))]
    services.submit_pass(game_id=game.pk, owner=user, card_codes=codes)
    assert not TutorialCompletion.objects.exists()


def test_a_guests_tutorial_records_no_completion(guest):
    follow_the_hint(services.start_tutorial(owner=guest), guest)
    assert not TutorialCompletion.objects.exists()


def test_a_guest_who_finished_then_signs_up_has_completed_it(guest, user):
    follow_the_hint(services.start_tutorial(owner=guest), guest)
    assert not services.has_completed(user.user_id)
    game_services.claim_guest_games(guest_id=guest.guest_id, user_id=user.user_id)
    assert services.has_completed(user.user_id)


def test_the_latest_tutorial_is_the_current_one(guest):
    assert services.current_tutorial(guest) is None
    services.start_tutorial(owner=guest)
    again = services.start_tutorial(owner=guest)
    game_services.start_game(owner=guest)
    assert services.current_tutorial(guest) == again


def test_a_solo_game_cannot_be_played_as_a_tutorial(guest):
    solo = game_services.start_game(owner=guest)
    with pytest.raises(Game.DoesNotExist):
        services.submit_pass(game_id=solo.pk, owner=guest, card_codes=["2C", "3C", "4C"])


def test_someone_elses_tutorial_cannot_be_played(guest):
    game = services.start_tutorial(owner=Owner(guest_id=uuid.uuid4()))
    with pytest.raises(Game.DoesNotExist):
        services.advance(game_id=game.pk, owner=guest)


def test_a_solo_game_still_shuffles_from_its_own_seed(guest):
    game = game_services.start_game(owner=guest)
    assert game.kind == Game.Kind.SOLO
    assert game.current_hand.dealt != [
        " ".join(card.code for card in cards) for cards in tutorial_hands()
    ]


def test_an_unknown_kind_of_game_is_refused(guest):
    with pytest.raises(ValueError):
        game_services.start_game(owner=guest, kind="duel")


def test_a_lesson_is_a_one_hand_game_played_on_the_tutorials_page(guest):
    game = services.start_tutorial(owner=guest)

    assert game.hand_limit == 1
    assert game.get_absolute_url() == reverse("tutorial:index")


def test_completion_is_recorded_after_the_move_that_ends_the_lesson_commits(user):
    game = follow_the_hint(services.start_tutorial(owner=user), user)

    assert game.is_finished
    assert TutorialCompletion.objects.filter(user_id=user.user_id).exists()
