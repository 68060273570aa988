"""Playing a solo game through the services as a person would, the human's cards chosen by
the easy bot: the one driver the service, view, history and browser tests share."""

from __future__ import annotations

from collections.abc import Callable

from game.bots import make_bot
from play import positions, services
from play.models import Game
from play.ownership import Owner
from play.positions import Position, load_position
from play.seats import HUMAN


def position_of(game: Game) -> Position:
    return load_position(Game.objects.select_related("current_hand").get(pk=game.pk))


def human_acts(game: Game, owner: Owner) -> services.Outcome:
    """What a person does next: wait for the bots, pass, play, or ask for the next hand."""
    position = position_of(game)
    deal = position.deal
    bot = make_bot("easy", seed=1)
    if positions.bots_pending(position):
        return services.advance(game_id=game.pk, owner=owner)
    if deal.phase == "passing":
        cards = bot.choose_pass(deal.view(HUMAN))
        return services.submit_pass(
            game_id=game.pk, owner=owner, card_codes=[card.code for card in cards]
        )
    if deal.phase == "playing":
        card = bot.choose_play(deal.view(HUMAN))
        return services.play_card(game_id=game.pk, owner=owner, card_code=card.code)
    return services.next_hand(game_id=game.pk, owner=owner)


def play_until(game: Game, owner: Owner, done: Callable[[Position], bool]) -> Game:
    """Acts for the human until `done(position)` holds; every action must be accepted."""
    for _ in range(3000):
        position = position_of(game)
        if done(position):
            return position.game
        outcome = human_acts(game, owner)
        assert not outcome.refused, outcome.error
    raise AssertionError("never reached")


def play_whole_game(game: Game, owner: Owner) -> Game:
    return play_until(game, owner, lambda position: position.game.is_finished)
