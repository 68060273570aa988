"""A game's position kept by the process at its move number (play.positions.KeptPositions):
the next request at that move reads neither the hand's moves nor replays them, and never
sees a position that was not stored."""

from __future__ import annotations

import uuid

import pytest
from django.db import transaction

from game.engine import Deal
from play import services
from play.models import Game
from play.ownership import Owner
from play.positions import KEPT_POSITIONS, load_position, rebuild_deal
from tests import driving

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner() -> Owner:
    return Owner(guest_id=uuid.uuid4())


def fresh(game: Game) -> Game:
    return Game.objects.select_related("current_hand").get(pk=game.pk)


def stored_deal(game: Game) -> tuple[object, ...]:
    """The position as the database alone gives it (the hand's moves replayed), as values."""
    hand = game.current_hand
    return values(rebuild_deal(game, hand, list(hand.moves.all())))


def values(deal: Deal) -> tuple[object, ...]:
    return tuple(getattr(deal, name) for name in Deal.__slots__)


def test_an_action_once_committed_is_kept_and_the_next_read_queries_no_moves(
    owner: Owner, django_capture_on_commit_callbacks, django_assert_num_queries
) -> None:
    game = services.start_game(owner=owner, difficulty="easy")
    with django_capture_on_commit_callbacks(execute=True):
        outcome = driving.human_acts(game, owner)
    assert outcome.new_moves
    game = fresh(game)

    with django_assert_num_queries(0):  # the hand came joined; a solo game reads no seats
        position = load_position(game)

    assert values(position.deal) == stored_deal(game)
    assert [move.number for move in position.moves] == list(
        game.current_hand.moves.values_list("number", flat=True)
    )


def test_a_rolled_back_action_keeps_nothing(owner: Owner) -> None:
    game = services.start_game(owner=owner, difficulty="easy")
    before = game.move_count  # the bots' passes
    with pytest.raises(RuntimeError), transaction.atomic():
        outcome = driving.human_acts(game, owner)
        raise RuntimeError("the request failed after the action")

    assert KEPT_POSITIONS.find(outcome.position.game, outcome.position.hand) is None
    game = fresh(game)
    assert game.move_count == before
    assert values(load_position(game).deal) == stored_deal(game)


def test_a_read_that_a_write_overtook_is_not_kept(owner: Owner) -> None:
    game = services.start_game(owner=owner, difficulty="easy")
    stale = fresh(game)  # read before the write below
    driving.human_acts(game, owner)  # its commit never runs: nothing kept by the write
    KEPT_POSITIONS.clear()  # as in another process, which never read the game

    position = load_position(stale)

    # The moves read run past the stale row's count: shown as before, but not kept.
    assert len(position.moves) > stale.move_count
    assert KEPT_POSITIONS.find(stale, stale.current_hand) is None


def test_an_earlier_position_never_replaces_a_later_one(
    owner: Owner, django_capture_on_commit_callbacks
) -> None:
    game = services.start_game(owner=owner, difficulty="easy")
    before = load_position(fresh(game))
    with django_capture_on_commit_callbacks(execute=True):
        driving.human_acts(game, owner)
    later = fresh(game)

    KEPT_POSITIONS.snapshot(before)()

    assert KEPT_POSITIONS.find(later, later.current_hand) is not None
    assert KEPT_POSITIONS.find(before.game, before.hand) is None


def test_every_position_of_a_whole_game_read_from_the_process_is_the_stored_one(
    owner: Owner, django_capture_on_commit_callbacks
) -> None:
    game = services.start_game(owner=owner, target=50, difficulty="easy")
    hits = 0
    for _ in range(3000):
        game = fresh(game)
        if game.status != Game.Status.PLAYING:
            break
        hits += KEPT_POSITIONS.find(game, game.current_hand) is not None
        assert values(load_position(game).deal) == stored_deal(game)
        with django_capture_on_commit_callbacks(execute=True):
            driving.human_acts(game, owner)
    assert game.status == Game.Status.FINISHED
    assert hits > 20
