"""A live push's cost per seat: after each move of a hand at a table of four guests, the
table each of them sees drawn for their socket (tables.display.table_fragment, the
consumer's work: the game read, the position, the view-model, the rendering), unshared so
that each drawing is timed; the drawing a spectator's socket gets is the same work. In a
throwaway database (the configured one's test database: SQLite in memory for `make
bench`), as measuring.bench.matcher does. Issue 38's target: ≤ 1.5 ms per seat."""

from __future__ import annotations

import os
import statistics
import time
import uuid
from dataclasses import dataclass


@dataclass(frozen=True)
class PushTimings:
    drawings: int
    moves: int
    p50_ms: float
    p95_ms: float

    def __str__(self) -> str:
        return (
            f"live push, one seat's table drawn for its socket: p50 {self.p50_ms:6.2f} ms   "
            f"p95 {self.p95_ms:6.2f} ms   ({self.drawings} drawings over {self.moves} moves)"
        )


def time_pushes(hands: int = 2) -> PushTimings:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.db import connection

    configured = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        return _time_hands(hands)
    finally:
        connection.creation.destroy_test_db(configured, verbosity=0)


def _time_hands(hands: int) -> PushTimings:
    from game.bots import make_bot
    from game.engine import Phase
    from play import services
    from play.models import Game
    from play.ownership import Owner
    from play.positions import load_position
    from play.turns import seats_to_act
    from tables import services as tables
    from tables.display import FRAGMENT_RELATIONS, table_fragment

    people = [Owner(guest_id=uuid.uuid4()) for _ in range(4)]
    game = tables.open_table(owner=people[0], host_name="Alice", clock=False)
    token = game.live.token
    for seat, name in ((1, "Bruno"), (2, "Chloé"), (3, "David")):
        tables.take_seat(token=token, owner=people[seat], seat=seat, name=name)
    tables.start_table(token=token, owner=people[0])
    chooser = make_bot("normal", seed=3)
    durations: list[float] = []
    moves = 0
    live = Game.Kind.LIVE
    for _ in range(hands):
        while True:
            game = Game.objects.select_related("current_hand").get(pk=game.pk)
            deal = load_position(game).deal
            if deal.phase == Phase.FINISHED:
                break
            seat = seats_to_act(deal)[0]
            view = deal.view(seat)
            if deal.phase == Phase.PASSING:
                codes = [card.code for card in chooser.choose_pass(view)]
                outcome = services.submit_pass(
                    game_id=game.pk, owner=people[seat], card_codes=codes, kind=live
                )
            else:
                code = chooser.choose_play(view).code
                outcome = services.play_card(
                    game_id=game.pk, owner=people[seat], card_code=code, kind=live
                )
            if outcome.error:
                raise RuntimeError(outcome.error)
            moves += 1
            since = game.move_count
            for owner in people:
                started = time.perf_counter()
                read = Game.objects.select_related(*FRAGMENT_RELATIONS).get(pk=game.pk)
                table_fragment(read, owner, since, shared=False)
                durations.append(time.perf_counter() - started)
        services.next_hand(game_id=game.pk, owner=people[0], kind=live)
    ordered = sorted(durations)
    return PushTimings(
        len(ordered),
        moves,
        statistics.median(ordered) * 1000,
        ordered[int(0.95 * (len(ordered) - 1))] * 1000,
    )
