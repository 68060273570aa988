"""A visitor's steps through the table's pages, for the tests of every app: a game started
as the « Jouer » form does, positions to act from, and hand-scripted games for situations
chance would rarely deal. The visitors themselves are fixtures (tests/conftest.py)."""

from __future__ import annotations

import uuid
from collections.abc import Mapping

from django.test import Client
from django.urls import resolve, reverse

from game.bots import make_bot
from game.engine import Card, Deal, PassDirection
from play.models import Game, Hand, Move
from play.ownership import GUEST_SESSION_KEY, Owner
from play.positions import Position
from play.seats import HUMAN
from tests.driving import position_of

HTMX = {"HTTP_HX_REQUEST": "true"}

# Every seat holds all four suits; the human (seat 0) holds 2♣ (tests/game/engine/builders.py).
ALL_SUITS_HANDS = {
    0: "2C 3C 4C 5C 6C 5D 6D 7D 2S 3S 4S 2H 3H",
    1: "7C 8C 9C TC 8D 9D TD 5S 6S 7S 4H 5H 6H",
    2: "JC QC KC JD QD KD AD 8S 9S TS 7H 8H 9H",
    3: "AC 2D 3D 4D JS QS KS AS TH JH QH KH AH",
}


def game_url(name: str, game: Game) -> str:
    """A game's address by its name: the table's ("play_card") or another app's, named with
    its namespace ("review:replay")."""
    return reverse(name if ":" in name else f"game:{name}", args=[game.pk])


def start_game(client: Client, **options) -> Game:
    """A game started as a visitor does: through the « Jouer » form."""
    response = client.post(reverse("game:new_game"), options)
    return Game.objects.get(pk=resolve(response["Location"]).kwargs["game_id"])


def owner_of_client(client: Client) -> Owner:
    return Owner(guest_id=uuid.UUID(client.session[GUEST_SESSION_KEY]))


def pass_codes(game: Game) -> list[str]:
    view = position_of(game).deal.view(HUMAN)
    return [card.code for card in make_bot("easy", seed=1).choose_pass(view)]


def pass_now(client: Client, game: Game) -> None:
    response = client.post(
        game_url("pass_cards", game), {"cards": pass_codes(game), "move": game.move_count}
    )
    assert response.status_code == 302
    game.refresh_from_db()


def legal_code(game: Game) -> str:
    return position_of(game).deal.legal_cards(HUMAN)[0].code


def illegal_card(game: Game) -> Card | None:
    """A card of the human's hand the rules forbid now, if there is one."""
    deal = position_of(game).deal
    legal = set(deal.legal_cards(HUMAN))
    return next((card for card in deal.hand(HUMAN) if card not in legal), None)


def hand_over(position: Position) -> bool:
    return position.deal.phase == "finished"


def scripted_game(
    owner: Owner,
    plays: str = "",
    hands: Mapping[int, str] = ALL_SUITS_HANDS,
    **fields,
) -> Game:
    """A game whose current hand (a no-pass hand 4) was dealt `hands` and has seen `plays`,
    card codes in play order."""
    game = Game.objects.create(**owner.as_fields(), seed=7, totals=[0, 0, 0, 0], **fields)
    dealt = [hands[seat] for seat in range(4)]
    hand = Hand.objects.create(
        game=game, number=4, direction="none", difficulty=game.difficulty, dealt=dealt
    )
    deal = Deal.start([codes.split() for codes in dealt], PassDirection.NONE)
    moves = []
    for number, code in enumerate(plays.split(), start=1):
        seat = deal.turn
        deal.play(seat, code)
        moves.append(Move(game=game, hand=hand, number=number, seat=seat, kind="play", cards=code))
    Move.objects.bulk_create(moves)
    game.current_hand = hand
    game.move_count = len(moves)
    game.save()
    return game
