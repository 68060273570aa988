"""« Moments clés »: the player's choices in a finished hand beside the « Difficile » bot's.

For each choice the player made (the pass, then every card with more than one legal
option) the hard bot is asked what it would have chosen from the player's own view at that
step (`deal.view(0)`: nothing hidden is used). Where the two differ, the points the player's
choice cost are estimated by determinized playouts built on the engine:

- a world is a deal of the cards the player could not see, consistent with what they knew
  (each seat's number of cards, the suits it showed it lacks, the cards passed to it, the
  plays that reveal a hand), drawn by `game.bots.sampling` as the hard bot draws its own;
- the hand is replayed in that world by the engine up to the choice, then each of the two
  cards is played and the « Normal » bot finishes the hand for all four seats;
- both cards are scored on the same worlds, so luck cancels out of the difference;
  the loss is the player's average points with their card minus with the bot's.

The pass is weighed alike: the others' hands are drawn from the 39 cards the player did not
hold, the others pass as the « Normal » bot would, and the hand is played out after each of
the two passes.

A fixed number of worlds per choice keeps the cost bounded: about 0.7 s of CPU for a whole
hand on the development machine, much of it the hard bot's own decisions. The analysis runs
only on demand (« Analyser la manche »), one at a time per process, in the request that asks
for it (Django serves each ASGI request's sync code in its own thread, so the tables are
not held up), and is kept in Django's cache: a finished hand never changes.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from dataclasses import dataclass

from django.core.cache import cache
from django.utils.translation import gettext as _, ngettext

from game.bots import Bot, make_bot
from game.bots.sampling import DealSampler, knowledge_of
from game.bots.selfplay import play_to_end
from game.engine import Card, Deal, IllegalMove, PassDirection, PlayerView
from game.engine.cards import QUEEN_OF_SPADES, cards_of
from game.history.replay import HandRecord, ReplayLinks
from game.models import Game
from game.seats import BOT_SEATS, HUMAN
from game.table import Face

ANALYSIS_VERSION = 1
CACHE_SECONDS = 60 * 60 * 24 * 30
# Worlds per choice that differs: enough for a difference of a point or two to show,
# few enough that a whole hand costs about a second of CPU.
PLAY_WORLDS = 24
PASS_WORLDS = 16
# One analysis at a time per process: a second visitor waits rather than doubling the load.
_running = threading.Lock()


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


def cache_key(game: Game, hand_number: int) -> str:
    return f"history:moments:v{ANALYSIS_VERSION}:{game.pk}:{hand_number}"


def cached_analysis(game: Game, hand_number: int) -> Analysis | None:
    return cache.get(cache_key(game, hand_number))


def analysis_for(game: Game, record: HandRecord) -> Analysis:
    """The hand's analysis, from the cache or computed now (one at a time per process)."""
    key = cache_key(game, record.hand.number)
    found = cache.get(key)
    if found is not None:
        return found
    with _running:
        found = cache.get(key)
        if found is None:
            found = analyse(record, seed=game.seed)
            cache.set(key, found, CACHE_SECONDS)
    return found


# -- The analysis ------------------------------------------------------------------------


def analyse(record: HandRecord, *, seed: int) -> Analysis:
    """Walk the hand's history with the engine and weigh each of the player's choices."""
    hard = make_bot("hard", seed=seed)
    playout_bots = [make_bot("normal", seed=seed + seat) for seat in range(4)]
    rng = random.Random(f"{seed}:{record.hand.number}:moments")
    deal = Deal.start(record.dealt, record.direction)
    choices = []
    plays = 0
    for move in record.moves:
        if move.seat == HUMAN:
            view = deal.view(HUMAN)
            if move.is_pass:
                suggested = hard.choose_pass(view)
                loss = None
                if set(suggested) != set(move.cards):
                    loss = _pass_loss(view, move.cards, suggested, playout_bots, rng)
                choices.append(Choice(0, None, _codes(move.cards), _codes(suggested), loss))
            elif len(view.legal) > 1:
                suggested = hard.choose_play(view)
                loss = None
                if not _alike(view, move.card, suggested):
                    loss = _play_loss(view, move.card, suggested, playout_bots, rng)
                choices.append(
                    Choice(
                        record.decision_step(plays),
                        plays // 4 + 1,
                        (move.card.code,),
                        (suggested.code,),
                        loss,
                    )
                )
        move.apply(deal)
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
    worlds = 0
    for _attempt in range(PLAY_WORLDS * 2):
        hands = [cards_of(mask) for mask in sampler.sample(rng)]
        try:
            outcomes = {card: _play_out_after(view, hands, card, bots) for card in totals}
        except IllegalMove:
            # A world the past plays rule out: the sampler may relax the voids when it
            # weighs who holds the Q♠ (a seat given her may leave a card nowhere to go).
            continue
        for card, score in outcomes.items():
            totals[card] += score
        worlds += 1
        if worlds == PLAY_WORLDS:
            break
    if not worlds:
        return 0.0
    return round((totals[played] - totals[suggested]) / worlds, 1)


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


def _plays(view: PlayerView) -> list[tuple[int, Card]]:
    return [play for trick in view.tricks for play in trick.plays] + list(view.current_trick)


def _play_out_after(view: PlayerView, hands: list[list[Card]], card: Card, bots: list[Bot]) -> int:
    """The player's score when `card` is played now and the bots finish the hand, the four
    hands now being `hands` (the player's own and a world drawn for the others)."""
    history = _plays(view)
    start = [list(hand) for hand in hands]
    for seat, played in history:
        start[seat].append(played)
    # The hands after the exchange: the engine replays every card of the hand so far.
    deal = Deal.start(start, PassDirection.NONE)
    for seat, played in history:
        deal.play(seat, played)
    deal.play(HUMAN, card)
    return play_to_end(deal, bots).scores()[HUMAN]


# -- What the replay shows ---------------------------------------------------------------


@dataclass(frozen=True)
class MomentView:
    step: int
    url: str
    trick: int | None
    played: list[Face]
    suggested: list[Face]
    loss: float
    current: bool

    @property
    def played_text(self) -> str:
        return " ".join(face.short for face in self.played)

    @property
    def suggested_text(self) -> str:
        return " ".join(face.short for face in self.suggested)

    @property
    def title(self) -> str:
        if self.trick is None:
            return _("La passe")
        return _("Pli %(number)s") % {"number": self.trick}

    @property
    def loss_text(self) -> str:
        # Whole points: a few dozen sampled worlds do not measure tenths.
        points = round(self.loss)
        if points < 1:
            return _("sans perte estimée")
        return ngettext(
            "environ %(points)s point perdu", "environ %(points)s points perdus", points
        ) % {"points": points}


@dataclass(frozen=True)
class MomentsView:
    """The analysis of one hand as the replay shows it at one step."""

    moments: list[MomentView]
    choices: int
    agreed: int
    here: MomentView | None
    previous: str | None
    next: str | None


def present(analysis: Analysis, record: HandRecord, links: ReplayLinks, step: int) -> MomentsView:
    number = record.hand.number
    moments = [
        MomentView(
            step=choice.step,
            url=links.step(number, choice.step),
            trick=choice.trick,
            played=[Face.of(Card.from_code(code)) for code in choice.played],
            suggested=[Face.of(Card.from_code(code)) for code in choice.suggested],
            loss=choice.loss or 0.0,
            current=choice.step == step,
        )
        for choice in analysis.moments
    ]
    earlier = [moment for moment in moments if moment.step < step]
    later = [moment for moment in moments if moment.step > step]
    return MomentsView(
        moments=moments,
        choices=len(analysis.choices),
        agreed=len(analysis.choices) - len(moments),
        here=next((moment for moment in moments if moment.current), None),
        previous=earlier[-1].url if earlier else None,
        next=later[0].url if later else None,
    )
