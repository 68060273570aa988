from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from offline import bundle


class Command(BaseCommand):
    help = "Copy Pyodide's core files and zip game/engine and game/bots for offline play."

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            written = bundle.build()
        except FileNotFoundError as missing:
            raise CommandError(str(missing)) from None
        total = sum(path.stat().st_size for path in written)
        self.stdout.write(f"offline: {len(written)} files, {total:,} bytes in {bundle.BUILD}")
