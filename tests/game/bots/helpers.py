"""Helpers for the bot tests: whole deals played by bots with every decision recorded, and
twin deals that differ only in cards one seat cannot see."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from game.bots import make_bot
from game.bots.base import Bot
from game.engine import Card, Deal, PassDirection, PlayerView, deal_hands
from measuring.arena import play_deal
from tests.game.engine.builders import cards


@dataclass
class Recorder:
    """Stands in for a bot and keeps every view it was shown with the answer it gave."""

    bot: Bot
    passes: list[tuple[PlayerView, list[Card]]] = field(default_factory=list)
    plays: list[tuple[PlayerView, Card]] = field(default_factory=list)

    def choose_pass(self, view: PlayerView) -> list[Card]:
        chosen = self.bot.choose_pass(view)
        self.passes.append((view, chosen))
        return chosen

    def choose_play(self, view: PlayerView) -> Card:
        chosen = self.bot.choose_play(view)
        self.plays.append((view, chosen))
        return chosen


def direction_of(number: int) -> PassDirection:
    return PassDirection.for_hand(number + 1)


def recorded_deal(levels: list[str], number: int) -> tuple[Deal, list[Recorder]]:
    """Deal `number` of a seeded series, played to the end by bots of these levels."""
    recorders = [
        Recorder(make_bot(level, seed=number * 4 + seat)) for seat, level in enumerate(levels)
    ]
    deal, _ = play_deal(recorders, deal_hands(random.Random(number)), direction_of(number))
    return deal, recorders


def full_deal(hands: dict[int, str], direction: PassDirection = PassDirection.NONE) -> Deal:
    """A deal from four hands written out in full, 13 codes each."""
    return Deal.start([cards(hands[seat]) for seat in range(4)], direction)


def twin_positions(level: str, number: int) -> tuple[PlayerView, PlayerView] | None:
    """The same moment of two deals in which seat `turn` sees exactly the same things.

    A deal is played by bots up to a point chosen by `number`; the twin deal gives two other
    seats each other's copy of a card of one suit that neither passed nor received nor
    played, then replays the same passes and cards. Swapping within a suit keeps every past
    play legal, so only the hidden hands differ.
    """
    rng = random.Random(f"twin:{number}")
    hands = deal_hands(rng)
    direction = direction_of(number)
    stop = rng.randrange(52)
    bots = [make_bot(level, seed=number * 4 + seat) for seat in range(4)]
    deal = Deal.start(hands, direction)
    passes = []
    if deal.phase == "passing":
        passes = [bots[seat].choose_pass(deal.view(seat)) for seat in range(4)]
        for seat, chosen in enumerate(passes):
            deal.submit_pass(seat, chosen)
    for _ in range(stop):
        player = deal.turn
        deal.play(player, bots[player].choose_play(deal.view(player)))
    plays = [card for trick in deal.tricks for _, card in trick.plays]
    plays += [card for _, card in deal.current_trick]
    seat = deal.turn
    moved = {card for chosen in passes for card in chosen}
    others = [other for other in range(4) if other != seat]
    rng.shuffle(others)
    first, second = others[:2]
    for mine in deal.hand(first):
        if mine in moved:
            continue
        theirs = [
            card for card in deal.hand(second) if card.suit == mine.suit and card not in moved
        ]
        if theirs:
            break
    else:
        return None
    swap = {mine: theirs[0], theirs[0]: mine}
    twin = Deal.start([[swap.get(card, card) for card in hand] for hand in hands], direction)
    if passes:
        for passer, chosen in enumerate(passes):
            twin.submit_pass(passer, chosen)
    for card in plays:
        twin.play(twin.turn, card)
    return deal.view(seat), twin.view(seat)
