"""The server's table: a stored Position drawn by play.table_view, with the game's own
addresses (its forms, its page, its replay and « Analyser la manche »)."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine import Phase
from play.models import Move
from play.pages import menu_links, review_pages
from play.positions import Position
from play.seats import HUMAN
from play.steps import step_after
from play.table_view import TableLinks, TableSource, TableUrls, TableView, draw_table

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
    """The stored game's table as `viewer` sees it (play.table_view.draw_table), posting
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
            sheet=review_pages().overview(game.pk),
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
    The key moments weigh seat 0's choices (review.analysis), so only seat 0's
    player is offered them; a lesson is reviewed like any game (« Mes parties »)."""
    if viewer != HUMAN:
        return None
    last_step = step_after(len(position.deal.view(HUMAN).plays), position.deal.direction)
    return review_pages().analysed(position.game.pk, position.hand.number, last_step)
