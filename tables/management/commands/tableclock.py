"""`manage.py tableclock`: the live tables' clock as a worker of its own (tables.clock)."""

from __future__ import annotations

import asyncio
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand

from tables import clock


class Command(BaseCommand):
    help = "Plays what live tables wait for past their deadline (turn clocks, bots, next hand)."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--once", action="store_true", help="One round, then exit (for scripts and tests)."
        )

    def handle(self, *args: Any, once: bool = False, **options: Any) -> None:
        if once:
            clock.tick()
            return
        self.stdout.write("Table clock running (Ctrl-C to stop).")
        asyncio.run(clock.run_forever())
