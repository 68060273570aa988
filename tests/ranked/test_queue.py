"""The queue's write paths and pages (ranked.services, ranked.views): join, cancel, a
table formed by the matcher (the clock's round), confirmations, no-shows dropped and the
others back at the front, « Compléter avec des robots », and the refusals."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from play.models import Game, Seat
from play.services import Refused
from ranked import services
from ranked.models import Proposal, QueueEntry, Rating
from ranked.selectors import Stage, queue_view
from tests.ranked.builders import accounts, match_now

pytestmark = pytest.mark.django_db


def waited(user_id: int, seconds: float) -> None:
    QueueEntry.objects.filter(user_id=user_id).update(
        joined_at=timezone.now() - timedelta(seconds=seconds)
    )


def rate_at(user_id: int, shown: int, target: int = 50) -> None:
    Rating.objects.create(user_id=user_id, target=target, shown=shown, games=10)


def test_four_close_players_get_a_proposal_and_the_last_confirmation_deals_the_table() -> None:
    users = accounts("anna", "bob", "carl", "dina")
    for user in users:
        services.join(user_id=user.pk, target=50, rated=True)
    assert queue_view(users[0].pk).stage == Stage.WAITING
    assert match_now() >= 1
    proposal = Proposal.objects.get()
    assert proposal.entries.count() == 4
    assert queue_view(users[0].pk).stage == Stage.FOUND
    for user in users[:3]:
        assert services.confirm(user_id=user.pk) is None
    assert queue_view(users[0].pk).stage == Stage.CONFIRMED
    url = services.confirm(user_id=users[3].pk)
    assert url
    game = Game.objects.get()
    assert game.status == Game.Status.PLAYING and game.live.rated and game.live.from_queue
    seats = Seat.objects.filter(game=game)
    assert sorted(seat.user_id for seat in seats) == sorted(user.pk for user in users)
    assert not seats.filter(is_bot=True).exists()
    assert game.live.turn_seconds and game.live.pass_seconds
    assert not QueueEntry.objects.exists() and not Proposal.objects.exists()
    view = queue_view(users[1].pk)
    assert view.stage == Stage.PLAYING and view.game_url == url


def test_far_ratings_wait_and_meet_once_their_ranges_widened() -> None:
    users = accounts("anna", "bob", "carl", "dina")
    for user, shown in zip(users, (1500, 1560, 1620, 1680), strict=True):
        rate_at(user.pk, shown)
        services.join(user_id=user.pk, target=50, rated=True)
    match_now()
    assert not Proposal.objects.exists()
    view = queue_view(users[0].pk)
    assert (view.low, view.high, view.waiting) == (1400, 1600, 4)
    for user in users:
        waited(user.pk, 40)  # ±300
    match_now()
    assert Proposal.objects.get().entries.count() == 4


def test_nobody_is_matched_twice_and_the_queues_stay_apart() -> None:
    users = accounts(*(f"p{number}" for number in range(9)))
    for user in users[:8]:
        services.join(user_id=user.pk, target=50, rated=True)
    services.join(user_id=users[8].pk, target=100, rated=True)
    match_now()
    proposals = list(Proposal.objects.all())
    assert len(proposals) == 2
    matched = list(
        QueueEntry.objects.filter(proposal__isnull=False).values_list("user_id", flat=True)
    )
    assert len(matched) == len(set(matched)) == 8
    assert QueueEntry.objects.get(user=users[8]).proposal is None


def test_a_no_show_is_dropped_and_the_others_go_back_to_the_front_of_the_queue() -> None:
    users = accounts("anna", "bob", "carl", "dina", "late")
    for user in users[:4]:
        services.join(user_id=user.pk, target=50, rated=True)
        waited(user.pk, 30)
    match_now()
    services.join(user_id=users[4].pk, target=50, rated=True)
    for user in users[:3]:
        services.confirm(user_id=user.pk)
    Proposal.objects.update(arrive_by=timezone.now() - timedelta(seconds=1))
    match_now()
    assert not QueueEntry.objects.filter(user=users[3]).exists()
    assert queue_view(users[3].pk).stage == Stage.IDLE
    # The three who came are back in the queue, in front of the one who came later, and
    # in the same round the matcher puts the four of them together again.
    ahead = list(QueueEntry.objects.order_by("joined_at").values_list("user_id", flat=True))
    assert set(ahead[:3]) == {user.pk for user in users[:3]} and ahead[3] == users[4].pk
    again = Proposal.objects.get()
    assert set(again.entries.values_list("user_id", flat=True)) == {
        user.pk for user in (*users[:3], users[4])
    }
    assert not again.entries.filter(confirmed=True).exists()
    assert not Game.objects.exists()


def test_cancel_leaves_the_queue_and_frees_the_table_found() -> None:
    users = accounts("anna", "bob", "carl", "dina")
    for user in users:
        services.join(user_id=user.pk, target=50, rated=True)
    match_now()
    services.cancel(user_id=users[2].pk)
    assert not QueueEntry.objects.filter(user=users[2]).exists()
    assert not Proposal.objects.exists()
    assert QueueEntry.objects.filter(proposal__isnull=True).count() == 3


def test_joining_again_keeps_one_place_and_a_player_at_a_table_cannot_join() -> None:
    (anna,) = accounts("anna")
    services.join(user_id=anna.pk, target=50, rated=True)
    services.join(user_id=anna.pk, target=100, rated=False)
    entry = QueueEntry.objects.get(user=anna)
    assert (entry.target, entry.rated) == (100, False)
    users = [anna, *accounts("bob", "carl", "dina")]
    services.cancel(user_id=anna.pk)
    for user in users:
        services.join(user_id=user.pk, target=50, rated=True)
    match_now()
    for user in users:
        services.confirm(user_id=user.pk)
    with pytest.raises(Refused) as refused:
        services.join(user_id=anna.pk, target=50, rated=True)
    assert refused.value.message == "Vous avez déjà une partie en direct en cours."


def test_an_amicale_queue_offers_bots_after_a_minute() -> None:
    anna, bob = accounts("anna", "bob")
    services.join(user_id=anna.pk, target=50, rated=False)
    with pytest.raises(Refused):
        services.fill_with_bots(user_id=anna.pk)
    assert not queue_view(anna.pk).can_fill_with_bots
    waited(anna.pk, 61)
    services.join(user_id=bob.pk, target=50, rated=False)
    assert queue_view(anna.pk).can_fill_with_bots
    services.fill_with_bots(user_id=anna.pk)
    proposal = Proposal.objects.get()
    assert (proposal.bots, proposal.rated, proposal.entries.count()) == (2, False, 2)
    url = services.confirm(user_id=bob.pk)
    assert url
    game = Game.objects.get()
    assert Seat.objects.filter(game=game, is_bot=True).count() == 2
    assert not game.live.rated


def test_a_lone_player_taking_the_bots_is_dealt_a_table_at_once() -> None:
    """Nobody else to confirm: no « Les joueurs arrivent : 1 sur 1… », no no-show delay."""
    (anna,) = accounts("anna")
    services.join(user_id=anna.pk, target=50, rated=True)
    waited(anna.pk, 61)

    url = services.fill_with_bots(user_id=anna.pk)

    game = Game.objects.get()
    assert url == game.get_absolute_url() and not game.live.rated
    assert Seat.objects.filter(game=game, is_bot=True).count() == 3
    assert not QueueEntry.objects.exists() and not Proposal.objects.exists()
    assert queue_view(anna.pk).stage == Stage.PLAYING


def test_the_queue_says_how_many_players_are_missing() -> None:
    anna, bob, carl = accounts("anna", "bob", "carl")
    services.join(user_id=anna.pk, target=50, rated=True)
    assert queue_view(anna.pk).missing == 3
    services.join(user_id=bob.pk, target=50, rated=True)
    services.join(user_id=carl.pk, target=50, rated=False)  # another queue
    assert (queue_view(anna.pk).waiting, queue_view(anna.pk).missing) == (2, 2)
    assert queue_view(carl.pk).missing == 3


def test_a_ranked_place_may_switch_to_amicale_with_bots_after_a_minute() -> None:
    """Bots never play a rated game: the one who asks plays a friendly one now, with whoever
    waits in « Amicale »; the one waiting in « Classée » is invited, and keeps the place
    there by staying."""
    anna, bob, carl = accounts("anna", "bob", "carl")
    services.join(user_id=anna.pk, target=50, rated=True)
    services.join(user_id=bob.pk, target=50, rated=True)
    services.join(user_id=carl.pk, target=50, rated=False)
    assert not queue_view(anna.pk).can_fill_with_bots
    waited(anna.pk, 61)
    assert queue_view(anna.pk).can_fill_with_bots

    services.fill_with_bots(user_id=anna.pk)

    proposal = Proposal.objects.get()
    assert (proposal.bots, proposal.rated) == (1, False)
    assert {entry.user_id for entry in proposal.entries.all()} == {anna.pk, bob.pk, carl.pk}
    assert not QueueEntry.objects.get(user_id=anna.pk).rated
    assert queue_view(bob.pk).stage == Stage.INVITED and queue_view(bob.pk).rated
    services.confirm(user_id=carl.pk)
    assert services.decline(user_id=bob.pk)
    game = Game.objects.get()
    assert not game.live.rated and Seat.objects.filter(game=game, is_bot=True).count() == 2
    assert queue_view(bob.pk).stage == Stage.WAITING and queue_view(bob.pk).rated


def test_the_page_offers_the_switch_and_an_invitation_to_the_same_queue() -> None:
    (anna,) = accounts("anna")
    client = Client()
    client.force_login(anna)
    services.join(user_id=anna.pk, target=100, rated=True)
    page = client.get(reverse("ranked:queue")).content.decode()
    assert "Une table se joue à quatre\u00a0: il en manque 3." in page
    assert 'data-offer-at="60" hidden' in page and "Après une minute d’attente" in page
    assert 'data-invite="/direct/?partie=100&amp;type=classee"' in page
    waited(anna.pk, 61)
    later = client.get(reverse("ranked:queue")).content.decode()
    assert 'data-offer-at="60">' in later and "Passer en Amicale avec des robots" in later
    assert "Après une minute d’attente" not in later

    services.cancel(user_id=anna.pk)
    invited = client.get("/direct/?partie=100&type=amicale").content.decode()
    assert re.search(r'value="100"[^>]*checked', invited)
    assert re.search(r'value="amicale"[^>]*checked', invited)
    ignored = client.get("/direct/?partie=75&type=x").content.decode()
    assert re.search(r'value="50"[^>]*checked', ignored)
    assert re.search(r'value="classee"[^>]*checked', ignored)


def test_a_guest_is_told_that_ranked_play_needs_an_account(client: Client) -> None:
    page = client.get(reverse("ranked:play"))
    assert page.status_code == 200
    text = page.content.decode()
    assert "avec un compte" in text
    assert f"{reverse('accounts:signup')}?next=/direct/" in text
    assert f"{reverse('accounts:login')}?next=/direct/" in text
    assert client.post(reverse("ranked:join"), {"target": 50, "kind": "classee"}).status_code == 302
    assert not QueueEntry.objects.exists()
    assert client.get(reverse("ranked:queue")).status_code == 302


def test_the_pages_join_show_the_queue_and_cancel(client: Client) -> None:
    (anna,) = accounts("anna")
    client.force_login(anna)
    page = client.get(reverse("ranked:play")).content.decode()
    assert "Options de partie" in page and "Classée" in page and "Amicale" in page
    response = client.post(reverse("ranked:join"), {"target": 50, "kind": "classee"})
    assert response.status_code == 302 and response["Location"] == reverse("ranked:queue")
    queue = client.get(reverse("ranked:queue")).content.decode()
    for words in ("Recherche de joueurs…", "Annuler", "Joueurs en attente", "de 1400 à 1600"):
        assert words in queue
    assert client.post(reverse("ranked:cancel")).status_code == 302
    assert not QueueEntry.objects.exists()


@pytest.mark.parametrize(
    "data", [{}, {"target": 7, "kind": "classee"}, {"target": 50, "kind": "x" * 5000}]
)
def test_bad_options_are_a_400_with_the_reason(client: Client, data: dict) -> None:
    (anna,) = accounts("anna")
    client.force_login(anna)
    response = client.post(reverse("ranked:join"), data)
    assert response.status_code == 400
    assert "form-error" in response.content.decode()
    assert not QueueEntry.objects.exists()
