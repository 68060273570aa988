"""`manage.py tableclock`: the live tables' clock as a worker of its own (game.clock)."""

from __future__ import annotations

import time
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand
from django.db import close_old_connections

from game import clock


class Command(BaseCommand):
    help = "Plays what live tables wait for past their deadline (turn clocks, bots, next hand)."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--once", action="store_true", help="One round, then exit (for scripts and tests)."
        )

    def handle(self, *args: Any, once: bool = False, **options: Any) -> None:
        self.stdout.write("Table clock running (Ctrl-C to stop).")
        while True:
            close_old_connections()
            moved = clock.tick()
            if once:
                return
            if not moved:
                # A worker's pause between rounds, not a request's.
                time.sleep(clock.TICK_SECONDS)
