"""The Hearts rules engine: pure Python, no Django; see docs/engine.md for the public API."""

from .cards import Card
from .deal import Deal, Trick, deal_hands
from .direction import PassDirection
from .errors import IllegalMove
from .match import DEFAULT_TARGET, SHORT_TARGET, Match, is_game_over, single_lowest, winner
from .phase import Phase
from .replay import Move, replay, replay_steps
from .view import PlayerView

__all__ = [
    "DEFAULT_TARGET",
    "SHORT_TARGET",
    "Card",
    "Deal",
    "IllegalMove",
    "Match",
    "Move",
    "PassDirection",
    "Phase",
    "PlayerView",
    "Trick",
    "deal_hands",
    "is_game_over",
    "replay",
    "replay_steps",
    "single_lowest",
    "winner",
]
