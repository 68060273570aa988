"""« Moments clés »: the player's choices beside the « Difficile » bot's, with the points a
different choice cost; computed on demand for a finished hand, once, then kept in the
database."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from game.engine import Card, Move as EngineMove, PassDirection
from play.models import Game, Hand
from play.steps import HandRecord
from review import analysis as moment_analysis, moment_store
from review.models import HandAnalysis
from review.reasons import Reason, ReasonKey
from tests.review.builders import recorded_game
from tests.review.test_moments_reasons import QUEEN_TRAP
from tests.visits import HTMX, owner_of_client

pytestmark = pytest.mark.django_db

# The deal of the analysis tests: you take Chloé's Q♠ with the A♠ when the 2♠ would duck.
QUEEN_TRAP_HANDS = QUEEN_TRAP
QUEEN_TRAP_PLAYS = [(1, "2C"), (2, "AC"), (3, "3C"), (0, "4C"), (2, "3S"), (3, "QS"), (0, "AS")]


@pytest.fixture
def few_worlds(monkeypatch):
    """Fewer sampled worlds: the tests check the plumbing, not the estimate's precision."""
    monkeypatch.setattr(moment_analysis, "PLAY_WORLDS", 6)
    monkeypatch.setattr(moment_analysis, "PASS_WORLDS", 4)


@pytest.fixture(autouse=True)
def inline_worker(monkeypatch):
    """The worker's job runs inside the request: these tests' database is their own
    transaction, which a thread would not see (the background path:
    tests/review/test_moments_background.py)."""
    monkeypatch.setattr(moment_store, "schedule", lambda job: job())


def moments_url(game: Game, hand: int) -> str:
    return reverse("review:replay_moments", args=[game.pk, hand])


def step_url(game: Game, hand: int, step: int) -> str:
    return reverse("review:replay_step", args=[game.pk, hand, step])


def queen_trap() -> HandRecord:
    hand = Hand(number=4, direction="none", dealt=QUEEN_TRAP_HANDS)
    moves = [EngineMove.playing(seat, code) for seat, code in QUEEN_TRAP_PLAYS]
    return HandRecord(
        hand=hand, dealt=hand.dealt_cards(), direction=PassDirection.NONE, moves=moves
    )


def test_taking_the_queen_with_the_ace_is_a_key_moment_that_cost_points():
    record = queen_trap()

    analysis = moment_analysis.analyse(record, seed=5)

    trap = analysis.choices[-1]
    assert trap.trick == 2
    assert trap.played == ("AS",) and trap.suggested == ("2S",)
    assert trap.loss >= 3
    assert trap.reasons[0] == Reason(ReasonKey.TRICK, points=13)
    assert trap.step == record.decision_step(6)
    assert record.deal_at(trap.step).turn == 0


def test_every_choice_of_a_hand_is_weighed_once(guest, few_worlds):
    game = recorded_game(owner_of_client(guest), hands=1)
    hand = game.hands.get()
    record = HandRecord.of(hand, hand.moves.all())

    analysis = moment_analysis.analyse(record, seed=game.seed)

    assert analysis.choices[0].trick is None and analysis.choices[0].step == 0
    for choice in analysis.choices[1:]:
        deal = record.deal_at(choice.step)
        view = deal.view(0)
        assert deal.turn == 0 and len(view.legal) > 1
        assert Card.from_code(choice.played[0]) in view.legal
        assert Card.from_code(choice.suggested[0]) in view.legal
        assert choice.differs == (choice.loss is not None)


def test_the_analysis_is_asked_for_then_shown_on_every_step(guest, few_worlds):
    game = recorded_game(owner_of_client(guest), hands=1)
    before = guest.get(step_url(game, 1, 0)).content.decode()
    assert "Analyser la manche" in before

    response = guest.get(moments_url(game, 1), {"etape": 0}, **HTMX)

    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="moments"')
    assert "identique" in html
    assert moment_store.stored_analysis(game.hands.get(number=1)) is not None
    after = guest.get(step_url(game, 1, 3)).content.decode()
    assert "Analyser la manche" not in after and "identique" in after


def test_a_stored_analysis_is_not_computed_again(guest, few_worlds, monkeypatch):
    game = recorded_game(owner_of_client(guest), hands=1)
    guest.get(moments_url(game, 1), **HTMX)
    monkeypatch.setattr(
        moment_store, "analyse", lambda *args, **kwargs: pytest.fail("computed twice")
    )

    assert guest.get(moments_url(game, 1), **HTMX).status_code == 200


def test_without_htmx_the_analysis_comes_back_to_the_step(guest, few_worlds):
    game = recorded_game(owner_of_client(guest), hands=1)

    response = guest.get(moments_url(game, 1), {"etape": 7})

    assert response.status_code == 302
    assert response["Location"] == step_url(game, 1, 7)


def test_the_hand_being_played_is_never_analysed(guest):
    game = recorded_game(owner_of_client(guest), hands=2, finished=False, plays_in_last=6)

    assert guest.get(moments_url(game, 2), **HTMX).status_code == 404
    assert "Analyser la manche" not in guest.get(step_url(game, 2, 3)).content.decode()


def test_another_guests_hand_is_not_analysed(guest, other_guest):
    game = recorded_game(owner_of_client(other_guest), hands=1)

    assert guest.get(moments_url(game, 1), **HTMX).status_code == 404
    assert moment_store.stored_analysis(game.hands.get(number=1)) is None


def test_a_shared_game_can_be_analysed_through_its_link(guest, few_worlds):
    game = recorded_game(owner_of_client(guest), hands=1)
    guest.post(reverse("review:share", args=[game.pk]))
    token = Game.objects.get(pk=game.pk).share_token

    response = Client().get(reverse("review:shared_moments", args=[token, 1]), **HTMX)

    assert response.status_code == 200
    links = re.findall(r'href="([^"]+)"', response.content.decode())
    stored = moment_store.stored_analysis(game.hands.get(number=1))
    assert stored is not None and len(links) >= len(stored.moments) > 0
    assert all(link.startswith(f"/partage/{token}/1/") for link in links)


def test_the_analysis_is_kept_in_the_database_for_every_process(guest, few_worlds, monkeypatch):
    game = recorded_game(owner_of_client(guest), hands=1)
    guest.get(moments_url(game, 1), **HTMX)
    # Another process has its own memory: only the database is shared.
    cache.clear()
    monkeypatch.setattr(
        moment_store, "analyse", lambda *args, **kwargs: pytest.fail("computed twice")
    )

    response = guest.get(moments_url(game, 1), **HTMX)

    assert response.status_code == 200 and "identique" in response.content.decode()
    assert HandAnalysis.objects.get(hand__game=game, hand__number=1).choices is not None


def test_while_another_request_computes_it_the_page_asks_again(guest, monkeypatch):
    game = recorded_game(owner_of_client(guest), hands=1)
    hand = game.hands.get(number=1)
    HandAnalysis.objects.create(
        hand=hand,
        version=moment_store.ANALYSIS_VERSION,
        started_at=timezone.now(),
        choices_done=5,
        choices_total=12,
    )
    monkeypatch.setattr(
        moment_store, "analyse", lambda *args, **kwargs: pytest.fail("computed twice")
    )

    response = guest.get(moments_url(game, 1), {"etape": 2}, **HTMX)

    html = response.content.decode()
    assert response.status_code == 200
    assert "Analyse en cours… 5 / 12 choix" in html
    assert '<progress value="5" max="12">' in html
    poll = f"{moments_url(game, 1)}?etape=2&amp;suivi=1"
    assert f'hx-get="{poll}"' in html and "load delay" in html


def running_row(hand: Hand, started: timedelta = timedelta(0)) -> HandAnalysis:
    return HandAnalysis.objects.create(
        hand=hand,
        version=moment_store.ANALYSIS_VERSION,
        started_at=timezone.now() - started,
        choices_done=3,
        choices_total=12,
    )


def test_the_pages_polls_are_not_counted_against_the_limit(guest):
    # A long queue in the worker: the page keeps asking once a second, past the 20 a minute
    # that starting analyses may take.
    game = recorded_game(owner_of_client(guest), hands=1)
    running_row(game.hands.get(number=1))
    cache.clear()
    for _poll in range(30):
        response = guest.get(moments_url(game, 1), {"etape": 0, "suivi": 1}, **HTMX)
        assert response.status_code == 200
        assert "Analyse en cours… 3 / 12 choix" in response.content.decode()


def test_a_poll_claims_nothing_and_offers_the_button_again_once_the_claim_lapsed(
    guest, monkeypatch
):
    game = recorded_game(owner_of_client(guest), hands=1)
    hand = game.hands.get(number=1)
    running_row(hand, started=moment_store.RUNNING_LAPSES_AFTER + timedelta(seconds=1))
    monkeypatch.setattr(moment_store, "schedule", lambda job: pytest.fail("claimed by a poll"))

    response = guest.get(moments_url(game, 1), {"etape": 4, "suivi": 1}, **HTMX)

    html = response.content.decode()
    assert response.status_code == 200 and "Analyser la manche" in html
    assert f'hx-get="{moments_url(game, 1)}?etape=4"' in html
    assert HandAnalysis.objects.get(hand=hand).choices is None


def test_an_analysis_whose_request_died_is_taken_over(guest, few_worlds):
    game = recorded_game(owner_of_client(guest), hands=1)
    hand = game.hands.get(number=1)
    HandAnalysis.objects.create(
        hand=hand,
        version=moment_store.ANALYSIS_VERSION,
        started_at=timezone.now() - moment_store.RUNNING_LAPSES_AFTER - timedelta(seconds=1),
    )

    response = guest.get(moments_url(game, 1), **HTMX)

    assert response.status_code == 200 and "identique" in response.content.decode()
    assert moment_store.stored_analysis(hand) is not None


def test_the_hidden_cards_stay_hidden_on_the_steps_the_moments_link_to(guest, few_worlds):
    game = recorded_game(owner_of_client(guest), hands=1)
    page = guest.get(step_url(game, 1, 0), {"cartes": "cachees"}).content.decode()
    analyse = f"{moments_url(game, 1)}?etape=0&amp;cartes=cachees"
    assert f'hx-get="{analyse}"' in page

    html = guest.get(moments_url(game, 1), {"etape": 0, "cartes": "cachees"}, **HTMX)

    links = re.findall(r'href="(/partie/\d+/revoir/1/\d+/[^"]*)"', html.content.decode())
    step_links = [link for link in links if "rejouer" not in link]
    assert step_links and all(link.endswith("?cartes=cachees") for link in step_links)


def test_a_long_analysis_that_still_reports_is_not_taken_over(guest, monkeypatch):
    # Claimed long ago, but its worker weighed a choice a moment ago: it is alive.
    game = recorded_game(owner_of_client(guest), hands=1)
    hand = game.hands.get(number=1)
    row = running_row(hand, started=moment_store.RUNNING_LAPSES_AFTER * 3)
    HandAnalysis.objects.filter(pk=row.pk).update(beat_at=timezone.now())
    monkeypatch.setattr(moment_store, "schedule", lambda job: pytest.fail("taken over"))

    polled = guest.get(moments_url(game, 1), {"etape": 0, "suivi": 1}, **HTMX)
    asked = guest.get(moments_url(game, 1), {"etape": 0}, **HTMX)

    for response in (polled, asked):
        assert "Analyse en cours… 3 / 12 choix" in response.content.decode()
    assert HandAnalysis.objects.get(pk=row.pk).started_at == row.started_at
