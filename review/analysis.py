"""« Moments clés », the analysis: the player's choices in a finished hand beside the
« Difficile » bot's.

For each choice the player made (the pass, then every card with more than one legal
option) the hard bot is asked what it would have chosen from the player's own view at that
step (`deal.view(0)`: nothing hidden is used). Each of the player's cards, and the better
card where the two differ, is then weighed by determinized playouts built on the engine:

- a world is a deal of the cards the player could not see, consistent with what they knew
  (each seat's number of cards, the suits it showed it lacks, the cards passed to it, the
  plays that reveal a hand), drawn by `game.bots.sampling` as the hard bot draws its own;
- the engine resumes the hand's position in that world (`Deal.resume`), then the card is
  played and the « Normal » bot finishes the hand for all four seats;
- both cards of a choice are scored on the same worlds, so luck cancels out of the
  difference; the loss is the player's average points with their card minus with the
  bot's, and what the two sets of playouts saw differently is the choice's reason
  (review.reasons);
- the average with the card played is the player's expected points after it: the hand's
  curve (review.chart), one point per card, forced cards included.

The pass is weighed alike: the others' hands are drawn from the 39 cards the player did not
hold, the others pass as the « Normal » bot would, and the hand is played out after each of
the two passes.

A fixed number of worlds per card keeps the cost bounded (about two to three seconds of CPU
for a whole hand, most of it the hard bot's own decisions); review.moment_store
decides when it runs and keeps its result, review.moments shows it, graded by
review.grades.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.bots import Bot, make_bot
from game.bots.levels.hard import LIGHT_TREE_ITERATIONS
from game.bots.sampling import DealSampler, knowledge_of
from game.bots.selfplay import play_to_end
from game.engine import Card, Deal, PlayerView
from game.engine.cards import QUEEN_OF_SPADES, cards_of
from play.seats import BOT_SEATS, HUMAN
from play.steps import HandRecord
from review.grades import Accuracy, Severity, severity_of
from review.reasons import CardStats, Outcome, Reason, pass_reasons, play_reasons

# Worlds per card weighed: enough for a difference of a point or two to show, few enough
# that a whole hand stays well under the 3 s the first analysis may take.
PLAY_WORLDS = 24
PASS_WORLDS = 16

# Called with the decisions weighed so far and their number (moment_store's progress).
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Choice:
    """One decision of the player's: what they chose, what « Difficile » would have chosen."""

    step: int
    trick: int | None
    played: tuple[str, ...]
    suggested: tuple[str, ...]
    loss: float | None
    """Estimated points lost by the player's choice; None when both choices agree."""
    reasons: tuple[Reason, ...] = ()
    """Why it lost them, the most telling first (only where the choices differ)."""

    @property
    def differs(self) -> bool:
        return self.loss is not None

    @property
    def severity(self) -> Severity | None:
        return severity_of(self.loss)


@dataclass(frozen=True)
class Expected:
    """The player's expected points for the hand once they played `card` at `step`."""

    step: int
    card: str
    points: float


@dataclass(frozen=True)
class Analysis:
    choices: tuple[Choice, ...]
    curve: tuple[Expected, ...] = ()

    @property
    def moments(self) -> list[Choice]:
        """The choices worth telling: those that cost a point or more."""
        return [choice for choice in self.choices if choice.severity is not None]

    @property
    def accuracy(self) -> Accuracy:
        return Accuracy.of(choice.loss for choice in self.choices)


def decision_count(record: HandRecord) -> int:
    """How many choices the analysis weighs: the pass and every card with an alternative."""
    return sum(
        move.seat == HUMAN and (move.is_pass or len(deal.legal_cards(HUMAN)) > 1)
        for move, deal in zip(record.moves, record.positions, strict=False)
    )


def analyse(record: HandRecord, *, seed: int, progress: Progress | None = None) -> Analysis:
    """Walk the hand's history with the engine and weigh each of the player's choices;
    `progress` hears after each one."""
    # Difficile's full budget took a hand's first analysis past 3 s (`make bench`, 2026-12-03:
    # p50 2.87 s, max 3.52 s); its pass is its own.
    hard = make_bot("hard", seed=seed, samples=LIGHT_TREE_ITERATIONS)
    playout_bots = [make_bot("normal", seed=seed + seat) for seat in range(4)]
    rng = random.Random(f"{seed}:{record.hand.number}:moments")
    total = decision_count(record)
    choices: list[Choice] = []
    curve: list[Expected] = []
    plays = 0
    # record.positions[index] is the deal just before move `index`: one replay of the hand.
    for move, deal in zip(record.moves, record.positions, strict=False):
        if move.seat == HUMAN:
            view = deal.view(HUMAN)
            if move.is_pass:
                choices.append(_weigh_pass(view, move.cards, hard, playout_bots, rng))
            else:
                step = record.decision_step(plays)
                points, choice = _weigh_play(
                    view, move.card, (step, plays // 4 + 1), hard, playout_bots, rng
                )
                curve.append(Expected(step, move.card.code, round(points, 1)))
                choices.extend(() if choice is None else (choice,))
            if progress is not None:
                progress(len(choices), total)
        plays += not move.is_pass
    return Analysis(tuple(choices), tuple(curve))


def _weigh_play(
    view: PlayerView,
    played: Card,
    at: tuple[int, int],
    hard: Bot,
    bots: list[Bot],
    rng: random.Random,
) -> tuple[float, Choice | None]:
    """The player's average points with the card they played, and the choice it was (None
    for a forced card); `at` is the step and the trick."""
    step, trick = at
    if len(view.legal) == 1:
        return _play_stats(view, [played], bots, rng)[played].points, None
    suggested = hard.choose_play(view)
    codes = (played.code,), (suggested.code,)
    if _alike(view, played, suggested):
        stats = _play_stats(view, [played], bots, rng)[played]
        return stats.points, Choice(step, trick, *codes, loss=None)
    both = _play_stats(view, [played, suggested], bots, rng)
    chosen, better = both[played], both[suggested]
    loss = round(chosen.points - better.points, 1)
    reasons = play_reasons(chosen, better, played, suggested, view.hand)
    return chosen.points, Choice(step, trick, *codes, loss=loss, reasons=reasons)


def _weigh_pass(
    view: PlayerView, passed: Sequence[Card], hard: Bot, bots: list[Bot], rng: random.Random
) -> Choice:
    suggested = hard.choose_pass(view)
    if set(suggested) == set(passed):
        return Choice(0, None, _codes(passed), _codes(suggested), None)
    chosen, better = _pass_stats(view, (passed, suggested), bots, rng)
    loss = round(chosen.points - better.points, 1)
    reasons = pass_reasons(chosen, better, passed, suggested, view.hand)
    return Choice(0, None, _codes(passed), _codes(suggested), loss, reasons)


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


def _play_stats(
    view: PlayerView, cards: Sequence[Card], bots: list[Bot], rng: random.Random
) -> dict[Card, CardStats]:
    """Each card's playouts over the same worlds. Once nothing is hidden (the last trick)
    every world is the same: one is enough."""
    sampler = DealSampler(knowledge_of(view))
    trick = len(view.tricks)
    worlds = PLAY_WORLDS if view.unseen else 1
    outcomes: dict[Card, list[Outcome]] = {card: [] for card in cards}
    for _world in range(worlds):
        hands = [cards_of(mask) for mask in sampler.sample(rng)]
        world = Deal.resume(view, hands)
        for card, seen in outcomes.items():
            finished = play_to_end(world.after_play(HUMAN, card), bots)
            seen.append(Outcome.of(finished, trick))
    return {card: CardStats.over(seen) for card, seen in outcomes.items()}


def _pass_stats(
    view: PlayerView,
    passes: tuple[Sequence[Card], Sequence[Card]],
    bots: list[Bot],
    rng: random.Random,
) -> tuple[CardStats, CardStats]:
    unseen = sorted(view.unseen)
    mine = list(view.hand)
    outcomes: tuple[list[Outcome], list[Outcome]] = ([], [])
    for _world in range(PASS_WORLDS):
        shuffled = rng.sample(unseen, len(unseen))
        hands = [mine, shuffled[:13], shuffled[13:26], shuffled[26:]]
        start = Deal.start(hands, view.direction)
        others = {seat: bots[seat].choose_pass(start.view(seat)) for seat in BOT_SEATS}
        for cards, seen in zip(passes, outcomes, strict=True):
            deal = Deal.start(hands, view.direction)
            for seat, chosen in others.items():
                deal.submit_pass(seat, chosen)
            deal.submit_pass(HUMAN, cards)
            seen.append(Outcome.of(play_to_end(deal, bots), None))
    return CardStats.over(outcomes[0]), CardStats.over(outcomes[1])
