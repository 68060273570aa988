"""The offline table is the server's table: at every position of a game played on the
server, the record the device would hold, replayed and drawn by offline.device, gives the
same table as play.table draws from the stored game (only the addresses differ)."""

from __future__ import annotations

import uuid
from dataclasses import fields

import pytest

from offline.device import draw, replay_record
from play import services
from play.models import Game
from play.ownership import Owner
from play.table import build_table
from play.table_view import TableLinks, TableUrls, TableView
from tests.driving import human_acts, position_of

pytestmark = pytest.mark.django_db

# What only the server has: the stored game itself and the addresses its page leads to.
SERVER_ONLY = {
    "game",
    "urls",
    "menu_links",
    "page_url",
    "sheet_url",
    "analysis_url",
    "replay_start",
    "replay",
    "replay_state",
    "bots_busy",
}
OFFLINE = TableLinks(urls=TableUrls(pass_cards="/p", play_card="/c"), page="/hors-ligne/", menu=[])


def device_record(game: Game) -> dict:
    """What the device keeps of `game`: its options, seed, and every hand as dealt with
    its moves in order."""
    hands = []
    for hand in game.hands.order_by("number"):
        hands.append(
            {
                "dealt": [" ".join(card.code for card in cards) for cards in hand.dealt_cards()],
                "moves": [[move.seat, move.cards] for move in hand.moves.order_by("number")],
                "level": hand.difficulty,
            }
        )
    return {
        "target": game.target,
        "difficulty": game.difficulty,
        "seed": game.seed,
        "hands": hands,
    }


def shown(table: TableView) -> dict:
    return {f.name: getattr(table, f.name) for f in fields(table) if f.name not in SERVER_ONLY}


@pytest.mark.parametrize("difficulty", ["easy", "normal"])
def test_every_position_of_a_game_draws_the_same_table_offline(difficulty: str) -> None:
    owner = Owner(guest_id=uuid.uuid4())
    game = services.start_game(owner=owner, target=50, difficulty=difficulty)
    compared = 0
    for _ in range(3000):
        position = position_of(game)
        server = build_table(position)
        device = replay_record(device_record(position.game))
        offline = draw(device, OFFLINE)
        assert shown(offline) == shown(server), f"move {position.game.move_count}"
        assert offline.move == server.move
        assert offline.game.totals == list(position.game.totals)
        compared += 1
        if position.game.is_finished:
            break
        assert not human_acts(game, owner).refused
    assert position.game.is_finished
    # Every action of at least two hands (13 cards and a pass each, and the next hand).
    assert compared > 2 * 14
