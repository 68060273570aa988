"""What the review keeps: a finished hand's « Moments clés », computed once."""

from __future__ import annotations

from django.db import models

from play.models import Hand


class HandAnalysis(models.Model):
    """« Moments clés » of a finished hand, computed once (review.moment_store) and
    kept: a finished hand never changes. A row whose `choices` is None is being computed
    by the process that claimed it at `started_at`, `choices_done` of `choices_total`
    weighed so far; its worker touches `beat_at` as it goes (a claim lapses on it)."""

    hand = models.OneToOneField(
        Hand, on_delete=models.CASCADE, primary_key=True, related_name="analysis"
    )
    # The analysis' method (review.moment_store.ANALYSIS_VERSION): a new method
    # computes again rather than showing figures from the old one.
    version = models.PositiveSmallIntegerField()
    choices = models.JSONField(null=True, blank=True)
    # The player's expected points after each of their cards (the hand's chart).
    curve = models.JSONField(null=True, blank=True)
    started_at = models.DateTimeField()
    choices_done = models.PositiveSmallIntegerField(default=0)
    choices_total = models.PositiveSmallIntegerField(default=0)
    # The claim's last sign of life: its making, the job's start, each choice weighed.
    beat_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        # Its table from when the model lived in the game app (review/migrations/0001).
        db_table = "game_handanalysis"

    def __str__(self) -> str:
        return f"Analysis of hand {self.hand_id}"
