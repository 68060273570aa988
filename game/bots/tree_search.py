"""A Monte Carlo tree of the searching seat's own next cards, over sampled deals.

One playout per sampled deal values a card as if every later decision, ours included, were
the cheap policy's. This search lets our later cards be chosen too: each iteration draws a
deal that agrees with what the seat knows, and plays the hand out with the policy for the
other seats, while our cards come from a tree of our own card sequences (open-loop: the
others' replies are not branched on, which keeps every iteration's statistics on our
choices). In the tree a card is chosen by UCB among the cards legal in that deal, a node's
availability counting how often its card could have been chosen (information-set MCTS,
Cowling, Powley and Whitehouse, 2012); one new card is added per iteration, the policy's
favourite first, and every card on the path is credited with the deal's `margin`.
"""

from __future__ import annotations

from collections.abc import Callable
from math import log, sqrt
from typing import NamedTuple

from game.engine import PlayerView

from .base import PerSeat, per_seat
from .playout import Chooser, choose_card, margin, play_out


class Position(NamedTuple):
    """The searching seat's turn in the current trick (the hands come from each deal)."""

    seat: int
    leader: int
    plays: tuple[int, ...]
    """The bits already in the current trick, from `leader` on."""
    first_trick: bool
    hearts_broken: bool
    points: PerSeat


def position_of(view: PlayerView) -> Position:
    """The position of a view in the playing phase, its seat to play."""
    plays = tuple(card.bit for _, card in view.current_trick)
    return Position(
        view.seat,
        view.current_trick[0][0] if plays else view.seat,
        plays,
        view.is_first_trick,
        view.hearts_broken,
        per_seat(view.points_taken),
    )


def play_from(position: Position, hands: list[int], chooser: Chooser) -> list[int]:
    """Play the hand out from `position` in a world (`hands`, changed in place), the searching
    seat's cards asked of `chooser`; the hand's scores with the moon applied."""
    return play_out(
        hands,
        position.leader,
        list(position.plays),
        position.first_trick,
        position.hearts_broken,
        list(position.points),
        position.seat,
        chooser,
    )


class Node:
    """One of our cards in the tree, with the outcomes of the iterations that played it."""

    __slots__ = ("available", "children", "reward", "tried", "visits")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.tried = 0
        """The mask of the cards already added below this node."""
        self.visits = 0
        self.reward = 0.0
        """The sum of the iterations' rewards: minus our `margin`, over 78 (about -1 .. 1)."""
        self.available = 1
        """Iterations in which this card was legal when its parent was reached."""


class TreeSearched(NamedTuple):
    """What a tree search chose, and how much of its budget it spent."""

    best: int
    """The bit of the chosen card."""
    iterations: int
    planned: int


def tree_search(
    root_moves: int,
    position: Position,
    draw: Callable[[], list[int]],
    iterations: int,
    exploration: float,
    out_of_time: Callable[[], bool],
) -> TreeSearched:
    """The card of `root_moves` (a mask of our legal cards) played most by the iterations.

    `draw` gives the four hands of a deal consistent with the view, ours as it is. The number
    of iterations alone fixes the result; only when `out_of_time` (the safety net, read between
    iterations) says so does the search stop early and answer with what it has.
    """
    root = Node()
    done = 0
    while done < iterations:
        if done and out_of_time():
            break
        _iterate(root, root_moves, position, draw(), exploration)
        done += 1
    best = max(root.children.items(), key=lambda item: (item[1].visits, -item[0]))[0]
    return TreeSearched(best, done, iterations)


def _iterate(
    root: Node, root_moves: int, position: Position, hands: list[int], exploration: float
) -> None:
    """One iteration: down the tree at our turns, one card added, the rest by the policy."""
    path: list[Node] = []
    node: Node | None = root

    def choose(legal: int, hand: int, trick: int, lead_suit: int, order: int, others: int) -> int:
        nonlocal node
        if node is None:
            return 0  # past the tree: the policy plays
        if node is root:
            legal &= root_moves
        untried = legal & ~node.tried
        if untried:
            if untried & (untried - 1):
                bit = choose_card(hand, untried, trick, lead_suit, order, others)
            else:
                bit = untried
            child = Node()
            node.children[bit] = child
            node.tried |= bit
            path.append(child)
            node = None
            return bit
        bit = _select(node, legal, exploration)
        node = node.children[bit]
        path.append(node)
        return bit

    scores = play_from(position, hands, choose)
    reward = -margin(scores, position.seat) / 78
    for child in path:
        child.visits += 1
        child.reward += reward


def _select(node: Node, legal: int, exploration: float) -> int:
    """The legal child of best upper confidence bound; each legal child's availability grows."""
    best = 0
    best_value = -1e9
    for bit, child in node.children.items():
        if not bit & legal:
            continue
        child.available += 1
        value = child.reward / child.visits + exploration * sqrt(
            log(child.available) / child.visits
        )
        if value > best_value:
            best_value = value
            best = bit
    return best
