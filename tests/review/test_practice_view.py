"""« Rejouer ce moment »: a finished hand played on from one of its steps, at the game's
own table, with the same hidden cards and the bots as in the game; nothing is recorded."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client
from django.urls import reverse

from game.engine import Phase
from play import services
from play.models import Game, Hand, LiveTable, Move, Seat
from play.ownership import Owner
from play.seats import HUMAN
from play.steps import HandRecord
from play.table_view import TableView
from review.selectors import load_hand
from tests.driving import play_until
from tests.review.builders import recorded_game
from tests.visits import HTMX

pytestmark = pytest.mark.django_db


def practice_url(game: Game, hand: int, step: int, action: str | None = None) -> str:
    name = "review:replay_practice" + (f"_{action}" if action else "")
    return reverse(name, args=[game.pk, hand, step])


def record_of(game: Game, hand: int = 1) -> HandRecord:
    return load_hand(game, hand)[1]


def choice_step(record: HandRecord) -> tuple[int, str, str]:
    """A step where the player chose a card among several: the step, the card played in
    the game and another legal one."""
    plays = 0
    for index, move in enumerate(record.moves):
        if move.is_pass:
            continue
        deal = record.positions[index]
        legal = deal.legal_cards(HUMAN) if move.seat == HUMAN else []
        if len(legal) > 1:
            other = next(card for card in legal if card != move.card)
            return record.decision_step(plays), move.card.code, other.code
        plays += 1
    raise AssertionError("no choice in this hand")


def table_of(response) -> TableView:
    return response.context["table"]


def play(client: Client, game: Game, step: int, code: str, move: int):
    url = practice_url(game, 1, step, "play")
    return client.post(url, {"card": code, "move": move}, **HTMX)


def play_to_the_end(client: Client, game: Game, step: int, table: TableView) -> TableView:
    """The first playable card each time, until the practice's end panel."""
    for _ in range(60):
        if table.practice.result:
            return table
        card = next(card for card in table.hand if card.playable)
        response = play(client, game, step, card.face.code, table.move)
        assert response.status_code == 200, table_of(response).error
        table = table_of(response)
    raise AssertionError("the practice never ended")


def stored_rows(game: Game) -> tuple[list[tuple], list[tuple], tuple]:
    moves = list(Move.objects.filter(game=game).order_by("number").values_list())
    hands = list(Hand.objects.filter(game=game).order_by("number").values_list())
    row = Game.objects.filter(pk=game.pk).values_list().get()
    return moves, hands, row


def live_table(host: Owner, friend: uuid.UUID, *, finished: bool = True) -> Game:
    """A live table's finished hand: its host at seat 0, a friend at seat 2, two bots."""
    live = recorded_game(host, hands=1, finished=finished, kind=Game.Kind.LIVE)
    LiveTable.objects.create(game=live, token=f"practice-{live.pk}")
    Seat.objects.bulk_create(
        [
            Seat(game=live, number=0, guest_id=host.guest_id, name="Camille"),
            Seat(game=live, number=1, is_bot=True, name="Léa"),
            Seat(game=live, number=2, guest_id=friend, name="Bruno"),
            Seat(game=live, number=3, is_bot=True, name="Chloé"),
        ]
    )
    return live


@pytest.fixture
def game(guest_owner) -> Game:
    return recorded_game(guest_owner, hands=1)


def test_another_card_is_tried_and_the_hand_played_to_its_end_without_recording_anything(
    guest, game
):
    record = record_of(game)
    step, _played, other = choice_step(record)
    before = stored_rows(game)

    page = guest.get(practice_url(game, 1, step))
    assert page.status_code == 200
    table = table_of(page)
    assert table.action is not None and table.action.kind == Phase.PLAYING
    assert "Vous rejouez la manche 1" in page.content.decode()

    answer = play(guest, game, step, other, table.move)
    assert answer.status_code == 200
    table = table_of(answer)
    replayed = [play.face.code for play in table.replay]
    assert replayed[0] == other
    assert len(replayed) > 1  # the bots answered, up to the player's next card

    table = play_to_the_end(guest, game, step, table)
    result = table.practice.result
    assert [line.name for line in result.lines] == ["Vous", "Léa", "Hugo", "Chloé"]
    assert [line.game for line in result.lines] == record.hand.scores
    assert sum(line.practice for line in result.lines) in (26, 78)
    html = answer.content.decode()
    assert "Recommencer ce moment" in html and "Revenir à la partie" in html
    assert stored_rows(game) == before


def test_the_card_played_in_the_game_brings_the_bots_answers_of_the_game(guest, game):
    record = record_of(game)
    step, played, _other = choice_step(record)
    table = table_of(guest.get(practice_url(game, 1, step)))

    table = table_of(play(guest, game, step, played, table.move))

    start = record.move_count(step)
    replayed = [play.face.code for play in table.replay]
    expected = [move.card.code for move in record.moves[start : start + len(replayed)]]
    assert replayed == expected


def test_the_same_choices_bring_the_same_answers_after_starting_again(guest, game):
    step, _played, other = choice_step(record_of(game))
    first = table_of(guest.get(practice_url(game, 1, step)))
    answers = [
        play.face.code for play in table_of(play(guest, game, step, other, first.move)).replay
    ]

    restart = guest.post(practice_url(game, 1, step, "restart"), **HTMX)
    assert restart.status_code == 200
    again = table_of(restart)
    # The same table as at the start, under move numbers of its own (a tab drawn before
    # the restart is stale: test_practice_refusals).
    assert again.hand == first.hand and again.move != first.move

    repeat = table_of(play(guest, game, step, other, again.move))
    assert [play.face.code for play in repeat.replay] == answers


def test_a_reload_shows_the_practice_where_it_was(guest, game):
    step, _played, other = choice_step(record_of(game))
    table = table_of(guest.get(practice_url(game, 1, step)))
    after = table_of(play(guest, game, step, other, table.move))

    reloaded = table_of(guest.get(practice_url(game, 1, step)))

    assert reloaded.move == after.move
    assert [card.face.code for card in reloaded.hand] == [card.face.code for card in after.hand]


def test_a_game_played_at_the_table_starts_its_pass_with_the_bots_passes_made(guest, guest_owner):
    # At the table the bots choose their passes when the hand is dealt (play.services).
    game = services.start_game(owner=guest_owner, difficulty="normal")
    play_until(game, guest_owner, lambda position: position.deal.phase == Phase.FINISHED)

    table = table_of(guest.get(practice_url(game, 1, 0)))

    assert table.action is not None and table.action.kind == Phase.PASSING
    assert not table.bots_pending
    cards = [card.face.code for card in table.hand[-3:]]
    answer = guest.post(
        practice_url(game, 1, 0, "play"), {"cards": cards, "move": table.move}, **HTMX
    )
    assert answer.status_code == 200
    assert table_of(answer).phase == Phase.PLAYING


def test_the_replay_offers_it_while_the_player_has_a_move_left(guest, game):
    record = record_of(game)
    step, _played, _other = choice_step(record)
    last_own = max(s for s in range(record.last_step) if record.deal_at(s).turn == HUMAN)

    def offered(at: int) -> bool:
        page = guest.get(reverse("review:replay_step", args=[game.pk, 1, at])).content.decode()
        return f'href="{practice_url(game, 1, at)}"' in page

    assert offered(step) and offered(last_own)
    assert not offered(record.last_step)
