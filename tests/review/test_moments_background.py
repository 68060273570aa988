"""« Analyser la manche » in the background: the request claims the hand and answers at once
with the progress; this process's worker computes it, once, and stores it
(review.moment_store). Real threads and connections: a transactional test."""

from __future__ import annotations

import re
import time

import pytest
from django.db import connection
from django.urls import reverse

from review import analysis as moment_analysis, moment_store
from review.models import HandAnalysis
from tests.review.builders import recorded_game
from tests.visits import HTMX, owner_of_client

pytestmark = pytest.mark.django_db(transaction=True)
# SQLite's in-memory test database is shared between threads' connections only with table
# locks that fail at once (« database table is locked »): the test of requests polling
# while the worker writes runs on PostgreSQL (make test's rerun, as tests/play/test_races.py).
concurrent_database = pytest.mark.skipif(
    connection.vendor == "sqlite", reason="SQLite's in-memory test database locks its tables"
)
# Bounds the test's own wait (the server never waits): far above the 3 s an analysis takes.
WAIT_SECONDS = 30


def stored_row(hand_id: int) -> HandAnalysis:
    """The hand's analysis row once the worker has written its result."""
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        row = HandAnalysis.objects.get(hand_id=hand_id)
        if row.choices is not None:
            return row
        time.sleep(0.05)
    pytest.fail("the background analysis did not finish")


@pytest.fixture
def runs(monkeypatch) -> list[int]:
    """One entry per analysis computed."""
    counted: list[int] = []
    real_analyse = moment_analysis.analyse

    def counting(*args, **kwargs):
        counted.append(1)
        return real_analyse(*args, **kwargs)

    monkeypatch.setattr(moment_store, "analyse", counting)
    return counted


def worker_idle() -> None:
    """Waits (bounded) until this process's worker has run every job queued so far."""
    moment_store.WORKER.submit(lambda: None).result(timeout=WAIT_SECONDS)


def test_the_request_answers_with_the_progress_and_the_worker_stores_the_result(guest, runs):
    game = recorded_game(owner_of_client(guest), hands=1)
    url = reverse("review:replay_moments", args=[game.pk, 1])

    first = guest.get(url, {"etape": 3}, **HTMX).content.decode()
    worker_idle()
    done = guest.get(url, {"etape": 3}, **HTMX).content.decode()
    again = guest.get(url, {"etape": 3}, **HTMX).content.decode()

    row = HandAnalysis.objects.get(hand__game=game, hand__number=1)
    assert row.choices is not None and row.choices_total == len(row.choices) > 0
    assert f" / {row.choices_total} choix" in first and "load delay:1s" in first
    assert re.search(rf'<progress value="\d+" max="{row.choices_total}">', first)
    assert "Précision de la manche" in done and "Analyse en cours" not in done
    assert again == done
    assert runs == [1]


@concurrent_database
def test_polls_while_it_runs_see_its_progress_and_it_is_computed_once(guest, runs):
    game = recorded_game(owner_of_client(guest), hands=1)
    hand = game.hands.get(number=1)
    url = reverse("review:replay_moments", args=[game.pk, 1])

    first = guest.get(url, {"etape": 3}, **HTMX).content.decode()
    # The page's polls (?suivi=1), then a second « Analyser la manche » from another tab.
    again = guest.get(url, {"etape": 3, "suivi": 1}, **HTMX).content.decode()
    row = stored_row(hand.pk)
    done = guest.get(url, {"etape": 3, "suivi": 1}, **HTMX).content.decode()
    asked_again = guest.get(url, {"etape": 3}, **HTMX).content.decode()

    total = row.choices_total
    assert total == len(row.choices) > 0 and row.choices_done == total
    assert "Analyse en cours…" in first and f" / {total} choix" in first
    assert re.search(rf'<progress value="\d+" max="{total}">', first)
    assert f'hx-get="{url}?etape=3&amp;suivi=1"' in first and "load delay:1s" in first
    assert "Analyse en cours…" in again or "Précision de la manche" in again
    assert "Précision de la manche" in done and "Analyse en cours" not in done
    assert asked_again == done
    assert len(row.curve) == 13
    assert runs == [1]
