"""Where « Moments clés » are kept: computed once per hand, on demand (« Analyser la
manche »), outside the request that asks, and stored in the database (HandAnalysis) for
every process and every later visit: a finished hand never changes.

The request that asks first claims the hand (it creates its HandAnalysis row, with the
number of choices to weigh) and hands the computation to this process's background worker:
one thread (`WORKER`), so a process never weighs two hands at once and a burst of requests
waits in its queue instead of sharing the CPU. The worker writes its progress to the row
after each choice, then the result. Every request meanwhile, this one included, answers at
once with that progress, and the page asks again a moment later (review.moments_views).

A claim whose process died (a restart, kill -9) leaves its row: past RUNNING_LAPSES_AFTER
without a sign of life (`beat_at`: the claim, the job's start, each choice weighed) the next
request takes it over and computes again. A queued job whose claim was taken over
meanwhile does nothing: each claim is computed once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import IntegrityError, connection, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from play.models import Game, Hand
from play.steps import HandRecord
from review.analysis import Analysis, Choice, Expected, analyse, decision_count
from review.grades import Accuracy
from review.models import HandAnalysis
from review.reasons import Reason

logger = logging.getLogger(__name__)

# The method's version: stored analyses of another version are computed again.
ANALYSIS_VERSION = 2
# A process that claimed an analysis and died leaves its row; past this another request
# takes the computation over (an analysis takes a second or two: review.analysis).
RUNNING_LAPSES_AFTER = timedelta(seconds=30)

Job = Callable[[], None]
# One analysis at a time per process, outside any request.
WORKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="moments")


@dataclass(frozen=True)
class Progress:
    """An analysis being computed: `done` of its `total` choices weighed."""

    done: int
    total: int


def stored_analysis(hand: Hand) -> Analysis | None:
    """The hand's analysis if it has been computed, without computing it."""
    row = _finished(HandAnalysis.objects.filter(hand=hand)).first()
    return None if row is None else _decoded(row)


def game_accuracy(game: Game) -> Accuracy | None:
    """The accuracy over every analysed hand of the game (one query); None before any."""
    rows = _finished(HandAnalysis.objects.filter(hand__game=game)).only("choices", "curve")
    parts = [_decoded(row).accuracy for row in rows]
    return Accuracy.pooled(parts) if parts else None


def request_analysis(game: Game, record: HandRecord) -> Analysis | Progress:
    """The hand's analysis if stored, else how far its computation is, after claiming it
    and handing it to the worker if nobody is computing it."""
    hand = record.hand
    found = stored_analysis(hand)
    if found is not None:
        return found
    total = decision_count(record)
    claimed_at = _claim(hand, total)
    if claimed_at is not None:
        # Views run in autocommit (no ATOMIC_REQUESTS): the claim is committed already,
        # and the worker's own connection sees its row.
        schedule(lambda: _compute(record, game.seed, claimed_at))
    return progress_of(hand) or Progress(0, total)


def progress_of(hand: Hand) -> Analysis | Progress | None:
    """What the page's polls read, claiming nothing: the analysis once stored, its progress
    while a claim is alive, None when nobody computes it (never asked, or a claim that
    lapsed: the page offers « Analyser la manche » again)."""
    row = HandAnalysis.objects.filter(hand=hand, version=ANALYSIS_VERSION).first()
    if row is None:
        return None
    if row.choices is not None:
        return _decoded(row)
    if _lapsed(row):
        return None
    return Progress(row.choices_done, row.choices_total)


def schedule(job: Job) -> None:
    """Run `job` on this process's worker; the seam tests replace to run it inline."""
    WORKER.submit(_in_worker, job)


def _in_worker(job: Job) -> None:
    try:
        job()
    except Exception:
        # The claim lapses and the next request computes it again.
        logger.exception("Key moments analysis failed")
    finally:
        # A worker thread's connection is its own: closed after each job, not left open.
        connection.close()


def _lapsed(row: HandAnalysis) -> bool:
    last_sign = row.beat_at or row.started_at
    return last_sign < timezone.now() - RUNNING_LAPSES_AFTER


def _compute(record: HandRecord, seed: int, claimed_at: datetime) -> None:
    mine = HandAnalysis.objects.filter(
        hand=record.hand, started_at=claimed_at, choices__isnull=True
    )

    def write(**fields: object) -> int:
        # In a transaction of its own: SQLite's writers queue (config.sqlite) only there.
        with transaction.atomic():
            return mine.update(beat_at=timezone.now(), **fields)

    if not write():
        return  # taken over while queued: the new claim computes it

    def report(done: int, total: int) -> None:
        write(choices_done=done, choices_total=total)

    analysis = analyse(record, seed=seed, progress=report)
    write(
        choices=_encoded_choices(analysis),
        curve=[[point.step, point.card, point.points] for point in analysis.curve],
        finished_at=timezone.now(),
    )


def _claim(hand: Hand, total: int) -> datetime | None:
    """When this request claimed the analysis (the first to ask, or the first after a lapsed
    computation or one of another version), else None. Short statements, no lock held."""
    now = timezone.now()
    fresh = {
        "version": ANALYSIS_VERSION,
        "choices": None,
        "curve": None,
        "started_at": now,
        "finished_at": None,
        "choices_done": 0,
        "choices_total": total,
        "beat_at": now,
    }
    silent = now - RUNNING_LAPSES_AFTER
    lapsed = Q(choices__isnull=True) & (
        Q(beat_at__lt=silent) | Q(beat_at__isnull=True, started_at__lt=silent)
    )
    with transaction.atomic():
        retaken = (
            HandAnalysis.objects.filter(hand=hand)
            .filter(lapsed | ~Q(version=ANALYSIS_VERSION))
            .update(**fresh)
        )
    if retaken:
        return now
    try:
        with transaction.atomic():
            HandAnalysis.objects.create(hand=hand, **fresh)
    except IntegrityError:
        return None
    return now


def _finished(rows: QuerySet[HandAnalysis]) -> QuerySet[HandAnalysis]:
    return rows.filter(version=ANALYSIS_VERSION, choices__isnull=False)


def _encoded_choices(analysis: Analysis) -> list[dict]:
    return [
        {
            "step": choice.step,
            "trick": choice.trick,
            "played": list(choice.played),
            "suggested": list(choice.suggested),
            "loss": choice.loss,
            "reasons": [reason.encoded() for reason in choice.reasons],
        }
        for choice in analysis.choices
    ]


def _decoded(row: HandAnalysis) -> Analysis:
    choices = tuple(
        Choice(
            step=choice["step"],
            trick=choice["trick"],
            played=tuple(choice["played"]),
            suggested=tuple(choice["suggested"]),
            loss=choice["loss"],
            reasons=tuple(Reason.decoded(reason) for reason in choice["reasons"]),
        )
        for choice in row.choices or ()
    )
    curve = tuple(Expected(step, card, points) for step, card, points in row.curve or ())
    return Analysis(choices, curve)
