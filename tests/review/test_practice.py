"""« Rejouer ce moment » below its pages: where a practice starts, what the session keeps,
and the bots' answers (review.practice)."""

from __future__ import annotations

import uuid

import pytest

from config.sessions import SessionStore
from game.engine import IllegalMove, Move as EngineMove
from play.models import Game
from play.ownership import Owner
from play.seats import HUMAN
from play.steps import StepNotFound
from review.practice import store
from review.practice.moment import Moment, NoChoiceLeft, moment_at
from review.practice.play import BadMove, bots_reply, play, player_move, practice_of
from review.selectors import load_hand
from tests.review.builders import recorded_game

pytestmark = pytest.mark.django_db


def moment_of(game: Game, step: int, hand: int = 1) -> Moment:
    hands, record = load_hand(game, hand)
    return moment_at(game, hands, record, step)


@pytest.fixture
def game() -> Game:
    return recorded_game(Owner(guest_id=uuid.uuid4()), hands=1)


def test_the_deal_starts_at_the_players_pass_and_the_bots_pass_as_in_the_game(game):
    moment = moment_of(game, 0)
    practice = practice_of(moment, [])
    assert moment.step == 0 and practice.passing
    assert moment.record.moves[moment.start].seat == HUMAN

    bots_reply(practice)

    assert practice.passing  # the exchange waits for the player's three cards
    for seat in (1, 2, 3):
        assert practice.deal.passed(seat) == moment.record.pass_of(seat)


def test_a_bots_step_starts_at_the_players_next_card(game):
    record = moment_of(game, 0).record
    bot_step = next(
        step for step in range(1, record.last_step) if record.deal_at(step).turn != HUMAN
    )

    moment = moment_of(game, bot_step)

    assert moment.step > bot_step
    assert record.deal_at(moment.step).turn == HUMAN
    assert all(record.deal_at(step).turn != HUMAN for step in range(bot_step, moment.step))


def test_past_the_players_last_card_there_is_nothing_to_practise(game):
    record = moment_of(game, 0).record
    last_own = max(step for step in range(record.last_step) if record.deal_at(step).turn == HUMAN)

    with pytest.raises(NoChoiceLeft):
        moment_of(game, last_own + 1)
    with pytest.raises(StepNotFound):
        moment_of(game, record.last_step + 1)


def test_the_practice_never_changes_the_game_it_is_drawn_from(game):
    moment = moment_of(game, 5)
    totals = list(game.totals)

    practice = practice_of(moment, [])
    while not practice.finished:
        card = practice.deal.legal_cards(HUMAN)[-1]
        play(practice, EngineMove.playing(HUMAN, card))

    assert practice.position.game is not game
    assert game.totals == totals and game.move_count == 56
    assert practice.position.game.totals == practice.deal.scores()  # hand 1: none before


def test_a_refused_card_changes_nothing(game):
    # The first decision where the rules leave the player a card they may not play.
    practice = next(
        practice
        for practice in (practice_of(moment_of(game, step), []) for step in range(2, 40))
        if set(practice.deal.hand(HUMAN)) - set(practice.deal.legal_cards(HUMAN))
    )
    deal, moves = practice.deal, list(practice.moves)
    forbidden = min(set(deal.hand(HUMAN)) - set(deal.legal_cards(HUMAN)))

    with pytest.raises(IllegalMove):
        play(practice, EngineMove.playing(HUMAN, forbidden))

    assert practice.deal is deal and practice.moves == moves


@pytest.mark.parametrize(
    ("codes", "message"),
    [
        (["ZZ"], "Carte inconnue."),
        ([], "Choisissez d’abord une carte."),
        (["2C", "3C"], "Choisissez d’abord une carte."),
    ],
)
def test_a_post_that_names_no_card_is_no_move(game, codes, message):
    practice = practice_of(moment_of(game, 5), [])

    with pytest.raises(BadMove) as refused:
        player_move(practice, codes)

    assert refused.value.message == message


def test_the_pass_needs_three_cards(game):
    practice = practice_of(moment_of(game, 0), [])
    hand = [card.code for card in practice.deal.hand(HUMAN)]

    with pytest.raises(BadMove):
        player_move(practice, hand[:2])
    assert player_move(practice, hand[:3]).is_pass


def test_moves_that_no_longer_fit_start_the_practice_afresh(game):
    moment = moment_of(game, 5)
    fresh = practice_of(moment, [])

    damaged = practice_of(moment, [EngineMove.playing(2, "AS"), EngineMove.playing(HUMAN, "2C")])

    assert damaged.moves == []
    assert damaged.deal.hand(HUMAN) == fresh.deal.hand(HUMAN)


def test_a_searching_level_answers_in_the_requests_the_page_makes_after_the_card():
    game = recorded_game(Owner(guest_id=uuid.uuid4()), hands=1, difficulty="hard")
    record = moment_of(game, 0).record
    # A trick the player leads: a bot plays next.
    lead = next(
        step
        for step in range(record.play_offset + 1, record.last_step)
        if record.deal_at(step).turn == HUMAN and not record.deal_at(step).current_trick
    )
    practice = practice_of(moment_of(game, lead), [])
    card = EngineMove.playing(HUMAN, practice.deal.legal_cards(HUMAN)[0])

    assert play(practice, card) == [card]

    replies = bots_reply(practice, budget=0)
    assert len(replies) == 1 and replies[0].seat == 1
    assert practice.moves == [card, *replies]


def test_the_session_keeps_the_latest_practices_only():
    session = SessionStore()
    move = EngineMove.playing(HUMAN, "QS")
    for number in range(store.MAX_PRACTICES + 2):
        store.save_moves(session, f"1:1:{number}", [move])

    kept = session[store.SESSION_KEY]
    assert len(kept) == store.MAX_PRACTICES
    assert "1:1:0" not in kept and store.saved_moves(session, "1:1:9") == [move]
    store.forget(session, "1:1:9")
    assert store.saved_moves(session, "1:1:9") == []


@pytest.mark.parametrize(
    "stored",
    [None, "0:QS", ["0:QS", 3], ["x:QS"], ["0:ZZ"], ["0:QS"] * (store.MAX_MOVES + 1)],
    ids=["none", "not-a-list", "not-text", "no-seat", "no-card", "too-long"],
)
def test_what_the_session_should_not_hold_is_no_practice(stored):
    session = SessionStore()
    session[store.SESSION_KEY] = {"1:1:5": stored}

    assert store.saved_moves(session, "1:1:5") == []


def test_a_passed_move_is_kept_with_its_seat():
    session = SessionStore()
    moves = [EngineMove.passing(HUMAN, ["2C", "3C", "4C"]), EngineMove.playing(2, "AS")]

    store.save_moves(session, "1:1:0", moves)

    assert store.saved_moves(session, "1:1:0") == moves


def test_a_replay_step_offers_the_practice_while_the_player_has_a_move_left(game):
    record = moment_of(game, 0).record
    last_own = max(step for step in range(record.last_step) if record.deal_at(step).turn == HUMAN)

    def offers(step: int) -> bool:
        return record.next_move_of(HUMAN, step) is not None

    assert offers(0) and offers(last_own)
    assert not offers(last_own + 1)
    assert not offers(record.last_step)
