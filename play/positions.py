"""Reading a game (the selectors): the current hand rebuilt by the engine from the stored
history, and what the table waits for. Nothing here writes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from threading import Lock

from cachetools import LRUCache
from django.db.models import QuerySet

from game.engine import Deal, Move as EngineMove, replay
from play.models import Game, Hand, Move, Seat
from play.ownership import Owner
from play.seating import Seating, seating_of
from play.turns import pending_bot_seat, people_waited_for


@dataclass
class Position:
    """A game, its current hand and that hand's deal as the engine rebuilt it, and who
    sits where."""

    game: Game
    hand: Hand
    deal: Deal
    seating: Seating
    moves: list[Move] = field(default_factory=list)

    @property
    def bots_level(self) -> str:
        """The level the hand's bots play at (a new level starts with the next hand)."""
        return self.hand.difficulty

    @property
    def seed(self) -> int:
        return self.game.seed


def totals_before(game: Game, hand: Hand) -> list[int]:
    """The match totals when `hand` was dealt: a finished hand's scores are already counted."""
    scores = hand.scores or [0, 0, 0, 0]
    return [total - score for total, score in zip(game.totals, scores, strict=True)]


def engine_move(move: Move) -> EngineMove:
    return EngineMove.from_codes(move.seat, move.cards)


def rebuild_deal(game: Game, hand: Hand, moves: list[Move]) -> Deal:
    """The hand's position after its stored moves, each validated again by the engine."""
    return replay(
        hand.dealt_cards(),
        hand.pass_direction,
        [engine_move(move) for move in moves],
        totals=totals_before(game, hand),
        target=game.target,
    )


@dataclass(frozen=True)
class _Kept:
    hand_id: int
    dealt: list[str]
    move_count: int
    deal: Deal
    moves: tuple[Move, ...]


class KeptPositions:
    """The latest position of each recent game, as this process last read or wrote it, so
    that a request at the same move number neither reads the hand's moves nor replays them.

    Moves are append-only and a game's `move_count` changes in the transaction that adds
    one, so a game's hand (its id and its cards as dealt) at a move count names one position
    for good. Only committed states are kept: a read keeps what it read only if the moves
    end at the game row's move count (an unlocked read that a write overtook between its
    queries is not kept), and a write keeps its position once committed
    (services._save: a rolled-back action keeps nothing). Each process has its own; another
    process's write is a miss here, then a replay, as without it. Thread-safe: Daphne runs
    the views in threads."""

    def __init__(self, games: int) -> None:
        self._kept: LRUCache[int, _Kept] = LRUCache(maxsize=games)
        self._lock = Lock()

    def find(self, game: Game, hand: Hand) -> _Kept | None:
        with self._lock:
            kept = self._kept.get(game.pk)
        if (
            kept is None
            or kept.hand_id != hand.pk
            or kept.move_count != game.move_count
            or kept.dealt != hand.dealt
        ):
            return None
        return kept

    def snapshot(self, position: Position) -> Callable[[], None]:
        """What keeps `position` as it is now (its game and moves change with the next
        move): for a write, to run once committed (transaction.on_commit)."""
        game, hand = position.game, position.hand
        kept = _Kept(
            hand.pk, list(hand.dealt), game.move_count, position.deal, tuple(position.moves)
        )
        return partial(self._keep, game.pk, kept)

    def _keep(self, game_id: int, kept: _Kept) -> None:
        """Kept unless this process already holds a later position of the game."""
        with self._lock:
            held = self._kept.get(game_id)
            if held is None or (held.hand_id, held.move_count) <= (kept.hand_id, kept.move_count):
                self._kept[game_id] = kept

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()


# A few hundred games are in play on a process at most (docs/performance.md); a position
# with its moves is a few tens of KB.
KEPT_POSITIONS = KeptPositions(games=1024)


def load_position(game: Game) -> Position:
    """Two queries at most for a solo game: the current hand (unless already joined) and its
    moves, none of the moves when this process holds the game at its move number
    (KeptPositions); a live table's seats are one more."""
    hand = game.current_hand
    if hand is None:
        raise Hand.DoesNotExist(f"game {game.pk} has no hand dealt")
    kept = KEPT_POSITIONS.find(game, hand)
    if kept is not None:
        return Position(game, hand, kept.deal, seating_of(game), list(kept.moves))
    moves = list(hand.moves.all())
    position = Position(game, hand, rebuild_deal(game, hand, moves), seating_of(game), moves)
    if not moves or moves[-1].number == game.move_count:
        KEPT_POSITIONS.snapshot(position)()
    return position


def owned_games(owner: Owner) -> QuerySet[Game]:
    return Game.objects.filter(owner.games_filter())


def owned_games_of(owner: Owner, kind: str) -> QuerySet[Game]:
    """The owner's games of one kind: an action posted to the solo game's addresses never
    reaches a lesson, nor the tutorial's a solo game."""
    return owned_games(owner).filter(kind=kind)


def seated_games(owner: Owner) -> QuerySet[Game]:
    """The live tables where `owner` sits (their own seat, not one a bot took)."""
    if owner.user_id is not None:
        seats = Seat.objects.filter(user_id=owner.user_id)
    elif owner.guest_id is not None:
        seats = Seat.objects.filter(guest_id=owner.guest_id, user__isnull=True)
    else:
        return Game.objects.none()
    return Game.objects.filter(kind=Game.Kind.LIVE, pk__in=seats.values("game_id"))


def games_played_by(owner: Owner, kind: str) -> QuerySet[Game]:
    """The games of one kind where `owner` may act: their own, or live tables they sit at.
    An action posted to one kind's addresses never reaches a game of another kind."""
    if kind == Game.Kind.LIVE:
        return seated_games(owner)
    return owned_games_of(owner, kind)


def people_to_act(position: Position) -> list[int]:
    """The seats of people (present) the table waits for."""
    return people_waited_for(position.deal, position.seating)


def bots_pending(position: Position) -> bool:
    """Whether the table waits for a bot (the page then asks the server to let it play)."""
    return pending_bot_seat(position.deal, position.seating) is not None
