"""Persistence only: a game, its hands (dealt cards, direction, points) and its move history.

The position of a hand is never stored: the engine rebuilds it from the dealt hands and
the moves (game.engine.replay), so the history is the single source of truth.
"""

from __future__ import annotations

from enum import StrEnum

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from game.bots import DEFAULT_LEVEL, LEVELS
from game.engine import Card, Match, PassDirection
from play.pages import table_url
from play.seats import HUMAN

# The levels offered to players, as the bots package declares them (game.bots.LEVELS):
# Difficulty.EASY == "easy", its label « Facile » in the player's language. Its members
# exist only at run time, so the code names a level by its code (DEFAULT_LEVEL, "easy").
# The ignore: django-stubs types TextChoices(...) as making a member, not Enum's functional
# API that makes a class from (name, (value, label)) pairs.
Difficulty: type[models.TextChoices] = models.TextChoices(  # type: ignore[call-overload]
    "Difficulty",
    [(level.upper(), (level, _(bot.label))) for level, bot in LEVELS.items()],
)


class Result(StrEnum):
    """How a game stands for its player: docs/rules.md, you win alone with the lowest total."""

    WON = "won"
    LOST = "lost"
    PLAYING = "playing"


class Target(models.IntegerChoices):
    SHORT = 50, _("50 points (partie courte)")
    FULL = 100, _("100 points")


class Game(models.Model):
    """One game, owned by an account or by a guest's browser session: against three bots
    (solo, tutorial), or at a live table (LiveTable, Seat) whose host is its owner."""

    class Status(models.TextChoices):
        # A live table before « Commencer »: seats are taken, no hand is dealt yet.
        WAITING = "waiting", _("En attente")
        PLAYING = "playing", _("En cours")
        FINISHED = "finished", _("Terminée")

    class Kind(models.TextChoices):
        SOLO = "solo", _("Partie")
        TUTORIAL = "tutorial", _("Apprendre à jouer")
        LIVE = "live", _("Entre amis")

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="games",
    )
    guest_id = models.UUIDField(null=True, blank=True, db_index=True)
    target = models.PositiveSmallIntegerField(choices=Target.choices, default=Target.FULL)
    difficulty = models.CharField(max_length=8, choices=Difficulty.choices, default=DEFAULT_LEVEL)
    training = models.BooleanField(default=False)
    # Which page shows the game (play.pages: each app registers the kinds it shows).
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.SOLO)
    # A game that ends after this many hands whatever the totals (a lesson is one hand);
    # None for a game played to its target.
    hand_limit = models.PositiveSmallIntegerField(null=True, blank=True)
    seed = models.BigIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PLAYING)
    totals = models.JSONField(default=list)
    # The owner's total (seat 0), a copy of totals[0] so history and statistics can sort
    # and aggregate.
    player_total = models.PositiveIntegerField(default=0)
    winner = models.PositiveSmallIntegerField(null=True, blank=True)
    # Set by the owner to share a read-only replay; None when not shared (or revoked).
    share_token = models.CharField(max_length=43, null=True, blank=True, unique=True)
    move_count = models.PositiveIntegerField(default=0)
    current_hand = models.ForeignKey(
        "Hand", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # Set while one request lets a searching bot think for this game (services.advance), so
    # that a second « avancer » does not run the same search; past this time the claim has
    # lapsed (its request died) and another may take it.
    bots_thinking_until = models.DateTimeField(null=True, blank=True)
    # « Rejouer » once: the game it started, so a second « Rejouer » goes to the same one.
    next_game = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="previous_game"
    )
    # A solo game played offline in the browser and sent back when the connection returned
    # (offline.services): the id the device gave it, so that a second upload stores nothing.
    offline_id = models.UUIDField(null=True, blank=True, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=Q(owner__isnull=False) | Q(guest_id__isnull=False),
                name="game_has_an_owner",
            ),
            models.CheckConstraint(condition=Q(target__in=[50, 100]), name="game_target_50_or_100"),
        ]
        # « En ce moment » (ranked.lobby) reads the games in progress that moved lately.
        indexes = [models.Index(fields=["status", "updated_at"], name="game_recent_by_status")]

    def __str__(self) -> str:
        return f"Game {self.pk} ({self.get_status_display()})"

    def get_absolute_url(self) -> str:
        return table_url(self)

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    @property
    def result(self) -> Result:
        """How the game stands for its owner (seat 0)."""
        return self.result_for(HUMAN)

    @property
    def kind_label(self) -> str:
        """What a list of games says of this one: the bots' level of a game against them
        (« hors ligne » beside it for an offline game);
        at a live table, « Entre amis », or the queue's « Classée » / « Amicale » (select
        `live` with the game)."""
        if self.kind == self.Kind.LIVE:
            return self.live.kind_label
        level = str(self.get_difficulty_display())
        # Played in the browser with no connection, and sent back since (offline.services).
        return _("%(level)s · hors ligne") % {"level": level} if self.offline_id else level

    def result_for(self, seat: int) -> Result:
        """How the game stands for the player at `seat` (a live table's other people)."""
        if not self.is_finished:
            return Result.PLAYING
        return Result.WON if self.winner == seat else Result.LOST

    def match(self) -> Match:
        """The engine's bookkeeping of this game as stored (totals of the hands scored so
        far): whether it is over, who won, the ranks. Needs `current_hand` (selected with it)."""
        hand = self.current_hand
        scored = 0 if hand is None else hand.number - (not hand.is_finished)
        return Match.resume(self.target, self.totals, scored, hand_limit=self.hand_limit)


class Hand(models.Model):
    """One deal of a game: the cards as dealt, and its points once its 13 tricks are played."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField()
    direction = models.CharField(max_length=8)
    difficulty = models.CharField(max_length=8, choices=Difficulty.choices)
    dealt = models.JSONField(help_text="Four strings of 13 card codes, seats 0..3.")
    points = models.JSONField(null=True, blank=True, help_text="Raw points taken per seat.")
    scores = models.JSONField(null=True, blank=True, help_text="Points with the moon applied.")
    moon_shooter = models.PositiveSmallIntegerField(null=True, blank=True)
    # The human's side of a finished hand, as columns the statistics can aggregate.
    player_score = models.PositiveSmallIntegerField(null=True, blank=True)
    queen_taker = models.PositiveSmallIntegerField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="hand_number_unique_in_game"),
        ]

    def __str__(self) -> str:
        return f"Hand {self.number} of game {self.game_id}"

    def dealt_cards(self) -> list[list[Card]]:
        """The four hands as dealt, seats 0..3: the one reader of the stored codes."""
        return [[Card.from_code(code) for code in cards.split()] for cards in self.dealt]

    @property
    def pass_direction(self) -> PassDirection:
        return PassDirection(self.direction)

    @property
    def is_finished(self) -> bool:
        return self.scores is not None


class Move(models.Model):
    """One pass (three cards) or one card played, in game order."""

    class Kind(models.TextChoices):
        PASS = "pass", _("Passe")
        PLAY = "play", _("Carte")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="moves")
    number = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=4, choices=Kind.choices)
    cards = models.CharField(max_length=8, help_text="'QS' or three codes: '2C 3C 4C'.")

    class Meta:
        ordering = ["number"]
        constraints = [
            # A double submit (two tabs, a double click) can never write two moves.
            models.UniqueConstraint(fields=["game", "number"], name="move_number_unique_in_game"),
            models.UniqueConstraint(
                fields=["hand", "seat"],
                condition=Q(kind="pass"),
                name="one_pass_per_seat_and_hand",
            ),
            models.UniqueConstraint(
                fields=["hand", "cards"],
                condition=Q(kind="play"),
                name="each_card_played_once_per_hand",
            ),
            models.CheckConstraint(condition=Q(seat__lte=3), name="move_seat_0_to_3"),
        ]

    def __str__(self) -> str:
        return f"{self.number}: seat {self.seat} {self.kind} {self.cards}"


class LiveTable(models.Model):
    """A game played by several people (« Jouer entre amis »): its link, its options and the
    deadline of the move it waits for, which the worker enforces (manage.py tableclock)."""

    game = models.OneToOneField(
        Game, on_delete=models.CASCADE, primary_key=True, related_name="live"
    )
    # The link's secret: 32 random bytes (secrets.token_urlsafe), 256 bits.
    token = models.CharField(max_length=43, unique=True)
    spectators_allowed = models.BooleanField(default=True)
    # Seconds a person has to play a card and to choose a pass; None: « Sans limite ».
    turn_seconds = models.PositiveSmallIntegerField(null=True, blank=True)
    pass_seconds = models.PositiveSmallIntegerField(null=True, blank=True)
    # When the table's next move is due: a person's clock, or now for bots that think
    # outside any request; None when nothing is due (waiting room, « Sans limite », over).
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    # What the deadline is for (the move number then), so an expiry acts on that move only.
    deadline_move = models.PositiveIntegerField(null=True, blank=True)
    # A table the « Jouer en direct » queue seated (ranked.services): `rated` when its end
    # changes its players' ratings (« Classée »); such a table offers no « Indice ».
    from_queue = models.BooleanField(default=False)
    rated = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"Live table of game {self.game_id}"

    @property
    def hints_allowed(self) -> bool:
        return not self.rated

    @property
    def kind_label(self) -> str:
        """« Classée » or « Amicale » for a table the queue seated, else « Entre amis »."""
        if not self.from_queue:
            return str(Game.Kind.LIVE.label)
        return str(_("Classée") if self.rated else _("Amicale"))


class Seat(models.Model):
    """Who sits at a seat of a live table: a person (an account or a guest) or a bot.

    A person who missed two turns in a row is `away`: a bot plays for them until they take
    their seat back (« Reprendre ma place »). One who pressed « Abandonner la partie » is
    `abandoned` too: a bot plays for them to the end, and a rated game ranks them last."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    guest_id = models.UUIDField(null=True, blank=True)
    name = models.CharField(max_length=20)
    is_bot = models.BooleanField(default=False)
    missed_turns = models.PositiveSmallIntegerField(default=0)
    away = models.BooleanField(default=False)
    abandoned = models.BooleanField(default=False)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="seat_number_unique_in_game"),
            models.UniqueConstraint(
                fields=["game", "user"], condition=Q(user__isnull=False), name="one_seat_per_user"
            ),
            models.UniqueConstraint(
                fields=["game", "guest_id"],
                condition=Q(guest_id__isnull=False),
                name="one_seat_per_guest",
            ),
            models.CheckConstraint(condition=Q(number__lte=3), name="seat_number_0_to_3"),
            models.CheckConstraint(
                condition=Q(is_bot=True) | Q(user__isnull=False) | Q(guest_id__isnull=False),
                name="seat_is_a_bot_or_someone",
            ),
        ]

    def __str__(self) -> str:
        return f"Seat {self.number} of game {self.game_id}: {self.name}"
