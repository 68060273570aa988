"""The write paths of a solo game, driven as the views drive them."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from game.bots import make_bot
from play import positions, services
from play.models import Game, Move
from play.ownership import Owner
from play.positions import load_position, rebuild_deal
from play.seats import HUMAN
from tests import driving

pytestmark = pytest.mark.django_db


@pytest.fixture
def guest() -> Owner:
    return Owner(guest_id=uuid.uuid4())


def play_whole_game(owner: Owner, target: int = 50) -> Game:
    game = services.start_game(owner=owner, target=target, difficulty="easy")
    return driving.play_whole_game(game, owner)


def test_a_whole_game_ends_with_a_single_lowest_total(guest: Owner) -> None:
    game = play_whole_game(guest)
    assert max(game.totals) >= 50
    assert game.totals.count(min(game.totals)) == 1
    assert game.winner == game.totals.index(min(game.totals))


def test_every_hand_rebuilt_from_its_history_matches_what_was_stored(guest: Owner) -> None:
    game = play_whole_game(guest)
    for hand in game.hands.all():
        deal = rebuild_deal(game, hand, list(hand.moves.all()))
        assert deal.phase == "finished"
        assert deal.scores() == hand.scores
        assert deal.points_taken == hand.points
    assert sum(hand.scores[0] for hand in game.hands.all()) == game.totals[0]
    assert Move.objects.filter(game=game).count() == game.move_count


def test_a_card_play_costs_a_small_fixed_number_of_queries(guest: Owner) -> None:
    game = services.start_game(owner=guest, difficulty="normal")
    position = load_position(Game.objects.select_related("current_hand").get(pk=game.pk))
    pass_cards = make_bot("easy", seed=2).choose_pass(position.deal.view(HUMAN))
    services.submit_pass(game_id=game.pk, owner=guest, card_codes=[c.code for c in pass_cards])
    position = load_position(Game.objects.select_related("current_hand").get(pk=game.pk))
    card = position.deal.legal_cards(HUMAN)[0]
    with CaptureQueriesContext(connection) as queries:
        outcome = services.play_card(game_id=game.pk, owner=guest, card_code=card.code)
    assert not outcome.refused
    # Lock the game, then read its hand (after the lock: services._lock) and the moves,
    # insert the moves, update the game.
    statements = [q["sql"] for q in queries if "SAVEPOINT" not in q["sql"]]
    assert len(statements) <= 5, statements


def test_a_finished_hand_keeps_the_players_columns_for_statistics(guest: Owner) -> None:
    game = play_whole_game(guest)
    for hand in game.hands.all():
        assert hand.player_score == hand.scores[HUMAN]
        assert hand.queen_taker is not None
        assert hand.points[hand.queen_taker] >= 13
    assert game.player_total == game.totals[HUMAN]


def test_difficile_bots_think_in_advance_not_inside_the_players_action(guest: Owner) -> None:
    game = services.start_game(owner=guest, difficulty="hard")
    assert game.move_count == 0  # no bot passed inside the transaction that dealt the hand
    position = load_position(Game.objects.select_related("current_hand").get(pk=game.pk))
    assert positions.bots_pending(position)
    outcome = services.advance(game_id=game.pk, owner=guest)
    assert outcome.new_moves
    assert Game.objects.get(pk=game.pk).move_count == len(outcome.new_moves)


def test_a_second_advance_while_the_bots_think_is_told_they_are_busy(
    guest: Owner, monkeypatch
) -> None:
    game = services.start_game(owner=guest, difficulty="hard")
    real_bot_moves = services._bot_moves
    second: list[services.Outcome] = []

    def with_another_tab(position):
        second.append(services.advance(game_id=game.pk, owner=guest))  # while this one thinks
        return real_bot_moves(position)

    monkeypatch.setattr(services, "_bot_moves", with_another_tab)
    outcome = services.advance(game_id=game.pk, owner=guest)

    assert second[0].bots_busy and second[0].new_moves == [] and not second[0].refused
    assert outcome.new_moves and not outcome.bots_busy
    game.refresh_from_db()
    assert game.move_count == len(outcome.new_moves)
    assert game.bots_thinking_until is None


def test_an_advance_overtaken_by_the_players_pass_writes_nothing(guest: Owner, monkeypatch) -> None:
    game = services.start_game(owner=guest, difficulty="hard")
    real_bot_moves = services._bot_moves
    view = load_position(Game.objects.select_related("current_hand").get(pk=game.pk)).deal.view(
        HUMAN
    )
    cards = [card.code for card in make_bot("easy", seed=2).choose_pass(view)]

    def overtaken(position):
        moves = real_bot_moves(position)
        # The player's pass, from the table, while the bots choose theirs.
        services.submit_pass(game_id=game.pk, owner=guest, card_codes=cards)
        return moves

    monkeypatch.setattr(services, "_bot_moves", overtaken)
    outcome = services.advance(game_id=game.pk, owner=guest)
    assert outcome.new_moves == []
    moves = Move.objects.filter(game=game)
    assert [move.seat for move in moves] == [HUMAN]
    game.refresh_from_db()
    assert game.move_count == 1 and game.bots_thinking_until is None


def test_a_thinking_claim_whose_request_died_lapses(guest: Owner) -> None:
    lapsed = services.start_game(owner=guest, difficulty="hard")
    Game.objects.filter(pk=lapsed.pk).update(
        bots_thinking_until=timezone.now() - timedelta(seconds=1)
    )
    assert services.advance(game_id=lapsed.pk, owner=guest).new_moves


def test_a_thinking_claim_held_by_another_request_makes_advance_wait(guest: Owner) -> None:
    held = services.start_game(owner=guest, difficulty="hard")
    Game.objects.filter(pk=held.pk).update(
        bots_thinking_until=timezone.now() + services.THINKING_CLAIM
    )
    outcome = services.advance(game_id=held.pk, owner=guest)
    assert outcome.bots_busy and outcome.new_moves == []
    assert Game.objects.get(pk=held.pk).move_count == 0
