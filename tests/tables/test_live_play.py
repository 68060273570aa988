"""Playing at a live table: every person acts for their own seat through the game's own
services, the pass is simultaneous, the others' cards and hands stay hidden, and the table
clock plays for a person out of time, then gives their seat to a bot until they return."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from game.bots import make_bot
from game.engine import Phase
from play import services
from play.models import Game, LiveTable, Seat
from tables import clock
from tests.tables.helpers import (
    HTMX,
    guest_client,
    live_url,
    open_table,
    position,
    sit,
    start,
    table_page,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def table() -> tuple[Game, Client, Client]:
    """Alice (host, south) and Bruno (north) with two Facile bots, the first hand dealt."""
    host, friend = guest_client(), guest_client()
    game = open_table(host, "Alice")
    sit(friend, game, 2, "Bruno")
    return start(host, game), host, friend


def pass_of(game: Game, seat: int) -> list[str]:
    view = position(game).deal.view(seat)
    return [card.code for card in make_bot("easy", seed=seat).choose_pass(view)]


def post_pass(client: Client, game: Game, seat: int) -> int:
    game.refresh_from_db()
    data = {"cards": pass_of(game, seat), "move": game.move_count}
    return client.post(live_url("pass_cards", game), data, **HTMX).status_code


def play_turn(client: Client, game: Game, seat: int) -> int:
    game.refresh_from_db()
    card = position(game).deal.legal_cards(seat)[0].code
    data = {"card": card, "move": game.move_count}
    return client.post(live_url("play_card", game), data, **HTMX).status_code


def test_each_player_sees_the_table_from_their_seat_with_only_their_hand(table) -> None:
    game, host, friend = table
    deal = position(game).deal

    host_page, friend_page = table_page(host, game), table_page(friend, game)

    for seat, page in ((0, host_page), (2, friend_page)):
        own = {card.code for card in deal.hand(seat)}
        others = {card.code for other in range(4) if other != seat for card in deal.hand(other)}
        shown = {code for code in own | others if f'value="{code}"' in page}
        assert shown == own
    # Bruno sits across from Alice: each sees the other at the top, the bots at the sides.
    assert "seat seat--top" in host_page and "Bruno" in host_page
    assert "Alice" in friend_page
    assert "Passer à gauche" in host_page
    assert "Choisissez 3 cartes à passer à Léa." in host_page
    assert "Choisissez 3 cartes à passer à Chloé." in friend_page
    assert "Robot" in host_page


def test_the_pass_is_simultaneous_and_the_table_says_who_is_still_choosing(table) -> None:
    game, host, friend = table

    assert post_pass(host, game, 0) == 200
    assert "En attente de Bruno…" in table_page(host, game)
    assert position(game).deal.phase == Phase.PASSING

    assert post_pass(friend, game, 2) == 200

    deal = position(game).deal
    assert deal.phase == Phase.PLAYING
    assert post_pass(friend, game, 2) == 409  # once


def test_no_one_acts_out_of_turn_or_for_another_seat(table) -> None:
    game, host, friend = table
    post_pass(host, game, 0)
    post_pass(friend, game, 2)
    deal = position(game).deal
    people = {0: host, 2: friend}
    waiting = next(seat for seat in people if seat != deal.turn)
    moves = Game.objects.get(pk=game.pk).move_count

    response = people[waiting].post(
        live_url("play_card", game),
        {"card": deal.hand(waiting)[0].code, "move": moves},
        **HTMX,
    )
    assert response.status_code == 409
    assert "Ce n’est pas à vous de jouer" in response.content.decode()
    # A card of the seat whose turn it is, posted by the other person: not in their hand.
    if deal.turn in people:
        response = people[waiting].post(
            live_url("play_card", game),
            {"card": deal.legal_cards(deal.turn)[0].code, "move": moves},
            **HTMX,
        )
        assert response.status_code == 409
    stranger = guest_client()
    assert play_turn(stranger, game, deal.turn or 0) == 404
    assert Game.objects.get(pk=game.pk).move_count == moves


def test_a_spectator_watches_without_a_hand(table) -> None:
    game, _host, _friend = table

    page = table_page(guest_client(), game)

    assert "Bruno" in page and "Alice" in page
    assert 'name="cards"' not in page and 'name="card"' not in page
    assert "Votre main" not in page
    deal = position(game).deal
    assert not any(f'value="{card.code}"' in page for seat in range(4) for card in deal.hand(seat))


def test_a_table_without_spectators_turns_them_away() -> None:
    host = guest_client()
    game = open_table(host, spectators_allowed="")
    start(host, game)

    response = guest_client().get(f"/table/{LiveTable.objects.get(game=game).token}/")

    assert response.status_code == 403
    assert "n’accepte pas de spectateurs" in response.content.decode()


def expire(game: Game) -> bool:
    """The clock of the move the table waits for runs out now."""
    LiveTable.objects.filter(game=game).update(deadline=timezone.now() - timedelta(seconds=1))
    return clock.tick() > 0


def test_the_clock_plays_for_a_late_player_then_a_bot_takes_the_seat(table) -> None:
    game, host, friend = table
    post_pass(host, game, 0)
    live = LiveTable.objects.get(game=game)
    assert live.deadline is not None and live.deadline > timezone.now() + timedelta(seconds=40)

    # Bruno lets the pass clock run out: Normal chooses for him, he is « absent ».
    assert expire(game)
    bruno = Seat.objects.get(game=game, number=2)
    assert (bruno.missed_turns, bruno.away) == (1, False)
    assert position(game).deal.phase == Phase.PLAYING
    assert "absent" in table_page(host, game)

    # His next turn runs out too: a bot takes his seat and plays it from then on.
    while position(game).deal.turn != 2:
        turn = position(game).deal.turn
        assert turn == 0 and play_turn(host, game, 0) == 200
    assert expire(game)
    bruno.refresh_from_db()
    assert bruno.away
    assert "Robot (pour Bruno)" in table_page(host, game)
    assert "Reprendre ma place" in table_page(friend, game)
    turns = position(game)
    assert 2 in turns.seating.bot_seats

    # « Reprendre ma place »: the seat is his again.
    response = friend.post(live_url("resume", game), **HTMX)
    assert response.status_code == 200
    bruno.refresh_from_db()
    assert (bruno.away, bruno.missed_turns) == (False, 0)
    assert "Robot (pour Bruno)" not in table_page(host, game)


def test_playing_again_clears_the_absent_mark(table) -> None:
    game, host, friend = table
    post_pass(host, game, 0)
    expire(game)
    while position(game).deal.turn != 2:
        play_turn(host, game, 0)

    assert "badge--away" in table_page(friend, game)
    game.refresh_from_db()
    card = position(game).deal.legal_cards(2)[0].code
    data = {"card": card, "move": game.move_count}
    answer = friend.post(live_url("play_card", game), data, **HTMX)

    assert answer.status_code == 200
    assert Seat.objects.get(game=game, number=2).missed_turns == 0
    # The answer to his own card is drawn with the mark gone (a push at the same move
    # would not replace it).
    assert "badge--away" not in answer.content.decode()


def test_a_whole_game_is_played_by_the_clock_alone() -> None:
    """No person acts: the table still reaches its end (bots, expiries, next hands)."""
    host = guest_client()
    game = start(host, open_table(host, target=50))
    for _ in range(3000):
        game.refresh_from_db()
        if game.is_finished:
            break
        LiveTable.objects.filter(game=game).update(deadline=timezone.now())
        clock.tick()
    game.refresh_from_db()
    assert game.is_finished
    assert max(game.totals) >= 50
    assert Seat.objects.get(game=game, number=0).away


def test_a_late_move_is_not_played_twice_by_two_clocks(table) -> None:
    game, host, _friend = table
    post_pass(host, game, 0)
    LiveTable.objects.filter(game=game).update(deadline=timezone.now())
    moves = Game.objects.get(pk=game.pk).move_count

    assert services.play_overdue(game.pk)
    after = Game.objects.get(pk=game.pk).move_count
    assert after > moves
    assert not services.play_overdue(game.pk)  # the deadline is now for the next move
    assert Game.objects.get(pk=game.pk).move_count == after


def test_a_pass_drawn_before_another_players_pass_is_still_taken(table) -> None:
    """Everyone chooses at once: Bruno's page was drawn before Alice passed."""
    game, host, friend = table
    drawn_at = Game.objects.get(pk=game.pk).move_count
    cards = pass_of(game, 2)
    assert post_pass(host, game, 0) == 200

    response = friend.post(live_url("pass_cards", game), {"cards": cards, "move": drawn_at}, **HTMX)

    assert response.status_code == 200
    assert position(game).deal.phase == Phase.PLAYING


def test_a_card_drawn_before_another_move_is_still_refused(table) -> None:
    game, host, friend = table
    drawn_at = Game.objects.get(pk=game.pk).move_count
    post_pass(host, game, 0)
    post_pass(friend, game, 2)
    deal = position(game).deal
    # The Facile bots have replied at once: a person's turn.
    client = {0: host, 2: friend}[deal.turn]
    data = {"card": deal.legal_cards(deal.turn)[0].code, "move": drawn_at}

    response = client.post(live_url("play_card", game), data, **HTMX)

    assert response.status_code == 409
    assert "La partie a avancé entre-temps" in response.content.decode()


def test_difficile_bots_think_in_the_clock_outside_any_request() -> None:
    """Searching bots never play inside a person's request: the table is due at once and
    the clock lets them think (services.let_bots_think), as « avancer » does solo."""
    host = guest_client()
    game = start(host, open_table(host, difficulty="hard"))
    assert game.moves.count() == 0  # the bots' passes are not chosen in « Commencer »
    live = LiveTable.objects.get(game=game)
    assert live.deadline is not None and live.deadline <= timezone.now()

    while clock.tick():
        pass

    passes = Game.objects.get(pk=game.pk).moves.filter(kind="pass")
    assert sorted(passes.values_list("seat", flat=True)) == [1, 2, 3]
    assert "Choisissez 3 cartes à passer" in table_page(host, game)


def test_the_bar_counts_the_bots_at_the_table_or_says_there_are_none(table) -> None:
    game, host, _ = table
    assert '<span class="table__level">2 robots\u00a0: Facile</span>' in table_page(host, game)

    other_host, *people = [guest_client() for _ in range(4)]
    full = open_table(other_host, "Alice")
    for seat, (client, name) in enumerate(
        zip(people, ["Bruno", "Chloé", "David"], strict=True), start=1
    ):
        assert sit(client, full, seat, name) == 200
    start(other_host, full)
    assert '<span class="table__level">Sans robots</span>' in table_page(people[0], full)
