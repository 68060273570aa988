"""« Difficile »: a search over the deals the seat cannot see.

For each card the bot draws deals of the unseen cards that agree with what it knows
(`sampling`) and plays the hand out in each, the others by a cheap but sensible policy
(`playout`), its own cards from a tree of its next cards (`tree_search`), so a card is
judged with good later cards of ours, not the policy's; the card played most wins. Its last
four cards are judged otherwise: each sampled deal's end is solved exactly, every seat
playing its best (`endgame`), and the card of the best total wins. With
`tree_iterations` at 0 (`difficile-v1`) each candidate card is instead played out once per
sampled deal, our later cards the policy's, and the lowest total wins. Passing
is a flatter search: a short list of sensible passes, each played out over sampled deals in
which the others pass too, the lowest average score for itself kept, the moon applied.

Every decision draws its randomness from the seed and the view alone, and its budget is
counted in work (sampled deals, or card plays for the pass), never in time: so the same seed
and view give the same card on any machine, however busy. A wall-clock cap well above what
the budget costs is only a safety net; a search it cuts short is logged.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from itertools import combinations
from time import perf_counter
from typing import ClassVar, NamedTuple

from game.engine import Card, PlayerView
from game.engine.cards import (
    CARDS,
    FULL_DECK,
    SUIT_MASKS,
    TWO_OF_CLUBS_BIT,
    cards_of,
    mask_of,
)
from game.engine.rules import NO_LEAD

from ..base import Bot, decision_rng, gettext_noop
from ..counting import equivalent_groups
from ..endgame import endgame_search
from ..playout import bits_of, choose_card, margin, pass_danger, play_out, policy_pass
from ..sampling import DealSampler, knowledge_of
from ..tree_search import position_of, tree_search

logger = logging.getLogger("game.bots")

# Card plays simulated per decision by the flat search (about 1 to 2 µs each on the project's
# machines): a pass, and a card when `tree_iterations` is 0 (`difficile-v1`); the budget that
# keeps a decision's p95 well under half a second (`make bench`).
PLAY_WORK = 150_000
PASS_WORK = 200_000
# Fewer samples than this and the averages are noise; more than this and they stop moving.
MIN_SAMPLES = 16
MAX_SAMPLES = 400
# The tree search: one sampled deal per iteration, and UCB's exploration constant for rewards
# of about -1 .. 1 (`tree_search`), measured in the arena (docs/bots.md).
TREE_ITERATIONS = 3000
EXPLORATION = 0.5
# The tree's budget where the full one costs too much: Difficile's suggestions in the key
# moments (a whole hand's analysis within 3 s) and the browser's offline game (Pyodide, on the
# page's own thread, within a second a card). The budget that first beat `difficile-v1`.
LIGHT_TREE_ITERATIONS = 2000
# The last tricks, solved exactly in each sampled world (`endgame`): from this many cards in
# hand, each decision solving worlds until this many positions are searched (about 5 µs
# each), at most this many worlds. Screened on recorded games (docs/bots.md); five cards cost
# too much per world to be judged on enough of them.
ENDGAME_CARDS = 4
ENDGAME_WORK = 40_000
ENDGAME_WORLDS = 48
# Wall-clock safety net (seconds), about three times the slowest budgeted decision measured:
# only a machine that much slower or busier reaches it, and then the search answers with the
# deals seen so far (a card that may differ from an unhurried search's) and logs a warning.
TIME_LIMIT = 2.0
# The passes worth evaluating: every three of the most dangerous cards, and voids.
PASS_SHORTLIST = 6


class HardBot(Bot):
    level = "hard"
    label = gettext_noop("Difficile")
    order = 3
    searches = True
    # The search's settings, class-wide so that a level kept for comparison in the arena
    # (`difficile-v1`) is this class with its own values, never a copy of the code.
    play_work: ClassVar[int] = PLAY_WORK
    pass_work: ClassVar[int] = PASS_WORK
    max_samples: ClassVar[int] = MAX_SAMPLES
    tree_iterations: ClassVar[int] = TREE_ITERATIONS
    """Sampled deals of the play search's tree (`tree_search`); 0 for one playout per card and
    deal, budgeted by `play_work` and `max_samples` (`difficile-v1`)."""
    exploration: ClassVar[float] = EXPLORATION
    trick_separates: ClassVar[bool] = True
    """Whether a card of the current trick ranked between two of ours keeps them apart
    (`counting.equivalent_groups`). `difficile-v1` grouped by the hidden cards alone, so with
    the 10♥ and the Q♥ under a J♥ led it never considered taking the trick."""
    endgame_cards: ClassVar[int] = ENDGAME_CARDS
    """From how many cards in hand the play is solved to the end in each world (`endgame`);
    0 never (`difficile-v1`, whose last cards are searched as its first)."""

    def __init__(
        self,
        seed: int | None = None,
        *,
        samples: int | None = None,
        pass_samples: int | None = None,
        endgame_work: int = ENDGAME_WORK,
        time_limit: float = TIME_LIMIT,
    ) -> None:
        """`samples` / `pass_samples` fix the number of sampled deals (tests use few; `samples`
        also caps the worlds of the last cards' search); `endgame_work` is that search's budget
        in solved positions; `time_limit` is the safety net in seconds."""
        super().__init__(seed)
        self.samples = samples
        self.pass_samples = pass_samples
        self.endgame_work = endgame_work
        self.time_limit = time_limit

    # -- playing ---------------------------------------------------------------------------

    def choose_play(self, view: PlayerView) -> Card:
        if len(view.legal) == 1:
            return view.legal[0]
        deadline = perf_counter() + self.time_limit
        seat = view.seat
        knowledge = knowledge_of(view)
        hand = knowledge.hand
        position = position_of(view)
        plays = list(position.plays)
        lead_suit = view.current_trick[0][1].suit_index if plays else NO_LEAD
        legal = mask_of(view.legal)
        separators = knowledge.hidden | (sum(plays) if self.trick_separates else 0)
        groups = equivalent_groups(legal, separators)
        if len(groups) == 1:
            return view.legal[0]
        sampler = DealSampler(knowledge)
        rng = decision_rng(self.seed, view)
        if len(view.hand) <= self.endgame_cards:
            candidates = [group & -group for group in groups]
            most_worlds = min(self.samples or ENDGAME_WORLDS, ENDGAME_WORLDS)
            solved = endgame_search(
                candidates,
                position,
                lambda: sampler.sample(rng),
                self.endgame_work,
                most_worlds,
                lambda: perf_counter() > deadline,
            )
            if solved.cut_short:
                self._report_cut_short(view, solved.worlds, most_worlds)
            return CARDS[candidates[solved.best].bit_length() - 1]
        if self.tree_iterations:
            tree = tree_search(
                sum(group & -group for group in groups),
                position,
                lambda: sampler.sample(rng),
                self.samples or self.tree_iterations,
                self.exploration,
                lambda: perf_counter() > deadline,
            )
            self._report_cut_short(view, tree.iterations, tree.planned)
            return CARDS[tree.best.bit_length() - 1]
        # The policy's own choice goes first: it wins ties, so a flat position plays naturally.
        usual = choose_card(hand, legal, sum(plays), lead_suit, len(plays), knowledge.hidden)
        groups.sort(key=lambda group: not group & usual)
        candidates = [group & -group for group in groups]

        def score(index: int, hands: list[int]) -> int:
            bit = candidates[index]
            world = hands.copy()
            world[seat] = hand ^ bit
            scores = play_out(
                world,
                position.leader,
                [*plays, bit],
                position.first_trick,
                position.hearts_broken,
                list(position.points),
            )
            return margin(scores, seat)

        samples = self.samples or self._budget(
            self.play_work, len(candidates), sum(knowledge.sizes)
        )
        searched = search(len(candidates), samples, lambda: sampler.sample(rng), score, deadline)
        self._report_cut_short(view, searched.worlds, searched.planned)
        return CARDS[candidates[searched.best].bit_length() - 1]

    # -- passing ---------------------------------------------------------------------------

    def choose_pass(self, view: PlayerView) -> list[Card]:
        deadline = perf_counter() + self.time_limit
        seat = view.seat
        hand = mask_of(view.hand)
        offset = view.direction.offset
        candidates = pass_candidates(hand)
        rng = decision_rng(self.seed, view)
        unseen = bits_of(FULL_DECK & ~hand)

        def draw() -> tuple[list[int], list[int]]:
            """The others' hands before the pass, and the cards they pass (the policy's)."""
            shuffled = rng.sample(unseen, 39)
            deal = [0, 0, 0, 0]
            deal[seat] = hand
            for order, other in enumerate(other for other in range(4) if other != seat):
                deal[other] = sum(shuffled[13 * order : 13 * order + 13])
            return deal, [0 if other == seat else policy_pass(deal[other]) for other in range(4)]

        def score(index: int, drawn: tuple[list[int], list[int]]) -> int:
            deal, passes = drawn
            passes = passes.copy()
            passes[seat] = candidates[index]
            world = [deal[other] & ~passes[other] for other in range(4)]
            for other in range(4):
                world[(other + offset) & 3] |= passes[other]
            leader = next(other for other in range(4) if world[other] & TWO_OF_CLUBS_BIT)
            return margin(play_out(world, leader, [], True, False, [0, 0, 0, 0]), seat)

        samples = self.pass_samples or self._budget(self.pass_work, len(candidates), 52)
        searched = search(len(candidates), samples, draw, score, deadline)
        self._report_cut_short(view, searched.worlds, searched.planned)
        return cards_of(candidates[searched.best])

    def _budget(self, work: int, candidates: int, plays: int) -> int:
        """Samples that fit the work budget (card plays), within bounds that keep it sound."""
        cost = sum(share * alive for share, alive in halving_rounds(candidates)) * plays
        return max(MIN_SAMPLES, min(self.max_samples, int(work / cost)))

    def _report_cut_short(self, view: PlayerView, spent: int, planned: int) -> None:
        """A search the safety net stopped chose by the clock, not by its budget: say so."""
        if spent < planned:
            logger.warning(
                "Difficile hit its %.2f s safety net: seat %d, %s, %d of %d sampled deals",
                self.time_limit,
                view.seat,
                view.phase,
                spent,
                planned,
            )


class Searched(NamedTuple):
    """What a search chose, and how much of its budget it spent."""

    best: int
    """The index of the chosen candidate."""
    worlds: int
    """Sampled worlds scored."""
    planned: int
    """Sampled worlds the budget asked for: more than `worlds` when the safety net struck."""


def search[W](
    count: int,
    samples: int,
    draw: Callable[[], W],
    score: Callable[[int, W], int],
    deadline: float,
) -> Searched:
    """The candidate with the lowest total score over shared sampled worlds.

    Every candidate is scored on the same worlds, so luck cancels out of the comparison.
    Successive halving spends the samples where the choice is close. The number of worlds
    is fixed by `samples` alone; only past the deadline (the safety net) does the search
    stop early, between two worlds, every candidate still in having seen the same ones.
    """
    rounds = [
        (max(1, round(share * samples)), survivors) for share, survivors in halving_rounds(count)
    ]
    planned = sum(worlds for worlds, _ in rounds)
    totals = [0] * count
    alive = list(range(count))
    scored = 0
    for worlds, survivors in rounds:
        alive = sorted(alive, key=totals.__getitem__)[:survivors]
        for _ in range(worlds):
            if scored and perf_counter() > deadline:
                return Searched(min(alive, key=totals.__getitem__), scored, planned)
            world = draw()
            for index in alive:
                totals[index] += score(index, world)
            scored += 1
    return Searched(min(alive, key=totals.__getitem__), scored, planned)


def halving_rounds(candidates: int) -> list[tuple[float, int]]:
    """Successive halving: (share of the samples, candidates still in) for each round.

    Every card gets a first look; the better half gets a second, and the best two the last
    half of the samples. A clearly bad card costs a quarter of the work of a close one.
    """
    rounds = []
    alive = candidates
    for share in (0.25, 0.25, 0.5):
        rounds.append((share, alive))
        alive = max(2, (alive + 1) // 2)
    return rounds


def pass_candidates(hand: int) -> list[int]:
    """The passes worth evaluating: any three of the most dangerous cards, and short-suit voids."""
    ranked = sorted(bits_of(hand), key=lambda bit: pass_danger(hand, bit), reverse=True)
    shortlist = ranked[:PASS_SHORTLIST]
    candidates = [a | b | c for a, b, c in combinations(shortlist, 3)]
    for suit_mask in SUIT_MASKS[:3]:
        suit = hand & suit_mask
        if 0 < suit.bit_count() <= 3:
            # Voiding a short suit lets us discard on it later.
            fill = [bit for bit in ranked if not bit & suit][: 3 - suit.bit_count()]
            void = suit
            for bit in fill:
                void |= bit
            candidates.append(void)
    return list(dict.fromkeys(candidates))
