"""« Moments clés », the analysis: the player's choices in a finished hand beside the
« Difficile » bot's.

For each choice the player made (the pass, then every card with more than one legal
option) the hard bot is asked what it would have chosen from the player's own view at that
step (`deal.view(0)`: nothing hidden is used). Where the two differ, the points the player's
choice cost are estimated by determinized playouts built on the engine:

- a world is a deal of the cards the player could not see, consistent with what they knew
  (each seat's number of cards, the suits it showed it lacks, the cards passed to it, the
  plays that reveal a hand), drawn by `game.bots.sampling` as the hard bot draws its own;
- the engine resumes the hand's position in that world (`Deal.resume`), then each of the
  two cards is played and the « Normal » bot finishes the hand for all four seats;
- both cards are scored on the same worlds, so luck cancels out of the difference;
  the loss is the player's average points with their card minus with the bot's.

The pass is weighed alike: the others' hands are drawn from the 39 cards the player did not
hold, the others pass as the « Normal » bot would, and the hand is played out after each of
the two passes.

A fixed number of worlds per choice keeps the cost bounded (under a second of CPU for a
whole hand, much of it the hard bot's own decisions); game.history.moment_store decides when
it runs and keeps its result, game.history.moments shows it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.bots import Bot, make_bot
from game.bots.sampling import DealSampler, knowledge_of
from game.bots.selfplay import play_to_end
from game.engine import Card, Deal, PlayerView
from game.engine.cards import QUEEN_OF_SPADES, cards_of
from game.history.steps import HandRecord
from game.seats import BOT_SEATS, HUMAN

# Worlds per choice that differs: enough for a difference of a point or two to show,
# few enough that a whole hand costs about a second of CPU.
PLAY_WORLDS = 24
PASS_WORLDS = 16


@dataclass(frozen=True)
class Choice:
    """One decision of the player's: what they chose, what « Difficile » would have chosen."""

    step: int
    trick: int | None
    played: tuple[str, ...]
    suggested: tuple[str, ...]
    loss: float | None
    """Estimated points lost by the player's choice; None when both choices agree."""

    @property
    def differs(self) -> bool:
        return self.loss is not None


@dataclass(frozen=True)
class Analysis:
    choices: tuple[Choice, ...]

    @property
    def moments(self) -> list[Choice]:
        return [choice for choice in self.choices if choice.differs]


def analyse(record: HandRecord, *, seed: int) -> Analysis:
    """Walk the hand's history with the engine and weigh each of the player's choices."""
    hard = make_bot("hard", seed=seed)
    playout_bots = [make_bot("normal", seed=seed + seat) for seat in range(4)]
    rng = random.Random(f"{seed}:{record.hand.number}:moments")
    choices = []
    plays = 0
    # record.positions[index] is the deal just before move `index`: one replay of the hand.
    for move, deal in zip(record.moves, record.positions, strict=False):
        if move.seat == HUMAN:
            view = deal.view(HUMAN)
            if move.is_pass:
                suggested_pass = hard.choose_pass(view)
                loss = None
                if set(suggested_pass) != set(move.cards):
                    loss = _pass_loss(view, move.cards, suggested_pass, playout_bots, rng)
                choices.append(Choice(0, None, _codes(move.cards), _codes(suggested_pass), loss))
            elif len(view.legal) > 1:
                suggested_card = hard.choose_play(view)
                loss = None
                if not _alike(view, move.card, suggested_card):
                    loss = _play_loss(view, move.card, suggested_card, playout_bots, rng)
                choices.append(
                    Choice(
                        record.decision_step(plays),
                        plays // 4 + 1,
                        (move.card.code,),
                        (suggested_card.code,),
                        loss,
                    )
                )
        plays += not move.is_pass
    return Analysis(tuple(choices))


def _codes(cards: Sequence[Card]) -> tuple[str, ...]:
    return tuple(card.code for card in sorted(cards))


def _alike(view: PlayerView, played: Card, suggested: Card) -> bool:
    """Two cards that play the same: equal, or neighbours in a suit with no unseen card
    ranked between them (the Q♠ always stands apart: she is worth 13 points)."""
    if played is suggested:
        return True
    if played.suit != suggested.suit or QUEEN_OF_SPADES in (played, suggested):
        return False
    low, high = sorted((played, suggested))
    return not any(
        card.suit == low.suit and low.index < card.index < high.index for card in view.unseen
    )


def _play_loss(
    view: PlayerView, played: Card, suggested: Card, bots: list[Bot], rng: random.Random
) -> float:
    sampler = DealSampler(knowledge_of(view))
    totals = {played: 0, suggested: 0}
    for _world in range(PLAY_WORLDS):
        hands = [cards_of(mask) for mask in sampler.sample(rng)]
        world = Deal.resume(view, hands)
        outcomes = {card: _play_out_after(world, card, bots) for card in totals}
        for card, score in outcomes.items():
            totals[card] += score
    return round((totals[played] - totals[suggested]) / PLAY_WORLDS, 1)


def _pass_loss(
    view: PlayerView,
    passed: Sequence[Card],
    suggested: Sequence[Card],
    bots: list[Bot],
    rng: random.Random,
) -> float:
    unseen = sorted(view.unseen)
    mine = list(view.hand)
    total = 0
    for _world in range(PASS_WORLDS):
        shuffled = rng.sample(unseen, len(unseen))
        hands = [mine, shuffled[:13], shuffled[13:26], shuffled[26:]]
        start = Deal.start(hands, view.direction)
        passes = {seat: bots[seat].choose_pass(start.view(seat)) for seat in BOT_SEATS}
        for cards, sign in ((passed, 1), (suggested, -1)):
            deal = Deal.start(hands, view.direction)
            for seat, chosen in passes.items():
                deal.submit_pass(seat, chosen)
            deal.submit_pass(HUMAN, cards)
            total += sign * play_to_end(deal, bots).scores()[HUMAN]
    return round(total / PASS_WORLDS, 1)


def _play_out_after(world: Deal, card: Card, bots: list[Bot]) -> int:
    """The player's score when `card` is played now in `world` and the bots finish the hand
    (the world is left as it was)."""
    return play_to_end(world.after_play(HUMAN, card), bots).scores()[HUMAN]
