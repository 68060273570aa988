"""The last tricks of a deal solved exactly, every seat playing for itself (max-n).

With few cards left the cheap playout policy is the weak part of a search: the order of the
last cards decides who takes the hearts still out, and the others of a strong field play
those cards well. Once a deal's hands are all known (a sampled world), its end can be played
out perfectly instead: each seat, at its turn, plays the card that leads to the best end for
itself, every later card chosen the same way (max-n, Luckhardt and Irani, 1986). "Best for
itself" is the `margin` every search of the bots minimises: its score against the others'
sum, the moon applied, so a seat that can still shoot does, and a seat that can spoil a moon
does.

Two kinds of work are saved, neither changing the value: cards of one hand that play alike
(`counting.equivalent_groups`, the others' cards and the trick's as separators) are tried
once, and positions reached twice are looked up (a solver keeps a table per world).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from game.engine.rules import NO_LEAD, legal_mask, moon_scores, opens_hearts, points_of, winning_bit

from .counting import equivalent_groups
from .playout import margin, suit_of
from .tree_search import Position

# Fewer worlds than this and one odd deal decides the card.
MIN_WORLDS = 4

type Scores = tuple[int, int, int, int]
type Key = tuple[int, int, int, int, int, bool, tuple[int, int, int, int]]


class EndgameSolver:
    """Solves the end of one world; reuse one solver only for positions of the same world."""

    def __init__(self) -> None:
        self.table: dict[Key, Scores] = {}
        self.positions = 0
        """Positions searched (not looked up): the solver's cost."""

    def scores_after(
        self,
        hands: list[int],
        leader: int,
        plays: list[int],
        hearts_broken: bool,
        points: list[int],
        bit: int,
    ) -> Scores:
        """The hand's scores (moon applied) once the seat to play plays `bit`, the rest
        played by max-n. `hands` holds every seat's cards, the mover's `bit` included;
        `plays` are the bits of the current trick from `leader` on (never the first trick)."""
        seat = (leader + len(plays)) & 3
        after = hands.copy()
        after[seat] ^= bit
        return self._value(
            (after[0], after[1], after[2], after[3]),
            leader,
            (*plays, bit),
            hearts_broken,
            (points[0], points[1], points[2], points[3]),
        )

    def _value(
        self,
        hands: tuple[int, int, int, int],
        leader: int,
        plays: tuple[int, ...],
        hearts_broken: bool,
        points: tuple[int, int, int, int],
    ) -> Scores:
        """The scores at the end from a position: a full trick is taken first, then the seat
        to play chooses its best card."""
        if len(plays) == 4:
            trick = plays[0] | plays[1] | plays[2] | plays[3]
            winner = (leader + plays.index(winning_bit(trick, suit_of(plays[0])))) & 3
            taken = list(points)
            taken[winner] += points_of(trick)
            if not hands[0] | hands[1] | hands[2] | hands[3]:
                final = moon_scores(taken)[0]
                return (final[0], final[1], final[2], final[3])
            leader = winner
            plays = ()
            hearts_broken = hearts_broken or opens_hearts(trick)
            points = (taken[0], taken[1], taken[2], taken[3])
        # Positions repeat only at a trick's start (the same cards gone in another order).
        key = None if plays else (*hands, leader, hearts_broken, points)
        if key is not None:
            known = self.table.get(key)
            if known is not None:
                return known
        self.positions += 1
        seat = (leader + len(plays)) & 3
        hand = hands[seat]
        lead_suit = suit_of(plays[0]) if plays else NO_LEAD
        legal = legal_mask(hand, lead_suit, False, hearts_broken)
        if legal & (legal - 1):
            trick = 0
            for played in plays:
                trick |= played
            separators = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hand | trick
            choices = [group & -group for group in equivalent_groups(legal, separators)]
        else:
            choices = [legal]
        best: Scores | None = None
        best_margin = 0
        for bit in choices:
            after = list(hands)
            after[seat] = hand ^ bit
            scores = self._value(
                (after[0], after[1], after[2], after[3]),
                leader,
                (*plays, bit),
                hearts_broken,
                points,
            )
            seat_margin = 4 * scores[seat] - scores[0] - scores[1] - scores[2] - scores[3]
            if best is None or seat_margin < best_margin:
                best = scores
                best_margin = seat_margin
        assert best is not None  # a hand with cards always has a legal card
        if key is not None:
            self.table[key] = best
        return best


class EndgameSearched(NamedTuple):
    """What an endgame search chose, and how many worlds it solved."""

    best: int
    """The index of the chosen candidate."""
    worlds: int
    cut_short: bool
    """Whether the safety net stopped it before its budget was spent."""


def endgame_search(
    candidates: list[int],
    position: Position,
    draw: Callable[[], list[int]],
    work: int,
    most_worlds: int,
    out_of_time: Callable[[], bool],
) -> EndgameSearched:
    """The candidate card (a bit) of lowest total `margin` over sampled worlds, each solved.

    Worlds are drawn until the solvers have searched `work` positions, at least
    `MIN_WORLDS` (unless `most_worlds` is fewer) and at most `most_worlds` of them: a budget
    in work, so the same view gives the same card on any machine, and a costly end (long
    suits, many choices) is judged on fewer worlds rather than taking longer. `out_of_time`,
    read between worlds, is the safety net. Ties go to the first candidate.
    """
    totals = [0] * len(candidates)
    spent = worlds = 0
    while worlds < most_worlds and (worlds < MIN_WORLDS or spent < work):
        if worlds and out_of_time():
            return EndgameSearched(min(range(len(totals)), key=totals.__getitem__), worlds, True)
        hands = draw()
        solver = EndgameSolver()
        for index, bit in enumerate(candidates):
            scores = solver.scores_after(
                hands,
                position.leader,
                list(position.plays),
                position.hearts_broken,
                list(position.points),
                bit,
            )
            totals[index] += margin(list(scores), position.seat)
        spent += solver.positions
        worlds += 1
    return EndgameSearched(min(range(len(totals)), key=totals.__getitem__), worlds, False)
