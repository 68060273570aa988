"""The server's table: a stored Position drawn by game.table_view, with the game's own
addresses (its forms, its page, its replay and « Analyser la manche »)."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine import Phase
from game.history.links import ReplayLinks
from game.history.steps import step_after
from game.models import Move
from game.pages import menu_links
from game.positions import Position
from game.seats import HUMAN
from game.table_view import TableLinks, TableSource, TableUrls, TableView, draw_table

GAME_ACTIONS = (
    "pass_cards",
    "play_card",
    "advance",
    "change_difficulty",
    "next_hand",
    "play_again",
)


def build_table(
    position: Position,
    *,
    new_moves: Sequence[Move] = (),
    error: str | None = None,
    urls: TableUrls | None = None,
    bots_busy: bool = False,
    viewer: int | None = HUMAN,
    live: object | None = None,
    hints: bool = True,
) -> TableView:
    """The stored game's table as `viewer` sees it (game.table_view.draw_table), posting
    to `urls` (the game's own views unless said)."""
    game = position.game
    finished = position.deal.phase == Phase.FINISHED
    return draw_table(
        TableSource(
            game=game,
            hand_number=position.hand.number,
            hand_level=position.hand.difficulty,
            deal=position.deal,
            seating=position.seating,
        ),
        TableLinks(
            urls=urls or TableUrls.of("game", game.pk, GAME_ACTIONS),
            page=game.get_absolute_url(),
            menu=menu_links(game),
            sheet=ReplayLinks(game.pk).overview(),
            analysis=_analysis_url(position, viewer) if finished else None,
        ),
        new_plays=sum(move.kind == Move.Kind.PLAY for move in new_moves),
        error=error,
        bots_busy=bots_busy,
        viewer=viewer,
        live=live,
        hints=hints,
    )


def _analysis_url(position: Position, viewer: int | None) -> str | None:
    """The replay of the hand just finished at its last step, « Moments clés » in view.
    The key moments weigh seat 0's choices (game.history.analysis), so only seat 0's
    player is offered them; a lesson is reviewed like any game (« Mes parties »)."""
    if viewer != HUMAN:
        return None
    last_step = step_after(len(position.deal.view(HUMAN).plays), position.deal.direction)
    return ReplayLinks(position.game.pk).analysed(position.hand.number, last_step)
