"""How the tutorial's deal (tutorial.deal) was chosen, and the learners it was tried with.

The tutorial's bots are deterministic and their passes depend only on their own cards, so
a deal and the learner's choices decide the whole hand. This script plays many shuffled
deals with a few kinds of learner — one who follows « Indice », one who always plays the
lowest legal card, one who always plays the highest, and some who pick at random — and ranks
the deals: first by how many notes arise while the hand is played for the least lucky
learner, then for all of them together, then by how well the notes are spread out (few new
notes at once), then by how close their order stays to the list's.

    .venv/bin/python -m tutorial.dealsearch --deals 2000

The winner is copied by hand into tutorial/deal.py; tests/tutorial checks that it still
teaches what it was chosen for.
"""

from __future__ import annotations

import argparse
import os
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Protocol

from game.bots import HINT_LEVEL, make_bot
from game.bots.selfplay import play_to_end
from game.engine import Card, Deal, Move, PassDirection, PlayerView, deal_hands
from game.seats import BOT_SEATS, HUMAN
from tutorial.deal import TUTORIAL_LEVEL, TUTORIAL_SEED
from tutorial.notes import NOTES, Note, arising, moments

RANDOM_LEARNERS = 4
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


def learners(seed: int) -> dict[str, Callable[[], Learner]]:
    found: dict[str, Callable[[], Learner]] = {
        "hint": lambda: hint_learner(seed),
        "lowest": Lowest,
        "highest": Highest,
    }
    for number in range(RANDOM_LEARNERS):
        found[f"random{number}"] = partial(Whim, number)
    return found


def play_through(
    hands: Sequence[Sequence[Card]], learner: Learner, *, seed: int
) -> tuple[Deal, list[Move]]:
    """The hand as game.services plays it: the bots pass as soon as it is dealt, then the
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

    learner: str
    arisen: tuple[tuple[Note, ...], ...]
    scores: tuple[int, ...]
    moon: bool

    @property
    def live(self) -> tuple[Note, ...]:
        return tuple(note for notes in self.arisen for note in notes)

    @property
    def crowd(self) -> int:
        """How crowded the moments after the first (whose two notes always come together)
        are: each moment counts the square of the notes beyond its first, so that one moment
        with four new notes weighs more than two moments with two."""
        return sum((len(notes) - 1) ** 2 for notes in self.arisen[1:])

    @property
    def disorder(self) -> int:
        """Pairs of notes that arose in the opposite order to the list's."""
        numbers = [NOTES.index(note) for note in self.live]
        return sum(a > b for i, a in enumerate(numbers) for b in numbers[i + 1 :])


def run(hands: Sequence[Sequence[Card]], name: str, learner: Learner, *, seed: int) -> Run:
    deal, moves = play_through(hands, learner, seed=seed)
    seen: list[Note] = []
    arisen = []
    for moment in moments(hands, PassDirection.LEFT, moves):
        new = arising(moment, seen) if moment is not None else ()
        seen.extend(new)
        if new:
            arisen.append(new)
    return Run(name, tuple(arisen), tuple(deal.scores()), deal.moon_shooter is not None)


@dataclass(frozen=True)
class Rating:
    hands: list[list[Card]]
    runs: tuple[Run, ...]

    @property
    def key(self) -> tuple:
        lives = [len(run.live) for run in self.runs]
        hint = self.runs[0]
        return (
            min(lives),
            sum(lives),
            -sum(run.moon for run in self.runs),
            self.worth_passing,
            -sum(run.crowd for run in self.runs),
            -hint.disorder,
            -sum(run.disorder for run in self.runs),
            # A learner who follows « Indice » should not end the deal with the Q♠.
            -hint.scores[HUMAN],
        )

    @property
    def worth_passing(self) -> int:
        """The passing note has something to point at: a dangerous spade, a high heart."""
        hand = {card.code for card in self.hands[HUMAN]}
        return bool(hand & DANGEROUS_SPADES) + bool(hand & HIGH_HEARTS)

    def describe(self) -> str:
        lines = [" / ".join(" ".join(card.code for card in hand) for hand in self.hands)]
        for item in self.runs:
            missing = [note.key for note in NOTES if note not in item.live]
            order = " | ".join(
                ",".join(str(note.number) for note in notes) for notes in item.arisen
            )
            lines.append(
                f"  {item.learner:8} live {len(item.live):2} scores {list(item.scores)}"
                f" missing {missing} order {order}"
            )
        return "\n".join(lines)


def rate(hands: list[list[Card]], *, seed: int) -> Rating:
    runs = tuple(run(hands, name, make(), seed=seed) for name, make in learners(seed).items())
    return Rating(hands, runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--first", type=int, default=0, help="first shuffle seed")
    parser.add_argument("--show", type=int, default=5)
    options = parser.parse_args()

    ratings = []
    for shuffle in range(options.first, options.first + options.deals):
        hands = deal_hands(random.Random(f"tutorial:{shuffle}"))
        ratings.append((rate(hands, seed=TUTORIAL_SEED), shuffle))
    ratings.sort(key=lambda item: item[0].key, reverse=True)
    for rating, shuffle in ratings[: options.show]:
        print(f"shuffle {shuffle} key {rating.key}")
        print(rating.describe())


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    main()
