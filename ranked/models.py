"""The « Jouer en direct » queue and the ratings, in the database so that every Daphne
process and the matcher share them (ranked.matcher locks what it matches).

- QueueEntry: one person waiting (one queue place per account), for one length and
  « Classée » or « Amicale »; while a Proposal holds it, it is not matched again. It lives
  only while its queue page does: matched and counted while the page's socket is open, out
  of the queue once no socket has vouched for it for ranked.selectors.PRESENCE_SECONDS.
- Proposal: four people the matcher put together, each to confirm their presence before
  `arrive_by`; the table is dealt when all have, the no-shows are dropped otherwise.
- Rating: an account's openskill rating for one length (ranked.skill).
- RatedGame: a finished ranked game counted into the ratings: its primary key is the
  game, so a game is rated once at most; RatingChange is what it did to each player.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from play.models import Game, Target
from ranked.skill import DISPLAY_START, START_MU, START_SIGMA


class Proposal(models.Model):
    target = models.PositiveSmallIntegerField(choices=Target.choices)
    rated = models.BooleanField()
    # Seats the table fills with bots (« Compléter avec des robots »): 0 for a ranked one.
    bots = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    arrive_by = models.DateTimeField(db_index=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(bots__lte=3) & (Q(rated=False) | Q(bots=0)),
                name="proposal_bots_only_unrated",
            ),
        ]

    def __str__(self) -> str:
        return f"Proposal {self.pk} ({self.target}, rated={self.rated})"


class QueueEntry(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="queue_entry"
    )
    target = models.PositiveSmallIntegerField(choices=Target.choices)
    rated = models.BooleanField()
    # The rating shown when they joined (ranked.skill.Skill.shown), the one matched on.
    rating = models.IntegerField()
    # When they first joined: a player sent back by a no-show keeps it (the queue's front).
    joined_at = models.DateTimeField(db_index=True)
    proposal = models.ForeignKey(
        Proposal, null=True, blank=True, on_delete=models.SET_NULL, related_name="entries"
    )
    confirmed = models.BooleanField(default=False)
    # The queue page: whether a socket of it is open now (a closed tab is never matched,
    # even before it is dropped), and the last time a socket said so (every few seconds
    # while it lives: a killed process stops saying it).
    page_open = models.BooleanField(default=True)
    seen_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["joined_at", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(target__in=[50, 100]), name="queue_entry_target_50_or_100"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} waits for {self.target} (rated={self.rated})"


class Rating(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    target = models.PositiveSmallIntegerField(choices=Target.choices)
    mu = models.FloatField(default=START_MU)
    sigma = models.FloatField(default=START_SIGMA)
    # Skill(mu, sigma).shown, kept as a column so the leaderboard sorts and pages on it.
    shown = models.IntegerField(default=DISPLAY_START, db_index=True)
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "target"], name="one_rating_per_length"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.target}: {self.shown}"


class RatedGame(models.Model):
    """A ranked game counted into the ratings: one row per game, ever (its primary key)."""

    game = models.OneToOneField(
        Game, on_delete=models.CASCADE, primary_key=True, related_name="rated"
    )
    # Taken once the players' ratings are locked: the order `rebuild_ratings` replays in.
    rated_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"Rated game {self.game_id}"


class RatingChange(models.Model):
    rated_game = models.ForeignKey(RatedGame, on_delete=models.CASCADE, related_name="changes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    target = models.PositiveSmallIntegerField(choices=Target.choices)
    seat = models.PositiveSmallIntegerField()
    rank = models.PositiveSmallIntegerField()
    won = models.BooleanField()
    abandoned = models.BooleanField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    shown_before = models.IntegerField()
    shown_after = models.IntegerField()

    class Meta:
        ordering = ["rated_game__rated_at", "rated_game_id"]
        constraints = [
            # Exactly once: a game changes each of its players' ratings one time.
            models.UniqueConstraint(
                fields=["rated_game", "user"], name="one_rating_change_per_game_and_player"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.shown_before} → {self.shown_after}"
