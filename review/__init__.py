"""Past games: the history list, the move-by-move replay, sharing, statistics, key moments.

Reads only (selectors), apart from `sharing` (the owner's share link). Every position shown
is rebuilt by the engine from the stored moves (game.engine.replay): there is no second copy
of a hand's state. Tutorial games (kind « tutorial ») are left out of the history and the
statistics: the guided deal is the same for everyone and is not a game the player chose.
"""
