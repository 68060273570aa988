"""The write paths of a game, solo or at a live table: lock, validate with the engine,
persist, let the bots reply.

One transaction per player action; a person acts for the seat they sit at (a solo game's
owner at seat 0), found again under the lock. The bots reply inside the same action until it is the
human's turn again, unless they have used up one bot's time budget: then the browser asks
for the rest (`advance`) while it animates what it already has, so no request ever waits
on more than one slow bot and the server never sleeps.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import timedelta

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from game.bots import DEFAULT_LEVEL, HINT_LEVEL, bot_class
from game.engine import (
    Card,
    Deal,
    IllegalMove,
    Move as EngineMove,
    PassDirection,
    Phase,
)
from play import pages
from play.messages import illegal_move_message
from play.models import Difficulty, Game, Hand, LiveTable, Move, Seat, Target
from play.ownership import Owner
from play.positions import (
    KEPT_POSITIONS,
    Position,
    games_played_by,
    load_position,
    pending_bot_seat,
    people_to_act,
)
from play.seating import seating_of
from play.seats import HUMAN
from play.table_play import (
    Refused,
    bot_move,
    bot_replies,
    card_of,
    check_fresh,
    check_hand_over,
    check_level,
    check_playing,
    hand_cards,
    hand_codes,
    immediate_replies,
    pass_of,
)

# How long one `advance` may hold a game's thinking claim: its time budget plus one slow
# decision (game.bots' TIME_LIMIT), with room; past it the claim has lapsed (its request
# died) and another `advance` may let the bots think.
THINKING_CLAIM = timedelta(seconds=10)

# After this many turns in a row played by the clock, a bot takes a live table's seat.
MISSED_TURNS_BEFORE_BOT = 2


@dataclass
class Outcome:
    """What an action did: the position after it, the moves it wrote, or why it was refused."""

    position: Position
    new_moves: list[Move] = field(default_factory=list)
    error: str | None = None
    error_code: str | None = None
    # Another request is letting this game's searching bots think: nothing was done, and
    # the page asks again a moment later (advance).
    bots_busy: bool = False

    @property
    def refused(self) -> bool:
        return self.error is not None


def start_game(
    *,
    owner: Owner,
    target: int = Target.FULL,
    difficulty: str = DEFAULT_LEVEL,
    training: bool = False,
    kind: str = Game.Kind.SOLO,
    hand_limit: int | None = None,
    dealt: Sequence[Sequence[Card]] | None = None,
    seed: int | None = None,
) -> Game:
    """A new game with its first hand dealt and the bots' passes chosen.

    A lesson names its first hand (`dealt`) and its `seed`, so that every learner gets the
    same deal and the same bots, and ends after `hand_limit` hands; a solo game is shuffled
    from a fresh seed and played to its target."""
    if target not in Target.values:
        raise ValueError(f"target must be one of {Target.values}")
    if difficulty not in Difficulty.values:
        raise ValueError(f"difficulty must be one of {Difficulty.values}")
    if kind not in Game.Kind.values:
        raise ValueError(f"kind must be one of {Game.Kind.values}")
    with transaction.atomic():
        game = Game.objects.create(
            **owner.as_fields(),
            target=target,
            difficulty=difficulty,
            training=training,
            kind=kind,
            hand_limit=hand_limit,
            seed=random.SystemRandom().randrange(2**62) if seed is None else seed,
            totals=[0, 0, 0, 0],
        )
        deal_next_hand(game, dealt)
    return game


def deal_next_hand(game: Game, dealt: Sequence[Sequence[Card]] | None = None) -> Position:
    """In the caller's transaction, the game locked: the next hand, and the bots' passes."""
    number = game.current_hand.number + 1 if game.current_hand else 1
    direction = PassDirection.for_hand(number)
    hands = hand_cards(game.seed, number) if dealt is None else [list(c) for c in dealt]
    hand = Hand.objects.create(
        game=game,
        number=number,
        direction=direction.value,
        difficulty=game.difficulty,
        dealt=hand_codes(hands),
    )
    game.current_hand = hand
    deal = Deal.start(hands, direction, totals=game.totals, target=game.target)
    position = Position(game=game, hand=hand, deal=deal, seating=seating_of(game))
    _save(position, _let_bots_play(position), fields=["current_hand"])
    return position


def _lock(game_id: int, owner: Owner, kind: str) -> Position:
    """The game `owner` plays (theirs, or a live table they sit at), locked for this
    transaction, with its current hand rebuilt.

    The hand is read after the lock is held, in a query of its own: joined to the locking
    query, PostgreSQL would give a request that waited for the lock the game row as the
    other request left it but the hand from before (none, for a hand just dealt)."""
    game = games_played_by(owner, kind).select_for_update().get(pk=game_id)
    return load_position(game)


def _seat_of(position: Position, owner: Owner) -> int:
    """The seat `owner` acts for; a person a bot plays for must take their seat back first."""
    seat = position.seating.seat_of(owner)
    if seat is None:
        # Removed from the table meanwhile: as if it were not theirs.
        raise Game.DoesNotExist
    if position.seating.occupants[seat].away:
        raise Refused(
            "away", _("Un robot joue pour vous : « Reprendre ma place » pour jouer à nouveau.")
        )
    return seat


def _check_fresh(
    position: Position,
    expected_move: int | None,
    seat: int | None = None,
    same: Callable[[Move], bool] | None = None,
) -> None:
    """table_play.check_fresh, with whether the post repeats a move its seat made since."""

    def repeated() -> bool:
        since = [move for move in position.moves if move.number > (expected_move or 0)]
        return any(move.seat == seat and same(move) for move in since) if same else True

    check_fresh(position.game.move_count, expected_move, repeated)


def _only_others_passed_since(position: Position, expected_move: int | None, seat: int) -> bool:
    """Whether everything written since the page was drawn is other seats' passes of this
    same hand: at a live table everyone chooses their pass at once, so a pass drawn before
    another player's is still this seat's to give."""
    if expected_move is None or position.deal.phase != Phase.PASSING:
        return False
    since = [move for move in position.moves if move.number > expected_move]
    return len(since) == position.game.move_count - expected_move and all(
        move.kind == Move.Kind.PASS and move.seat != seat for move in since
    )


def _check_playing(position: Position) -> None:
    check_playing(position.game.is_finished)


def _record(position: Position, seat: int, engine_move: EngineMove) -> Move:
    position.game.move_count += 1
    move = Move(
        game=position.game,
        hand=position.hand,
        number=position.game.move_count,
        seat=seat,
        kind=Move.Kind.PASS if engine_move.is_pass else Move.Kind.PLAY,
        cards=engine_move.codes,
    )
    position.moves.append(move)
    return move


def _apply(position: Position, engine_move: EngineMove) -> Move:
    position.deal = engine_move.applied_to(position.deal)
    return _record(position, engine_move.seat, engine_move)


def _bot_moves(position: Position) -> list[Move]:
    return bot_replies(position, lambda move: _apply(position, move))


def _let_bots_play(position: Position) -> list[Move]:
    """The replies written in the action's own transaction: only bots that answer at once
    (SQLite locks the whole database for a write transaction, so a searching bot never
    thinks inside one: its moves come from `advance`, computed before any lock)."""
    return immediate_replies(position, lambda move: _apply(position, move))


HAND_RESULT_FIELDS = [
    "points",
    "scores",
    "moon_shooter",
    "player_score",
    "queen_taker",
    "finished_at",
]


def record_hand_result(hand: Hand, deal: Deal) -> None:
    """Copy a finished deal's result onto its hand (not saved): points, scores, the moon,
    and the columns the statistics aggregate."""
    hand.points = deal.points_taken
    hand.scores = deal.scores()
    hand.moon_shooter = deal.moon_shooter
    hand.player_score = hand.scores[HUMAN]  # the owner's
    hand.queen_taker = deal.queen_taker
    hand.finished_at = timezone.now()


def record_match_result(game: Game, deal: Deal) -> list[str]:
    """Count a finished deal into its game (not saved): the totals, and once the engine's
    Match says the game is over (docs/rules.md), its end and winner. The fields changed."""
    match = game.match()
    match.record(deal)
    game.totals = match.totals
    game.player_total = match.totals[HUMAN]
    fields = ["totals", "player_total"]
    if match.is_over:
        game.status = Game.Status.FINISHED
        game.winner = match.winner
        game.finished_at = timezone.now()
        fields += ["status", "winner", "finished_at"]
    return fields


def _finish_hand_if_over(position: Position) -> list[str]:
    deal, hand = position.deal, position.hand
    if deal.phase != Phase.FINISHED or hand.is_finished:
        return []
    fields = record_match_result(position.game, deal)
    record_hand_result(hand, deal)
    hand.save(update_fields=HAND_RESULT_FIELDS)
    if position.game.is_finished:
        # The game's own row is saved just after (its totals, its end); the listeners read
        # the totals from the object, in this same transaction.
        pages.game_ended(position.game)
    return fields


def _save(position: Position, new_moves: list[Move], fields: list[str] | None = None) -> None:
    """One insert for the moves, one update for the game (and one for a finished hand); at
    a live table, its next deadline and, after the commit, the news to everyone there."""
    Move.objects.bulk_create(new_moves)
    update = ["move_count", "updated_at", *(fields or []), *_finish_hand_if_over(position)]
    position.game.save(update_fields=update)
    # The next request at this move number finds it kept (KeptPositions), once stored.
    transaction.on_commit(KEPT_POSITIONS.snapshot(position))
    if position.game.kind == Game.Kind.LIVE:
        pages.live_table_moved(position)


def _present(position: Position, seat: int) -> None:
    """A person played for themselves: the count of their missed turns starts again, in the
    row and in the seating the answer is drawn with (no « absent » left by their name)."""
    occupants = list(position.seating.occupants)
    if occupants[seat].missed_turns:
        Seat.objects.filter(game=position.game, number=seat).update(missed_turns=0)
        occupants[seat] = replace(occupants[seat], missed_turns=0)
        position.seating = replace(position.seating, occupants=tuple(occupants))


def _act(
    game_id: int,
    owner: Owner,
    kind: str,
    expected_move: int | None,
    action: Callable[[Position, int], list[Move]],
    *,
    simultaneous: bool = False,
    same: Callable[[Move], bool] | None = None,
) -> Outcome:
    """`simultaneous`: an action every seat takes at once (the pass), still valid after
    other seats took theirs. `same`: whether a stored move is this very action (its repeat
    is « already done », anything else a table that moved on)."""
    with transaction.atomic():
        position = _lock(game_id, owner, kind)
        try:
            _check_playing(position)
            seat = _seat_of(position, owner)
            if not (simultaneous and _only_others_passed_since(position, expected_move, seat)):
                _check_fresh(position, expected_move, seat, same)
            human_moves = action(position, seat)
        except Refused as refused:
            return Outcome(position, error=refused.message, error_code=refused.code)
        except IllegalMove as illegal:
            return Outcome(position, error=illegal_move_message(illegal), error_code=illegal.code)
        _present(position, seat)
        new_moves = [*human_moves, *_let_bots_play(position)]
        _save(position, new_moves)
    return Outcome(position, new_moves=new_moves)


def play_card(
    *,
    game_id: int,
    owner: Owner,
    card_code: str,
    expected_move: int | None = None,
    kind: str = Game.Kind.SOLO,
) -> Outcome:
    """A person plays a card; then the bots reply until a person must act again."""

    def action(position: Position, seat: int) -> list[Move]:
        return [_apply(position, EngineMove.playing(seat, card_of(card_code)))]

    def same(move: Move) -> bool:
        return move.kind == Move.Kind.PLAY and move.cards == str(card_code).strip().upper()

    return _act(game_id, owner, kind, expected_move, action, same=same)


def submit_pass(
    *,
    game_id: int,
    owner: Owner,
    card_codes: list[str],
    expected_move: int | None = None,
    kind: str = Game.Kind.SOLO,
) -> Outcome:
    """A person's three cards, final once given; the exchange happens once all four seats
    have chosen (the bots choose theirs when the hand is dealt)."""

    def action(position: Position, seat: int) -> list[Move]:
        return [_apply(position, pass_of(position.deal, seat, card_codes))]

    return _act(game_id, owner, kind, expected_move, action, simultaneous=True)


def advance(*, game_id: int, owner: Owner, kind: str = Game.Kind.SOLO) -> Outcome:
    """Let the bots go on: they think first, with no lock held, then their moves are written
    in a short transaction, unless another request moved the game on meanwhile.

    A searching bot (Difficile) thinks in one request at a time per game: the first
    `advance` claims the game (`Game.bots_thinking_until`), the others answer at once that
    the bots are busy, and their pages ask again a moment later."""
    return let_bots_think(games_played_by(owner, kind), game_id)


def let_bots_think(games: QuerySet[Game], game_id: int) -> Outcome:
    """`advance` on one of `games`: the page's request, or the table clock's worker for a
    live table (tables.live)."""
    game = games.select_related("current_hand").get(pk=game_id)
    position = load_position(game)
    try:
        _check_playing(position)
    except Refused as refused:
        return Outcome(position, error=refused.message, error_code=refused.code)
    if pending_bot_seat(position.deal, position.seating) is None:
        return Outcome(position)
    seen = game.move_count
    searching = bot_class(position.hand.difficulty).searches
    if searching and not _claim_thinking(game_id, seen):
        return Outcome(position, bots_busy=True)
    try:
        new_moves = _bot_moves(position)
        with transaction.atomic():
            current = games.select_for_update().values_list("move_count", flat=True)
            if current.get(pk=game_id) != seen:
                # Another request moved the game on first (a pass in another tab): its moves
                # stand, these are dropped.
                return Outcome(load_position(games.get(pk=game_id)))
            # The seats as they are now (someone may have come back meanwhile).
            if seating_of(position.game) != position.seating:
                return Outcome(load_position(games.get(pk=game_id)))
            position.game.bots_thinking_until = None
            _save(position, new_moves, fields=["bots_thinking_until"])
    finally:
        if searching:
            _release_thinking(game_id)
    return Outcome(position, new_moves=new_moves)


def _claim_thinking(game_id: int, seen: int) -> bool:
    """One short conditional update: whether this request may let the game's bots think
    (no other holds the claim, or its claim lapsed)."""
    now = timezone.now()
    free = Q(bots_thinking_until__isnull=True) | Q(bots_thinking_until__lt=now)
    # In a transaction, so that on SQLite it queues with the other writers (config.sqlite).
    with transaction.atomic():
        claimed = Game.objects.filter(free, pk=game_id, move_count=seen).update(
            bots_thinking_until=now + THINKING_CLAIM
        )
    return claimed == 1


def _release_thinking(game_id: int) -> None:
    """After the moves are written, or dropped, or a failure: the next `advance` may think."""
    with transaction.atomic():
        Game.objects.filter(pk=game_id, bots_thinking_until__isnull=False).update(
            bots_thinking_until=None
        )


def next_hand(
    *,
    game_id: int,
    owner: Owner,
    expected_move: int | None = None,
    kind: str = Game.Kind.SOLO,
) -> Outcome:
    """Deal the next hand once the current one is over (« Manche suivante »)."""
    with transaction.atomic():
        position = _lock(game_id, owner, kind)
        try:
            _check_playing(position)
            _check_fresh(position, expected_move)
            check_hand_over(position.deal)
        except Refused as refused:
            return Outcome(position, error=refused.message, error_code=refused.code)
        start = position.game.move_count
        position = deal_next_hand(position.game)
    return Outcome(position, new_moves=[m for m in position.moves if m.number > start])


def change_difficulty(
    *, game_id: int, owner: Owner, difficulty: str, kind: str = Game.Kind.SOLO
) -> Outcome:
    """A new level for the bots, from the next hand on (docs/rules.md); not once it is over."""
    with transaction.atomic():
        position = _lock(game_id, owner, kind)
        try:
            _check_playing(position)
            position.game.difficulty = check_level(difficulty)
        except Refused as refused:
            return Outcome(position, error=refused.message, error_code=refused.code)
        position.game.save(update_fields=["difficulty", "updated_at"])
    return Outcome(position)


def play_again(*, game_id: int, owner: Owner, kind: str = Game.Kind.SOLO) -> Game:
    """« Rejouer »: a new game with the same length, level and training mode, once this one
    is over (`Refused` before that). Once: a second « Rejouer » (a double click, another
    tab) goes to the game the first one started."""
    with transaction.atomic():
        # No join: the game it started is read after the lock (see _lock).
        game = games_played_by(owner, kind).select_for_update().get(pk=game_id)
        if not game.is_finished:
            raise Refused("game_not_over", _("La partie n’est pas terminée."))
        if game.next_game is not None:
            return game.next_game
        game.next_game = start_game(
            owner=owner,
            target=game.target,
            difficulty=game.difficulty,
            training=game.training,
        )
        game.save(update_fields=["next_game"])
        return game.next_game


def play_overdue(game_id: int) -> bool:
    """The table clock (tables.clock): what a live table waits for past its deadline. The bots
    play (a Difficile search runs outside the lock, as in `advance`); a person out of time
    gets Normal's choice, and after MISSED_TURNS_BEFORE_BOT such turns in a row a bot takes
    the seat; after a hand's pause, the next hand. Whether it moved the table."""
    tables = Game.objects.filter(kind=Game.Kind.LIVE, status=Game.Status.PLAYING)
    with transaction.atomic():
        position = _lock_overdue(tables, game_id)
        if position is None:
            return False
        if pending_bot_seat(position.deal, position.seating) is None:
            return _play_for_the_late(position)
        if not bot_class(position.hand.difficulty).searches:
            _save(position, _bot_moves(position))
            return True
    return not let_bots_think(tables, game_id).bots_busy


def _lock_overdue(tables: QuerySet[Game], game_id: int) -> Position | None:
    """The live table, locked, if its deadline has passed for the move it was set for."""
    game = tables.select_for_update().filter(pk=game_id).first()
    if game is None or game.current_hand_id is None:
        return None
    # Read after the lock, as the hand is (see _lock).
    game.live = table = LiveTable.objects.get(pk=game_id)
    due = table.deadline is not None and table.deadline <= timezone.now()
    if not due or table.deadline_move != game.move_count:
        return None
    return load_position(game)


def _play_for_the_late(position: Position) -> bool:
    """Normal's choice for each person out of time (all who have not passed, at the pass),
    then the bots' replies; or, after a hand's pause, the next hand."""
    game = position.game
    late = people_to_act(position)
    if late:
        moves = [_apply(position, bot_move(position, seat, HINT_LEVEL)) for seat in late]
        _count_missed_turns(game, late)
        position.seating = seating_of(game)
        _save(position, [*moves, *_let_bots_play(position)])
        return True
    if position.deal.phase == Phase.FINISHED:
        deal_next_hand(game)
        return True
    return False


def _count_missed_turns(game: Game, seats: list[int]) -> None:
    for seat in Seat.objects.select_for_update().filter(game=game, number__in=seats):
        seat.missed_turns += 1
        seat.away = seat.missed_turns >= MISSED_TURNS_BEFORE_BOT
        seat.save(update_fields=["missed_turns", "away"])


def claim_guest_games(*, guest_id: uuid.UUID, user_id: int) -> int:
    """A guest who signs up or logs in keeps the games played as a guest."""
    return Game.objects.filter(guest_id=guest_id, owner__isnull=True).update(owner_id=user_id)


__all__ = [
    "Outcome",
    "Refused",
    "advance",
    "change_difficulty",
    "claim_guest_games",
    "next_hand",
    "play_again",
    "play_card",
    "record_hand_result",
    "record_match_result",
    "start_game",
    "submit_pass",
]
