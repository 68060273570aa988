"""What the tutorial keeps of its own: who has played it to the end.

The tutorial's deal itself is an ordinary game (play.models.Game, kind « tutorial »), saved
move by move; the notes a learner has read are rebuilt from its moves (tutorial.notes).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class TutorialCompletion(models.Model):
    """A signed-in player who has played the tutorial's deal to its end (the first time)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tutorial_completion"
    )
    completed_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"Tutorial completed by user {self.user_id} on {self.completed_at:%Y-%m-%d}"
