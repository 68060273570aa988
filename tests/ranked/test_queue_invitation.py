"""« Passer en Amicale avec des robots » with others waiting in « Classée » (ranked.services):
they are invited to that friendly table rather than left behind to meet a table each of
bots. Each answers « Rejoindre la table amicale » (confirm) or « Rester en Classée »
(decline), or lets the invitation run out, and keeps the place in « Classée » unless they
accept; whoever does not come is replaced by a bot, never costing the others their table."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from play.models import Game, Seat
from ranked import services
from ranked.models import Proposal, QueueEntry
from ranked.selectors import Stage, queue_view
from tests.ranked.builders import accounts

pytestmark = pytest.mark.django_db


def three_waiting_in_classee() -> list[User]:
    """anna, bob and carl in « Classée » for 50 points, a minute and more: the bots offered."""
    users = accounts("anna", "bob", "carl")
    for user in users:
        services.join(user_id=user.pk, target=50, rated=True)
    QueueEntry.objects.update(joined_at=timezone.now() - timedelta(seconds=70))
    return users


def people_and_bots(game: Game) -> tuple[set[int], int]:
    seats = Seat.objects.filter(game=game)
    people = {seat.user_id for seat in seats if seat.user_id is not None}
    return people, seats.filter(is_bot=True).count()


def test_the_others_waiting_in_classee_are_invited_and_those_who_accept_play_together() -> None:
    anna, bob, carl = three_waiting_in_classee()

    assert services.fill_with_bots(user_id=anna.pk) is None

    proposal = Proposal.objects.get()
    assert (proposal.rated, proposal.bots, proposal.entries.count()) == (False, 1, 3)
    invitation = queue_view(bob.pk)
    assert (invitation.stage, invitation.hosts) == (Stage.INVITED, "anna")
    assert 0 < invitation.answer_seconds <= services.ARRIVE_SECONDS
    assert queue_view(anna.pk).stage == Stage.CONFIRMED

    assert services.confirm(user_id=bob.pk) is None
    assert queue_view(bob.pk).stage == Stage.CONFIRMED
    url = services.confirm(user_id=carl.pk)

    game = Game.objects.get()
    assert url == game.get_absolute_url() and not game.live.rated
    assert people_and_bots(game) == ({anna.pk, bob.pk, carl.pk}, 1)
    assert not QueueEntry.objects.exists() and not Proposal.objects.exists()


def test_staying_in_classee_keeps_the_place_and_a_bot_takes_the_seat() -> None:
    anna, bob, carl = three_waiting_in_classee()
    bob_arrived = QueueEntry.objects.get(user_id=bob.pk).joined_at
    services.fill_with_bots(user_id=anna.pk)
    services.confirm(user_id=carl.pk)

    url = services.decline(user_id=bob.pk)

    game = Game.objects.get()
    assert url == game.get_absolute_url()
    assert people_and_bots(game) == ({anna.pk, carl.pk}, 2)
    kept = QueueEntry.objects.get(user_id=bob.pk)
    assert (kept.rated, kept.proposal_id, kept.joined_at) == (True, None, bob_arrived)
    assert queue_view(bob.pk).stage == Stage.WAITING


def test_an_invitation_left_unanswered_keeps_the_place_and_the_table_is_dealt_with_bots() -> None:
    anna, bob, carl = three_waiting_in_classee()
    services.fill_with_bots(user_id=anna.pk)
    Proposal.objects.update(arrive_by=timezone.now() - timedelta(seconds=1))

    assert services.drop_no_shows() == 1

    game = Game.objects.get()
    assert people_and_bots(game) == ({anna.pk}, 3)
    for user in (bob, carl):
        view = queue_view(user.pk, notice="unanswered")
        assert view.stage == Stage.WAITING and view.rated
        assert view.notice == "Sans réponse de votre part, vous gardez votre place en Classée."


def test_a_closed_page_is_replaced_by_a_bot_at_once() -> None:
    """An invited page that closes will not answer: no waiting for the 20 s."""
    anna, bob, carl = three_waiting_in_classee()
    services.fill_with_bots(user_id=anna.pk)
    services.confirm(user_id=carl.pk)

    services.page_closed(user_id=bob.pk)
    services.drop_no_shows()

    assert people_and_bots(Game.objects.get()) == ({anna.pk, carl.pk}, 2)


def test_a_friendly_no_show_no_longer_sends_the_one_who_chose_bots_back_to_the_queue() -> None:
    anna, bob = accounts("anna", "bob")
    services.join(user_id=anna.pk, target=50, rated=False)
    services.join(user_id=bob.pk, target=50, rated=False)
    QueueEntry.objects.filter(user_id=anna.pk).update(
        joined_at=timezone.now() - timedelta(seconds=70)
    )
    services.fill_with_bots(user_id=anna.pk)
    Proposal.objects.update(arrive_by=timezone.now() - timedelta(seconds=1))

    services.drop_no_shows()

    assert people_and_bots(Game.objects.get()) == ({anna.pk}, 3)
    assert not QueueEntry.objects.filter(user_id=bob.pk).exists()


def test_an_invited_player_who_cancels_leaves_and_the_table_goes_on() -> None:
    anna, bob, carl = three_waiting_in_classee()
    services.fill_with_bots(user_id=anna.pk)
    services.confirm(user_id=carl.pk)

    services.cancel(user_id=bob.pk)

    assert people_and_bots(Game.objects.get()) == ({anna.pk, carl.pk}, 2)
    assert not QueueEntry.objects.exists()


def test_the_one_who_chose_bots_cancelling_sends_the_others_back_to_classee() -> None:
    anna, bob, carl = three_waiting_in_classee()
    services.fill_with_bots(user_id=anna.pk)

    services.cancel(user_id=anna.pk)

    assert not Game.objects.exists() and not Proposal.objects.exists()
    assert all(queue_view(user.pk).stage == Stage.WAITING for user in (bob, carl))
    assert all(queue_view(user.pk).rated for user in (bob, carl))


def test_declining_is_only_for_an_invitation() -> None:
    anna, bob, _carl = three_waiting_in_classee()
    assert services.decline(user_id=bob.pk) is None
    services.fill_with_bots(user_id=anna.pk)
    assert services.decline(user_id=anna.pk) is None
    assert Proposal.objects.get().bots == 1


def test_the_invited_page_asks_and_says_what_staying_means() -> None:
    anna, bob, _carl = three_waiting_in_classee()
    services.fill_with_bots(user_id=anna.pk)
    client = Client()
    client.force_login(bob)

    page = client.get(reverse("ranked:queue")).content.decode()

    assert "Une table amicale vous est proposée" in page
    assert "Proposée par anna\u00a0: une partie amicale" in page
    assert "une partie amicale en 50 points, où des robots prennent les places libres" in page
    assert 'data-queue-answer="ready">Rejoindre la table amicale<' in page
    assert 'data-queue-answer="decline">Rester en Classée<' in page
    assert "vous gardez la vôtre en Classée" in page
