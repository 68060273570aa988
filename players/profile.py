"""A player's profile, as the page shows it: built from the history's and the tutorial's
selectors, never recomputed here (the figures are review.stats.player_stats', the
games « Mes parties »' own, the tutorial's date tutorial.selectors').

Who sees what (decided here, once, for the view and the template):

- an account's profile (/joueurs/<username>/) is a public page: anyone, signed in or not,
  sees its name, its tutorial, its figures and its latest finished games. A replay is
  private (review.selectors.played_game: its owner, or someone seated at that live
  table), so a game is linked only when the visitor could open it anyway;
- the account's owner also sees their own links (every game, « Mes statistiques ») and
  their account: « Changer le mot de passe » and the table's « Réglages »;
- a guest's profile (/joueurs/~invite/) is only ever the visitor's own, « Invité », with
  an invitation to create an account (or sign in) to keep it.

The page is a list of sections, each a small frozen dataclass naming the partial of
players/templates/players/profile.html that draws it, in the order the page shows them:
`account_profile` and `guest_profile` decide which ones a visitor gets, around
`_common_sections` (what every profile shows). The ratings (« Parties classées », ranked
live play) are an account's only: ranked play needs one, so the guest's profile has none.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import ClassVar

from django.contrib.auth.models import User
from django.urls import reverse
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _, ngettext

from play.models import Game, Result
from play.ownership import Owner
from ranked.chart import rating_chart
from ranked.standings import LengthStanding, leaderboard_url, player_standings
from review.links import ReplayLinks
from review.selectors import history_games, reviewable_games
from review.stats import Stats, player_stats
from tutorial.selectors import completed_on

# How many finished games the profile lists (the rest are in « Mes parties »).
RECENT_GAMES = 5
# The settings form comes back to the profile with this in its address, to say it is saved
# (accounts.views.preferences redirects to the `next` it is given).
SETTINGS_SAVED_PARAMETER = "reglages"
SETTINGS_SAVED_VALUE = "enregistres"


class Section:
    """One block of the profile; `partial` names the part of the page that draws it."""

    partial: ClassVar[str]


@dataclass(frozen=True)
class KeepAsAccount(Section):
    """A guest's profile lives in this browser only: the way to keep it (sign up or log in,
    and the guest's games follow the account, accounts.signals)."""

    partial: ClassVar[str] = "players/profile.html#keep"
    come_back_to: str


@dataclass(frozen=True)
class TutorialProgress(Section):
    partial: ClassVar[str] = "players/profile.html#tutorial"
    completed_on: datetime | None
    # The player's own profile offers « Apprendre à jouer » while it is not done.
    offer_it: bool


@dataclass(frozen=True)
class Figures(Section):
    """The history's statistics (games against the bots), the few the profile shows."""

    partial: ClassVar[str] = "players/profile.html#figures"
    stats: Stats
    # « Mes statistiques », with every figure: only on the player's own profile.
    stats_url: str | None


@dataclass(frozen=True)
class RecentGame:
    """One finished game as the profile lists it, from its player's seat."""

    result: Result
    points: int
    target: int
    # The bots' level of a game against them, « Entre amis », « Classée » or « Amicale »
    # for a live table (Game.kind_label).
    label: str
    finished_at: datetime | None
    # None when the visitor may not open its replay (someone else's game).
    replay_url: str | None


@dataclass(frozen=True)
class RecentGames(Section):
    partial: ClassVar[str] = "players/profile.html#recent"
    games: list[RecentGame]
    # « Mes parties »: only on the player's own profile.
    history_url: str | None

    @property
    def some_unlinked(self) -> bool:
        """Some games are listed without their replay: the page says why."""
        return any(game.replay_url is None for game in self.games)


@dataclass(frozen=True)
class LengthRatings:
    """The account's rating for one length: the numbers, its place on the board once
    established, the leaderboard of that length and the chart of its latest games."""

    standing: LengthStanding
    leaderboard_url: str
    # Empty before the first rated game of that length.
    chart: SafeString


@dataclass(frozen=True)
class Ratings(Section):
    """Ranked live play (« Jouer en direct »), 50 then 100 points."""

    partial: ClassVar[str] = "players/profile.html#ratings"
    lengths: list[LengthRatings]


@dataclass(frozen=True)
class AccountSettings(Section):
    """The account's own links: the password, and the table's settings as a plain form
    (posted to accounts:preferences, which comes back to `come_back_to`)."""

    partial: ClassVar[str] = "players/profile.html#account"
    come_back_to: str
    saved: bool


@dataclass(frozen=True)
class Profile:
    # The account's username; « Invité » for a guest's profile.
    name: str
    guest: bool
    own: bool
    member_since: datetime | None
    sections: list[Section]


def account_profile(account: User, *, viewer: Owner, settings_saved: bool = False) -> Profile:
    """The profile of an account, as `viewer` (any visitor, Owner() if none) may see it."""
    player = Owner(user_id=account.pk)
    own = viewer.user_id == account.pk
    sections = [_ratings(account), *_common_sections(player, viewer, own=own)]
    if own:
        back = settings_saved_url(account.get_username())
        sections.append(AccountSettings(come_back_to=back, saved=settings_saved))
    return Profile(
        name=account.get_username(),
        guest=False,
        own=own,
        member_since=account.date_joined,
        sections=sections,
    )


def guest_profile(viewer: Owner) -> Profile:
    """The visitor's own guest profile (an empty one before their first game)."""
    return Profile(
        name=_("Invité"),
        guest=True,
        own=True,
        member_since=None,
        sections=[
            KeepAsAccount(come_back_to=reverse("players:mine")),
            *_common_sections(viewer, viewer, own=True),
        ],
    )


def profile_url(username: str) -> str:
    return reverse("players:profile", args=[username])


def settings_saved_url(username: str) -> str:
    """Where the profile's settings form comes back to once accounts:preferences saved it."""
    return f"{profile_url(username)}?{SETTINGS_SAVED_PARAMETER}={SETTINGS_SAVED_VALUE}"


def _common_sections(player: Owner, viewer: Owner, *, own: bool) -> list[Section]:
    """What every profile shows of its player, with the player's own links when `own`."""
    done = completed_on(player)
    return [
        TutorialProgress(completed_on=done, offer_it=own and done is None),
        Figures(stats=player_stats(player), stats_url=reverse("review:stats") if own else None),
        RecentGames(
            games=_recent_games(player, viewer, own=own),
            history_url=reverse("review:history") if own else None,
        ),
    ]


def _ratings(account: User) -> Ratings:
    """The account's ratings (two queries, whatever the number of games)."""
    return Ratings(lengths=[_length_ratings(standing) for standing in player_standings(account.pk)])


def _length_ratings(standing: LengthStanding) -> LengthRatings:
    target, curve = standing.rating.target, standing.curve
    chart = SafeString("")
    if curve:
        games = len(curve) - 1
        title = ngettext(
            "Classement en %(target)s points sur %(games)s partie classée : "
            "de %(first)s à %(last)s",
            "Classement en %(target)s points sur les %(games)s dernières parties classées : "
            "de %(first)s à %(last)s",
            games,
        ) % {"target": target, "games": games, "first": curve[0], "last": curve[-1]}
        chart = rating_chart(curve, title=title)
    return LengthRatings(standing=standing, leaderboard_url=leaderboard_url(target), chart=chart)


def _recent_games(player: Owner, viewer: Owner, *, own: bool) -> list[RecentGame]:
    """The player's latest finished games, as « Mes parties » lists them (one query), each
    linked to its replay when the viewer may open it (one more query, not on one's own
    profile, every game of « Mes parties » being its owner's to review, nor for a visitor
    with no identity, who may review nothing)."""
    finished = history_games(player).filter(status=Game.Status.FINISHED).select_related("live")
    games = list(finished[:RECENT_GAMES])
    if own:
        openable = {game.pk for game in games}
    elif games and viewer != Owner():
        ids = [game.pk for game in games]
        openable = set(reviewable_games(viewer).filter(pk__in=ids).values_list("pk", flat=True))
    else:
        openable = set()
    return [_recent_game(game, openable) for game in games]


def _recent_game(game: Game, openable: set[int]) -> RecentGame:
    # `seat`: the player's seat, annotated by history_games (the type checker cannot see it).
    seat: int = game.seat  # type: ignore[attr-defined]
    totals = game.totals or [0, 0, 0, 0]
    return RecentGame(
        result=game.result_for(seat),
        points=totals[seat],
        target=game.target,
        label=game.kind_label,
        finished_at=game.finished_at,
        replay_url=ReplayLinks(game.pk).overview() if game.pk in openable else None,
    )
