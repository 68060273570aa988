# Games, hands and moves are saved here once the site plays (see docs/engine.md).
