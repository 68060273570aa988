"""The replay is the engine's: every step of games played through the services, rebuilt from
the stored moves, is the position `replay_steps` gives, and shows nothing hidden."""

from __future__ import annotations

import uuid

import pytest

from game.engine import replay_steps
from play.ownership import Owner
from play.seats import BOT_SEATS
from review.replay import HandRecord, ReplayLinks, build_step
from tests.review.builders import finished_game, game_in_second_hand

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner() -> Owner:
    return Owner(guest_id=uuid.uuid4())


def records_of(game) -> tuple[list, list[HandRecord]]:
    hands = list(game.hands.all())
    return hands, [HandRecord.of(hand, hand.moves.all()) for hand in hands]


def test_every_step_of_a_finished_game_is_the_engines_position(owner):
    game = finished_game(owner)
    hands, records = records_of(game)
    links = ReplayLinks(game.pk)

    for record in records:
        engine = list(replay_steps(record.dealt, record.direction, record.moves))
        assert record.move_count(record.last_step) == len(record.moves)
        for step in range(record.last_step + 1):
            expected = engine[record.move_count(step)]
            deal = record.deal_at(step)
            shown = build_step(game, hands, record, step, links)
            for seat in range(4):
                assert deal.hand(seat) == expected.hand(seat)
                assert sorted(card.face.code for card in shown.seats[seat].cards) == sorted(
                    card.code for card in expected.hand(seat)
                )
                assert shown.seats[seat].points == expected.points_taken[seat]
            assert deal.tricks == expected.tricks
            on_table = [play.face.code for play in shown.trick]
            current = expected.current_trick or (
                list(expected.tricks[-1].plays) if step > record.play_offset else []
            )
            assert on_table == [card.code for _, card in current]
        final = record.deal_at(record.last_step)
        assert final.phase == "finished"
        assert final.scores() == record.hand.scores


def test_the_running_totals_end_on_the_games_totals(owner):
    game = finished_game(owner)
    hands, records = records_of(game)

    last = records[-1]
    shown = build_step(game, hands, last, last.last_step, ReplayLinks(game.pk))

    assert [seat.total for seat in shown.seats] == game.totals


def test_a_game_in_progress_never_shows_a_bots_hand_at_any_step(owner):
    game = game_in_second_hand(owner, plays=6)
    hands, records = records_of(game)

    for record in records:
        for step in range(record.last_step + 1):
            shown = build_step(game, hands, record, step, ReplayLinks(game.pk))
            for seat in BOT_SEATS:
                assert shown.seats[seat].cards == []
                assert shown.seats[seat].passed == []
                assert shown.seats[seat].hidden == len(record.deal_at(step).hand(seat))
            assert len(shown.seats[0].cards) == len(record.deal_at(step).hand(0))


def test_the_hand_in_progress_stops_at_the_last_stored_move(owner):
    game = game_in_second_hand(owner, plays=6)
    _hands, records = records_of(game)
    current = records[-1]

    deal = current.deal_at(current.last_step)

    played = sum(len(trick.plays) for trick in deal.tricks) + len(deal.current_trick)
    assert current.move_count(current.last_step) == len(current.moves)
    assert played == len(current.moves) - 4
    assert deal.phase == "playing"
