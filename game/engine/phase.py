"""The moments of a hand: choosing the pass, playing the tricks, finished."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """A string enum, so that a stored or templated "passing" compares equal to the member."""

    PASSING = "passing"
    PLAYING = "playing"
    FINISHED = "finished"
