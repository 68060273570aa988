"""A finished game replayed from another seat (« Voir depuis la place de Léa ») or with the
other hands hidden (« Cartes cachées »), the choice kept in the address by every link; a
game in progress shows only what the player saw, whatever the address asks."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from play.cardnames import full_name
from play.models import Game, Seat
from review.links import ReplayLinks
from review.replay import ReplayOptions, build_step
from review.selectors import load_hand
from tests.review.builders import dealt_cards, recorded_game
from tests.visits import HTMX, owner_of_client

pytestmark = pytest.mark.django_db


def step_url(game, hand: int, step: int, query: str = "") -> str:
    return reverse("review:replay_step", args=[game.pk, hand, step]) + query


def replay_of(client, url: str):
    """The step and its replay section (htmx's answer: not the site's header, whose links
    carry the page's own address)."""
    response = client.get(url, **HTMX)
    assert response.status_code == 200, url
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="replay"')
    assert "{#" not in html and "#}" not in html  # no template comment shown as text
    return response.context["replay"], html


def seat_name(html: str, place: str) -> str:
    match = re.search(
        rf'class="rseat rseat--{place}[^"]*">\s*<p class="rseat__head">\s*'
        r'<span class="rseat__name">([^<]+)</span>',
        html,
    )
    assert match, place
    return match[1]


def links_of(html: str) -> list[str]:
    return re.findall(r'href="([^"]*/revoir/\d+/\d+/[^"]*)"', html)


def test_another_seat_is_drawn_at_the_bottom_and_the_player_is_still_you(guest):
    game = recorded_game(owner_of_client(guest))

    replay, html = replay_of(guest, step_url(game, 1, 0, "?place=1"))

    assert [seat_name(html, place) for place in ("bottom", "left", "top", "right")] == [
        "Léa",
        "Hugo",
        "Chloé",
        "Vous",
    ]
    assert replay.order == [1, 2, 3, 0]
    for seat in range(4):
        for card in dealt_cards(game, 1, seat):
            assert full_name(card) in html
    # Back to one's own seat, or to the two others'.
    assert "Voir depuis votre place" in html
    assert "Voir depuis la place de Hugo" in html and "Voir depuis la place de Chloé" in html
    assert "Voir depuis la place de Léa" not in html


def test_the_captions_name_the_seat_shown_and_keep_you_for_the_player(guest):
    game = recorded_game(owner_of_client(guest))
    played = [replay_of(guest, step_url(game, 1, step, "?place=2"))[0] for step in range(2, 6)]

    captions = " ".join(replay.caption for replay in played)

    assert "Hugo joue" in captions or "Pli 1 pour Hugo" in captions
    assert "Vous jouez" in captions
    assert all(replay.you.name == "Hugo" for replay in played)


def test_every_link_of_the_replay_keeps_the_seat_and_the_hidden_cards(guest):
    game = recorded_game(owner_of_client(guest))

    _replay, html = replay_of(guest, step_url(game, 1, 3, "?place=3&cartes=cachees"))

    links = links_of(html)
    steps = [link for link in links if "/revoir/1/" in link or "/revoir/2/0/" in link]
    assert step_url(game, 1, 4, "?place=3&amp;cartes=cachees") in steps  # « Suivante »
    assert step_url(game, 1, 5, "?place=3&amp;cartes=cachees") in steps  # trick 1
    assert step_url(game, 2, 0, "?place=3&amp;cartes=cachees") in steps  # « Manche suivante »
    # The other choices change one option and keep the other.
    assert step_url(game, 1, 3, "?cartes=cachees") in links  # « Voir depuis votre place »
    assert step_url(game, 1, 3, "?place=3") in links  # « Toutes les cartes »
    assert all("place=3" in link or "cartes=cachees" in link for link in links)


def test_the_whole_page_shows_the_seat_asked_for(guest):
    game = recorded_game(owner_of_client(guest))

    response = guest.get(step_url(game, 1, 3, "?place=1"))

    assert response.status_code == 200
    assert "Voir depuis votre place" in response.content.decode()
    replay = response.context["replay"]
    assert replay.nav.next == step_url(game, 1, 4, "?place=1")
    assert replay.url == step_url(game, 1, 3, "?place=1")


def test_hidden_cards_show_the_game_as_the_player_saw_it(guest):
    game = recorded_game(owner_of_client(guest))

    _replay, html = replay_of(guest, step_url(game, 1, 0, "?cartes=cachees"))
    _replay, exchange = replay_of(guest, step_url(game, 1, 1, "?cartes=cachees"))

    for seat in (1, 2, 3):
        for card in dealt_cards(game, 1, seat):
            assert f'aria-label="{full_name(card)}' not in html
    for card in dealt_cards(game, 1, 0):
        assert f'aria-label="{full_name(card)}' in html
    assert html.count("13 cartes cachées") == 3
    assert exchange.count("Passées à") == 1 and exchange.count("Reçues de") == 1
    assert 'aria-current="true">Cartes cachées</a>' in html
    assert "Partie en cours" not in html  # hidden as asked, not because it is still played
    assert 'aria-current="true">Toutes les cartes</a>' not in html


def test_hidden_cards_from_another_seat_show_that_seats_hand_only(guest):
    game = recorded_game(owner_of_client(guest))

    _replay, html = replay_of(guest, step_url(game, 1, 0, "?place=2&cartes=cachees"))

    for card in dealt_cards(game, 1, 2):
        assert full_name(card) in html
    for seat in (0, 1, 3):
        for card in dealt_cards(game, 1, seat):
            assert f'aria-label="{full_name(card)}' not in html
    assert html.count("13 cartes cachées") == 3


def test_a_game_in_progress_ignores_the_seat_and_the_cards_asked_for(guest):
    game = recorded_game(owner_of_client(guest), hands=2, finished=False, plays_in_last=6)

    replay, html = replay_of(guest, step_url(game, 1, 0, "?place=1"))

    assert seat_name(html, "bottom") == "Vous"
    for seat in (1, 2, 3):
        for card in dealt_cards(game, 1, seat):
            assert full_name(card) not in html
    assert "Voir depuis" not in html and "Cartes cachées</a>" not in html
    assert "place=1" not in html
    assert replay.seat_choices == [] and replay.moments_url is not None


@pytest.mark.parametrize("place", ["0", "4", "-1", "x", "", "1.5", "١"])
def test_a_place_that_names_no_other_seat_shows_the_players_own(guest, place):
    game = recorded_game(owner_of_client(guest))

    replay, html = replay_of(guest, step_url(game, 1, 0, f"?place={place}&cartes=non"))

    assert seat_name(html, "bottom") == "Vous"
    assert replay.revealed
    assert replay.url == step_url(game, 1, 0)
    assert replay.nav.next == step_url(game, 1, 1)
    assert "cartes cachées" not in html  # « cartes=non » is no option: all hands shown


def test_the_key_moments_only_from_the_players_own_seat(guest):
    game = recorded_game(owner_of_client(guest))

    own, _html = replay_of(guest, step_url(game, 1, 0))
    hidden, _html = replay_of(guest, step_url(game, 1, 0, "?cartes=cachees"))
    other, html = replay_of(guest, step_url(game, 1, 0, "?place=1"))

    assert (
        own.moments_url == hidden.moments_url == reverse("review:replay_moments", args=[game.pk, 1])
    )
    assert other.moments_url is None
    assert reverse("review:replay_moments", args=[game.pk, 1]) not in html


def test_a_live_tables_player_sees_it_from_any_seat_and_their_own_is_you(guest, other_guest):
    host = owner_of_client(guest)
    friend = owner_of_client(other_guest)
    game = recorded_game(host, kind=Game.Kind.LIVE)
    for number, name, who in ((0, "Alice", host), (1, "Léa", None), (2, "Bruno", friend)):
        person = {"guest_id": who.guest_id} if who else {"is_bot": True}
        Seat.objects.create(game=game, number=number, name=name, **person)
    Seat.objects.create(game=game, number=3, name="Chloé", is_bot=True)

    own, html = replay_of(other_guest, step_url(game, 1, 0))
    hosts, _html = replay_of(other_guest, step_url(game, 1, 0, "?place=0"))

    assert seat_name(html, "bottom") == "Vous" and own.order[0] == 2
    assert "Voir depuis la place d’Alice" in html
    assert hosts.you.name == "Alice" and hosts.order[0] == 0
    assert [seat.name for seat in hosts.opponents] == ["Léa", "Vous", "Chloé"]
    # Seat 0's key moments are the host's: not for their friend, even from the host's seat.
    assert own.moments_url is None and hosts.moments_url is None


def test_with_the_cards_hidden_the_tricks_list_stops_at_the_step(guest_owner):
    # As the hand was seen: the winners of tricks still to come are not given away.
    game = recorded_game(guest_owner, hands=1)
    record = load_hand(game, 1)[1]
    step = record.trick_end_step(3) + 1
    hidden = build_step(
        game, [record.hand], record, step, ReplayLinks(game.pk), options=ReplayOptions(hidden=True)
    )
    shown = build_step(game, [record.hand], record, step, ReplayLinks(game.pk))

    assert [trick.number for trick in hidden.tricks] == [1, 2, 3]
    assert len(shown.tricks) == 13
