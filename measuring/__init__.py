"""Tools for measuring, never shipped to a player: the arena that plays the bot levels
against each other, the screen of a variant on recorded games, where a series' points come
from (`python -m measuring.arena`, `.screen`, `.breakdown`; docs/bots.md) and `make bench`
(`python -m measuring.bench`; docs/performance.md). The site never imports them (an
import-linter contract says so); they import the site's packages as any caller would."""
