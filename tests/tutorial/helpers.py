"""Builders for the tutorial's tests: a tutorial played to its end as « Indice » says."""

from __future__ import annotations

from play.models import Game
from play.ownership import Owner
from play.positions import Position, bots_pending, load_position
from play.seats import HUMAN
from tutorial import services
from tutorial.dealsearch import hint_learner


def position(game: Game) -> Position:
    return load_position(Game.objects.select_related("current_hand").get(pk=game.pk))


def follow_the_hint(game: Game, owner: Owner) -> Game:
    """Plays the tutorial to its end as a learner who follows « Indice »."""
    learner = hint_learner(game.seed)
    for _ in range(60):
        current = position(game)
        deal = current.deal
        if current.game.is_finished:
            return current.game
        if bots_pending(current):
            outcome = services.advance(game_id=game.pk, owner=owner)
        elif deal.phase == "passing":
            codes = [card.code for card in learner.choose_pass(deal.view(HUMAN))]
            outcome = services.submit_pass(game_id=game.pk, owner=owner, card_codes=codes)
        else:
            card = learner.choose_play(deal.view(HUMAN))
            outcome = services.play_card(game_id=game.pk, owner=owner, card_code=card.code)
        assert not outcome.refused, outcome.error
    raise AssertionError("the tutorial never ended")
