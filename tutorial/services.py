"""The tutorial's write paths: a thin layer over play.services for games of kind « tutorial ».

A tutorial is an ordinary game with a fixed first hand (tutorial.deal) that ends with that
hand (a one-hand game): the same services lock it, validate every move with the engine and
let the bots reply. This layer only names the tutorial's kind of game (the services then
act on no other), and records the completion of a signed-in player once the move that ends
the deal is committed (never inside the game's transaction, which holds SQLite's write lock
while bots play).
"""

from __future__ import annotations

from django.db.models import QuerySet

from play import services
from play.models import Game
from play.ownership import Owner
from play.positions import owned_games_of
from play.services import Outcome
from tutorial.deal import TUTORIAL_LEVEL, TUTORIAL_SEED, tutorial_hands
from tutorial.models import TutorialCompletion


def tutorial_games(owner: Owner) -> QuerySet[Game]:
    return owned_games_of(owner, Game.Kind.TUTORIAL)


def current_tutorial(owner: Owner) -> Game | None:
    """The owner's latest tutorial (« Recommencer » starts a new one), finished or not."""
    return tutorial_games(owner).select_related("current_hand").order_by("-pk").first()


def start_tutorial(*, owner: Owner) -> Game:
    return services.start_game(
        owner=owner,
        difficulty=TUTORIAL_LEVEL,
        kind=Game.Kind.TUTORIAL,
        hand_limit=1,
        dealt=tutorial_hands(),
        seed=TUTORIAL_SEED,
    )


def has_completed(user_id: int | None) -> bool:
    """Completed as a signed-in player, or as a guest whose games then followed the account."""
    if user_id is None:
        return False
    finished_as_guest = tutorial_games(Owner(user_id=user_id)).filter(status=Game.Status.FINISHED)
    return TutorialCompletion.objects.filter(user_id=user_id).exists() or finished_as_guest.exists()


def _record_completion(outcome: Outcome, owner: Owner) -> Outcome:
    if owner.user_id is not None and not outcome.refused and outcome.position.game.is_finished:
        TutorialCompletion.objects.get_or_create(user_id=owner.user_id)
    return outcome


def submit_pass(
    *, game_id: int, owner: Owner, card_codes: list[str], expected_move: int | None = None
) -> Outcome:
    return services.submit_pass(
        game_id=game_id,
        owner=owner,
        card_codes=card_codes,
        expected_move=expected_move,
        kind=Game.Kind.TUTORIAL,
    )


def play_card(
    *, game_id: int, owner: Owner, card_code: str, expected_move: int | None = None
) -> Outcome:
    outcome = services.play_card(
        game_id=game_id,
        owner=owner,
        card_code=card_code,
        expected_move=expected_move,
        kind=Game.Kind.TUTORIAL,
    )
    return _record_completion(outcome, owner)


def advance(*, game_id: int, owner: Owner) -> Outcome:
    outcome = services.advance(game_id=game_id, owner=owner, kind=Game.Kind.TUTORIAL)
    return _record_completion(outcome, owner)


__all__ = [
    "advance",
    "current_tutorial",
    "has_completed",
    "play_card",
    "start_tutorial",
    "submit_pass",
    "tutorial_games",
]
