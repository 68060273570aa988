"""How the tutorial's deal (tutorial.deal) was chosen, and the learners it was tried with.

The tutorial's bots are deterministic and their passes depend only on their own cards, so
a deal and the learner's choices decide the whole hand. This script plays shuffled deals
with three kinds of learner (POLICIES): one who plays any legal card, one who follows
« Indice », and one who keeps its high cards (passes its three lowest, plays its lowest
legal card); the last two stray to any legal card once in STRAY_EVERY cards, so that each
kind is tried on many hands (its learner 0 never strays). Each deal is screened with a few
learners of each kind, then the best are played by many and ranked: first by the rate of
the least often met note (the share of a kind of learner who meet it while playing, not
only in the summary), then by all the rates together, fewer moons, a pass worth making,
notes less bunched, and a learner who follows « Indice » taking few points.

    .venv/bin/python -m tutorial.dealsearch --deals 1500 --screen 24 --learners 400
    .venv/bin/python -m tutorial.dealsearch --adjust 593 --swaps 60 --screen 40
    .venv/bin/python -m tutorial.dealsearch --report --learners 400

`--adjust` improves one shuffle by swapping cards between your hand and another's, keeping
each swap that rates better (no shuffle alone brought « Se défausser » to 95 % of the
learners who play at random).

The winner is copied by hand into tutorial/deal.py; `--report` prints, for that deal, the
rate of each note for each kind of learner; tests/tutorial checks with a few dozen learners
that it still teaches what it was chosen for.
"""

from __future__ import annotations

import argparse
import os
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from game.bots import HINT_LEVEL, make_bot
from game.bots.selfplay import play_to_end
from game.engine import Card, Deal, Move, PassDirection, PlayerView, deal_hands
from play.seats import BOT_SEATS, HUMAN
from tutorial.deal import TUTORIAL_LEVEL, TUTORIAL_SEED, tutorial_hands
from tutorial.notes import NOTES, Note, arising, moments

# The three kinds of learner: any legal card; « Indice »; « keeps high cards » (passes its
# three lowest and plays its lowest legal card, keeping its high ones).
POLICIES = ("random", "hint", "keeps_high")
STRAY_EVERY = 10
# Learners per policy when a deal's rates are reported.
SHOWN_LEARNERS = 400
DANGEROUS_SPADES = {"QS", "KS", "AS"}
HIGH_HEARTS = {"AH", "KH", "QH"}


class Learner(Protocol):
    def choose_pass(self, view: PlayerView) -> list[Card]: ...

    def choose_play(self, view: PlayerView) -> Card: ...


def _by_rank(card: Card) -> tuple[int, int]:
    return card.rank_index, card.suit_index


class Lowest:
    """Passes its three lowest cards and always plays its lowest legal card."""

    def choose_pass(self, view: PlayerView) -> list[Card]:
        return sorted(view.hand, key=_by_rank)[:3]

    def choose_play(self, view: PlayerView) -> Card:
        return min(view.legal, key=_by_rank)


class Highest:
    """Passes its three highest cards and always plays its highest legal card."""

    def choose_pass(self, view: PlayerView) -> list[Card]:
        return sorted(view.hand, key=_by_rank)[-3:]

    def choose_play(self, view: PlayerView) -> Card:
        return max(view.legal, key=_by_rank)


class Whim:
    """Any three cards, any legal card."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose_pass(self, view: PlayerView) -> list[Card]:
        return self.rng.sample(list(view.hand), 3)

    def choose_play(self, view: PlayerView) -> Card:
        return self.rng.choice(list(view.legal))


def hint_learner(seed: int) -> Learner:
    """Follows « Indice »: the « Normal » bot's choice from the learner's own view."""
    return make_bot(HINT_LEVEL, seed=seed)


class Straying:
    """Follows a policy, but one card in STRAY_EVERY is any legal card instead: learners
    of one kind differ a little, so that a policy is tried on many hands, not one."""

    def __init__(self, policy: Learner, seed: int) -> None:
        self.policy = policy
        self.rng = random.Random(seed)

    def choose_pass(self, view: PlayerView) -> list[Card]:
        return self.policy.choose_pass(view)

    def choose_play(self, view: PlayerView) -> Card:
        if self.rng.randrange(STRAY_EVERY) == 0:
            return self.rng.choice(list(view.legal))
        return self.policy.choose_play(view)


def learner(policy: str, number: int) -> Learner:
    """The `number`th learner of a policy; number 0 follows it without straying."""
    if policy == "random":
        return Whim(number)
    followed: Learner = hint_learner(TUTORIAL_SEED) if policy == "hint" else Lowest()
    return followed if number == 0 else Straying(followed, number)


def play_through(
    hands: Sequence[Sequence[Card]], learner: Learner, *, seed: int
) -> tuple[Deal, list[Move]]:
    """The hand as play.services plays it: the bots pass as soon as it is dealt, then the
    learner; each bot is made with the game's seed plus its seat."""
    deal = Deal.start(hands, PassDirection.LEFT)
    players = [learner, *(make_bot(TUTORIAL_LEVEL, seed=seed + seat) for seat in BOT_SEATS)]
    moves: list[Move] = []
    for seat in (*BOT_SEATS, HUMAN):
        move = Move.passing(seat, players[seat].choose_pass(deal.view(seat)))
        move.apply(deal)
        moves.append(move)
    play_to_end(deal, players)
    moves += [Move.playing(seat, card) for trick in deal.tricks for seat, card in trick.plays]
    return deal, moves


@dataclass(frozen=True)
class Run:
    """One learner through one deal: the notes each moment brought, in order."""

    arisen: tuple[tuple[Note, ...], ...]
    scores: tuple[int, ...]
    moon: bool

    @property
    def live(self) -> tuple[Note, ...]:
        return tuple(note for notes in self.arisen for note in notes)

    @property
    def crowd(self) -> int:
        """How bunched the notes are once the cards are passed: at each moment, the notes
        beyond the second (the first card's three situations, all on the table at once,
        count 1; four count 2)."""
        return sum(max(len(notes) - 2, 0) for notes in self.arisen[1:])


def run(hands: Sequence[Sequence[Card]], learner: Learner, *, seed: int = TUTORIAL_SEED) -> Run:
    deal, moves = play_through(hands, learner, seed=seed)
    seen: list[Note] = []
    arisen = []
    for moment in moments(hands, PassDirection.LEFT, moves):
        new = arising(moment, seen) if moment is not None else ()
        seen.extend(new)
        if new:
            arisen.append(new)
    return Run(tuple(arisen), tuple(deal.scores()), deal.moon_shooter is not None)


@dataclass(frozen=True)
class Rating:
    """A deal played by `count` learners of each policy."""

    hands: list[list[Card]]
    runs: dict[str, tuple[Run, ...]]

    def rate(self, policy: str, note: Note) -> float:
        """The share of the policy's learners for whom the note arose while playing."""
        runs = self.runs[policy]
        return sum(note in run.live for run in runs) / len(runs)

    @property
    def worst(self) -> float:
        return min(self.rate(policy, note) for policy in POLICIES for note in NOTES)

    @property
    def key(self) -> tuple[float, ...]:
        all_runs = [run for runs in self.runs.values() for run in runs]
        hint = self.runs["hint"][0]
        return (
            self.worst,
            sum(self.rate(policy, note) for policy in POLICIES for note in NOTES),
            -sum(run.moon for run in all_runs) / len(all_runs),
            self.worth_passing,
            -sum(run.crowd for run in all_runs) / len(all_runs),
            # A learner who follows « Indice » should not end the deal with the Q♠.
            -hint.scores[HUMAN],
        )

    @property
    def worth_passing(self) -> int:
        """The passing note has something to point at: a dangerous spade, a high heart."""
        hand = {card.code for card in self.hands[HUMAN]}
        return bool(hand & DANGEROUS_SPADES) + bool(hand & HIGH_HEARTS)

    def report(self) -> str:
        """Per note and policy, the share of learners who met it while playing."""
        count = len(self.runs[POLICIES[0]])
        head = f"{'note':16}" + "".join(f"{policy:>12}" for policy in POLICIES)
        lines = [f"{count} learners per policy", head]
        for note in NOTES:
            rates = "".join(f"{self.rate(policy, note):>12.1%}" for policy in POLICIES)
            lines.append(f"{note.number:2} {note.key:13}{rates}")
        for label, measure in (
            ("moons", lambda run: run.moon),
            ("crowd", lambda run: run.crowd),
            ("your points", lambda run: run.scores[HUMAN]),
        ):
            means = "".join(
                f"{sum(map(measure, self.runs[policy])) / count:>12.2f}" for policy in POLICIES
            )
            lines.append(f"{label:16}{means}")
        hint = self.runs["hint"][0]
        order = " | ".join(",".join(str(note.number) for note in notes) for notes in hint.arisen)
        lines.append(f"following « Indice »: {order}; scores {list(hint.scores)}")
        return "\n".join(lines)


def rate(hands: list[list[Card]], *, count: int) -> Rating:
    runs = {
        policy: tuple(run(hands, learner(policy, number)) for number in range(count))
        for policy in POLICIES
    }
    return Rating(hands, runs)


def search(first: int, deals: int, *, screen: int, count: int, show: int) -> None:
    """Screens shuffled deals with a few learners each, then rates the best with many."""
    screened = []
    for shuffle in range(first, first + deals):
        hands = deal_hands(random.Random(f"tutorial:{shuffle}"))
        rating = rate(hands, count=screen)
        screened.append((rating.key, shuffle, hands))
    screened.sort(key=lambda item: item[0], reverse=True)
    finalists = [(rate(hands, count=count), shuffle) for _key, shuffle, hands in screened[:show]]
    finalists.sort(key=lambda item: item[0].key, reverse=True)
    for rating, shuffle in finalists:
        print(f"shuffle {shuffle} key {tuple(round(value, 3) for value in rating.key)}")
        print(" / ".join(" ".join(card.code for card in hand) for hand in rating.hands))
        print(rating.report(), flush=True)


def adjust(shuffle: int, *, swaps: int, count: int) -> None:
    """Improves one shuffled deal by swapping one of your cards with another seat's, keeping
    each swap that rates better (`count` learners per policy), then reports it with many."""
    hands = deal_hands(random.Random(f"tutorial:{shuffle}"))
    best = rate(hands, count=count).key
    rng = random.Random(0)
    for _swap in range(swaps):
        trial = [list(hand) for hand in hands]
        other, mine, theirs = rng.randrange(1, 4), rng.randrange(13), rng.randrange(13)
        trial[HUMAN][mine], trial[other][theirs] = trial[other][theirs], trial[HUMAN][mine]
        trial = [
            sorted(hand, key=lambda card: (card.suit_index, card.rank_index)) for hand in trial
        ]
        if (key := rate(trial, count=count).key) > best:
            best, hands = key, trial
    print(" / ".join(" ".join(card.code for card in hand) for hand in hands))
    print(rate(hands, count=SHOWN_LEARNERS).report())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--first", type=int, default=0, help="first shuffle seed")
    parser.add_argument("--screen", type=int, default=12, help="learners per policy to screen")
    parser.add_argument("--learners", type=int, default=SHOWN_LEARNERS, help="per policy")
    parser.add_argument("--show", type=int, default=5)
    parser.add_argument(
        "--report", action="store_true", help="rate the tutorial's deal (tutorial.deal) only"
    )
    parser.add_argument("--adjust", type=int, help="improve this shuffle by swapping cards")
    parser.add_argument("--swaps", type=int, default=60)
    options = parser.parse_args()
    if options.report:
        print(rate(tutorial_hands(), count=options.learners).report())
        return
    if options.adjust is not None:
        adjust(options.adjust, swaps=options.swaps, count=options.screen)
        return
    search(
        options.first,
        options.deals,
        screen=options.screen,
        count=options.learners,
        show=options.show,
    )


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    main()
