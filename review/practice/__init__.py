"""« Rejouer ce moment »: a finished hand played on from one of its steps, with the same
hidden cards (the stored deal) and the bots as they played in the game, to try another
card and see what follows. Nothing is recorded in the game: no Move, Hand or Game row is
ever written; the pages are review.practice_views.

- `moment`: where a practice starts (the player's decision at, or after, a replay step);
- `play`: the practice's position, rebuilt by the engine, the player's move and the bots'
  replies (`table_play.bot_move`: the game's seed and the hand's level, so the same choices
  bring the same answers, and the card the player really chose brings what happened);
- `store`: the moves made since the start, kept in the visitor's session;
- `view`: the practice's own parts of the table (its note, its end-of-hand comparison).

Why the session, and not a signed token carried by the page: the table is the game's own
template, whose forms post only a card and the move number, so the practice needs no field
of its own; a reload, a second tab or « Revenir à la partie » then back finds the practice
where it was; and the visitor cannot hand the server moves it did not compute. The session
is the database's (config.sessions), a few hundred bytes per practice, capped in number
(store.MAX_PRACTICES) and in length (a hand's moves); each request replays the stored
moves with the engine (one fold, validated again) and computes only the bots' new moves.
"""
