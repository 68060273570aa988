"""« Analyser la manche » on the table's result panels: the replay of the hand just
finished at its last step, the key moments in view (they weigh seat 0's choices, so only
seat 0's player is offered them; a lesson too)."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client
from django.urls import reverse

from play.models import Game
from play.table import build_table
from tests.driving import position_of
from tests.review.builders import recorded_game
from tests.review.test_practice_view import live_table

pytestmark = pytest.mark.django_db

LABEL = "Analyser la manche"


def analysis_url(game: Game, hand: int, last_step: int) -> str:
    step = reverse("review:replay_step", args=[game.pk, hand, last_step])
    return f"{step}?analyser=1#moments"


def test_the_end_of_hand_panel_leads_to_the_hands_key_moments(guest: Client, guest_owner):
    # Hand 1 over, the next one not dealt yet: the table shows « Fin de la manche 1 ».
    game = recorded_game(guest_owner, hands=1, finished=False)

    page = guest.get(reverse("game:table", args=[game.pk]))

    html = page.content.decode()
    assert "Manche suivante" in html
    url = analysis_url(game, 1, 53)  # the exchange, then 52 cards
    assert f'href="{url}">{LABEL}</a>' in html
    replay = guest.get(url.removesuffix("#moments"))
    assert replay.status_code == 200
    # One press is enough: the replay asks for the hand's analysis as it loads.
    moments = reverse("review:replay_moments", args=[game.pk, 1])
    assert f'hx-get="{moments}?etape=53" hx-trigger="load, click"' in replay.content.decode()
    plain = guest.get(url.removesuffix("?analyser=1#moments")).content.decode()
    assert 'hx-trigger="load, click"' not in plain and f'hx-get="{moments}?etape=53"' in plain


def test_the_end_of_game_panel_leads_to_the_last_hands_key_moments(guest: Client, guest_owner):
    # Hand 4 has no pass: its last step is its 52nd card.
    game = recorded_game(guest_owner, hands=4, finished=True)

    html = guest.get(reverse("game:table", args=[game.pk])).content.decode()

    assert "Revoir la partie" in html
    assert f'href="{analysis_url(game, 4, 52)}">{LABEL}</a>' in html


def test_a_hand_being_played_offers_no_analysis(guest: Client, guest_owner):
    game = recorded_game(guest_owner, hands=1, finished=False, plays_in_last=9)

    html = guest.get(reverse("game:table", args=[game.pk])).content.decode()

    assert LABEL not in html


def test_at_a_live_table_only_seat_0_is_offered_the_analysis(guest_owner):
    game = live_table(guest_owner, uuid.uuid4(), finished=False)
    position = position_of(game)

    assert build_table(position, viewer=0).analysis_url == analysis_url(game, 1, 53)
    assert build_table(position, viewer=2).analysis_url is None
    assert build_table(position, viewer=None).analysis_url is None


def test_a_lesson_is_reviewed_like_any_game(guest_owner):
    # « Mes parties » lists it with its replay, « Moments clés » and « Rejouer ce moment »:
    # its table's result panel leads there too.
    game = recorded_game(guest_owner, hands=1, finished=True, kind=Game.Kind.TUTORIAL)

    assert build_table(position_of(game)).analysis_url == analysis_url(game, 1, 53)
