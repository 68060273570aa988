"""A game's score sheet: each hand's points and the running totals, a way into each hand."""

from __future__ import annotations

import pytest
from django.urls import reverse

from play.ownership import Owner
from tests.review.builders import recorded_game
from tests.visits import owner_of_client

pytestmark = pytest.mark.django_db


def sheet_url(game) -> str:
    return reverse("review:replay", args=[game.pk])


def test_the_sheet_lists_every_hand_with_its_scores_and_totals(guest):
    game = recorded_game(owner_of_client(guest), hands=3)

    response = guest.get(sheet_url(game))

    assert response.status_code == 200
    sheet = response.context["sheet"]
    assert [row.number for row in sheet.rows] == [1, 2, 3]
    assert [cell.total for cell in sheet.rows[-1].cells] == game.totals
    html = response.content.decode()
    for number in (1, 2, 3):
        assert reverse("review:replay_step", args=[game.pk, number, 0]) in html
    assert "Classement" in html
    assert "Créer un lien de partage" in html


def test_a_game_in_progress_offers_to_resume_and_no_share(guest):
    game = recorded_game(owner_of_client(guest), hands=2, finished=False, plays_in_last=4)

    html = guest.get(sheet_url(game)).content.decode()

    assert "Reprendre la partie" in html
    assert reverse("game:table", args=[game.pk]) in html
    assert "Créer un lien de partage" not in html
    assert "Classement" not in html


def test_another_guests_sheet_is_not_found(guest, other_guest):
    game = recorded_game(owner_of_client(other_guest), hands=1)

    assert guest.get(sheet_url(game)).status_code == 404


def test_another_users_sheet_is_not_found(guest, member, django_user_model):
    user = django_user_model.objects.get(username="camille")
    game = recorded_game(Owner(user_id=user.pk), hands=1)

    assert member.get(sheet_url(game)).status_code == 200
    assert guest.get(sheet_url(game)).status_code == 404


def test_an_unknown_game_is_not_found(guest):
    assert guest.get(reverse("review:replay", args=[999999])).status_code == 404
