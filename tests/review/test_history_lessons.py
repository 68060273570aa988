"""A finished tutorial deal in « Mes parties »: listed as « Tutoriel », reviewed like any game
(its score sheet and replay), never won nor lost, kept out of the statistics, not shared."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from play.models import Game
from review.stats import player_stats
from tests.review.builders import recorded_game
from tests.tutorial.helpers import follow_the_hint
from tests.visits import game_url, owner_of_client
from tutorial import services as tutorial_services

pytestmark = pytest.mark.django_db

HISTORY = reverse("review:history")


def finished_lesson(client) -> Game:
    owner = owner_of_client(client)
    return follow_the_hint(tutorial_services.start_tutorial(owner=owner), owner)


def rows_of(response) -> list[Game]:
    return [row.game for row in response.context["history"].rows]


def test_a_finished_lesson_is_listed_as_a_tutorial_with_its_replay(guest):
    lesson = finished_lesson(guest)
    game = recorded_game(owner_of_client(guest), winner=0, seed=1)

    response = guest.get(HISTORY)

    assert rows_of(response) == [game, lesson]  # newest first
    html = response.content.decode()
    assert "Tutoriel" in html and "Apprendre à jouer · donne guidée" in html
    assert html.count("Victoire") == 1  # the solo game's; a lesson is neither won nor lost
    assert game_url("review:replay", lesson) in html


def test_a_lesson_in_progress_is_not_listed(guest):
    tutorial_services.start_tutorial(owner=owner_of_client(guest))

    assert rows_of(guest.get(HISTORY)) == []


@pytest.mark.parametrize("result", ["gagnees", "perdues", "en-cours"])
def test_a_lesson_is_under_no_result_filter(guest, result):
    finished_lesson(guest)

    assert rows_of(guest.get(HISTORY, {"resultat": result})) == []


def test_a_lesson_opens_its_score_sheet_and_its_replay(guest):
    lesson = finished_lesson(guest)

    sheet = guest.get(game_url("review:replay", lesson))
    step = guest.get(reverse("review:replay_step", args=[lesson.pk, 1, 1]))

    assert sheet.status_code == 200 and step.status_code == 200
    assert "Feuille de marque" in sheet.content.decode()
    assert "Partager" not in sheet.content.decode()
    # Neither won nor lost, on its sheet as in the list.
    assert re.search(r'class="result result--\w+">Tutoriel<', sheet.content.decode())


def test_a_lesson_is_not_shared_nor_counted_in_the_statistics(guest):
    lesson = finished_lesson(guest)

    assert guest.post(game_url("review:share", lesson)).status_code == 404
    lesson.refresh_from_db()
    assert lesson.share_token is None
    assert player_stats(owner_of_client(guest)).overall.played == 0


def test_another_visitors_lesson_stays_theirs(guest, other_guest):
    lesson = finished_lesson(other_guest)

    assert rows_of(guest.get(HISTORY)) == []
    assert guest.get(game_url("review:replay", lesson)).status_code == 404
