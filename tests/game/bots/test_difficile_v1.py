"""`difficile-v1`: Difficile as issue 15 found it, the arena's yardstick, stays what it was."""

from __future__ import annotations

from game.bots import LEVELS, bot_class
from game.bots.levels import hard
from game.bots.levels.hard import HardBot
from tests.game.bots.helpers import recorded_deal

# Deal 1 of the helpers' seeded series played by four Difficile bots at commit 0527854, the
# last before issue 15 changed anything: their passes, seat by seat, then every card in order.
PASSES_AT_0527854 = ["2C TC JC", "KC AD KS", "TD KH QS", "QC AC QH"]
PLAYS_AT_0527854 = (
    "2C KC 5C 6C 5S 6S AS JS 4D JD 8D TD 3S 2S TS 7S QD AH 6D 9D QS 8S 4S KS 2H 4H 5H 7D 7C"
    " 3C JH KH 9H 9C 8H 6H 8C 4C 3H 7H QH TC KD TH QC JC AD 3D AC 9S 2D 5D"
)


def test_it_is_kept_for_the_arena_with_the_search_settings_of_that_version():
    frozen = bot_class("difficile-v1")

    assert issubclass(frozen, HardBot)
    assert (frozen.offered, frozen.searches) == (False, True)
    assert (frozen.play_work, frozen.pass_work, frozen.max_samples) == (150_000, 100_000, 400)
    assert "difficile-v1" not in LEVELS


def test_it_passes_and_plays_a_whole_deal_exactly_as_difficile_did_then(monkeypatch):
    # A clock that never moves: the full budget is searched however busy the machine is.
    monkeypatch.setattr(hard, "perf_counter", lambda: 0.0)

    deal, recorders = recorded_deal(["difficile-v1"] * 4, 1)

    passes = [" ".join(card.code for card in recorder.passes[0][1]) for recorder in recorders]
    plays = " ".join(card.code for trick in deal.tricks for _, card in trick.plays)
    assert passes == PASSES_AT_0527854
    assert plays == PLAYS_AT_0527854
