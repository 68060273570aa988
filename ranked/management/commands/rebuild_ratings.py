"""`manage.py rebuild_ratings`: every rating computed again from the stored ranked games
(ranked.ratings.rebuild), in the order they were rated: the numbers the live updates gave."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from ranked import ratings


class Command(BaseCommand):
    help = "Recomputes every rating from the stored ranked games (same numbers as live)."

    def handle(self, *args: Any, **options: Any) -> None:
        games = ratings.rebuild()
        self.stdout.write(f"{games} ranked games replayed into the ratings.")
