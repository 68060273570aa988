"""Players' profiles (« /joueurs/ »): an account's public page and a guest's own.

No models of its own: a profile reads what review, tutorial and accounts keep
(players.profile), so no app depends on this one.
"""
