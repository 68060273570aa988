"""Where « Moments clés » are kept: computed once per hand, on demand (« Analyser la
manche »), by the first request that asks, and stored in the database (HandAnalysis) for
every process and every later visit: a finished hand never changes.

About a second of CPU per hand: a second request for the same hand while it is computed
does not compute it again; it is told the analysis is running (AnalysisRunning) and the
page asks again a moment later.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from game.history.analysis import Analysis, Choice, analyse
from game.history.steps import HandRecord
from game.models import Game, Hand, HandAnalysis

# The method's version: stored analyses of another version are computed again.
ANALYSIS_VERSION = 1
# A request that started an analysis and died (a restart, kill -9) leaves its row; past
# this another request takes the computation over.
RUNNING_LAPSES_AFTER = timedelta(seconds=30)


class AnalysisRunning(Exception):
    """Another request is computing this hand's analysis right now."""


def stored_analysis(hand: Hand) -> Analysis | None:
    """The hand's analysis if it has been computed, without computing it."""
    row = HandAnalysis.objects.filter(
        hand=hand, version=ANALYSIS_VERSION, choices__isnull=False
    ).first()
    return None if row is None or row.choices is None else _decoded(row.choices)


def analysis_for(game: Game, record: HandRecord) -> Analysis:
    """The hand's analysis, stored or computed now; AnalysisRunning if another request is
    computing it."""
    hand = record.hand
    found = stored_analysis(hand)
    if found is not None:
        return found
    if not _claim(hand):
        raise AnalysisRunning
    analysis = analyse(record, seed=game.seed)
    HandAnalysis.objects.filter(hand=hand).update(
        version=ANALYSIS_VERSION, choices=_encoded(analysis), finished_at=timezone.now()
    )
    return analysis


def _claim(hand: Hand) -> bool:
    """Whether this request computes the analysis: the first to ask, or the first after a
    lapsed computation or one of another version. Short statements, no lock held while
    computing."""
    now = timezone.now()
    retaken = (
        HandAnalysis.objects.filter(hand=hand)
        .filter(
            Q(choices__isnull=True, started_at__lt=now - RUNNING_LAPSES_AFTER)
            | ~Q(version=ANALYSIS_VERSION)
        )
        .update(version=ANALYSIS_VERSION, choices=None, started_at=now, finished_at=None)
    )
    if retaken:
        return True
    try:
        with transaction.atomic():
            HandAnalysis.objects.create(hand=hand, version=ANALYSIS_VERSION, started_at=now)
    except IntegrityError:
        return False
    return True


def _encoded(analysis: Analysis) -> list[dict]:
    return [
        {
            "step": choice.step,
            "trick": choice.trick,
            "played": list(choice.played),
            "suggested": list(choice.suggested),
            "loss": choice.loss,
        }
        for choice in analysis.choices
    ]


def _decoded(rows: list[dict]) -> Analysis:
    return Analysis(
        choices=tuple(
            Choice(
                step=row["step"],
                trick=row["trick"],
                played=tuple(row["played"]),
                suggested=tuple(row["suggested"]),
                loss=row["loss"],
            )
            for row in rows
        )
    )
