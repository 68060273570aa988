"""`difficile-v1`: « Difficile » as it stood before issue 15, kept for the arena only.

A stronger Difficile is measured against three of these (`python -m measuring.arena --seat
hard --field difficile-v1`). It is `HardBot` with the search settings of that version spelled
out, so that a change of Difficile's defaults leaves it as it was; a change to the search's
code must come with a setting that this level keeps at its old value, never with a copy of
the old code. Players never see it (`offered = False`) and no game stores it.
"""

from __future__ import annotations

from ..base import gettext_noop
from .hard import HardBot


class HardV1Bot(HardBot):
    level = "difficile-v1"
    label = gettext_noop("Difficile (version 1)")
    order = 4
    offered = False
    play_work = 150_000
    pass_work = 100_000
    max_samples = 400
    tree_iterations = 0
    trick_separates = False
    endgame_cards = 0
