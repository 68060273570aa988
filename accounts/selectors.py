"""Reading accounts: who a username names, and an account's table settings (the
selectors). Nothing here writes."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User

from accounts.models import CardSize, Preferences, Speed

# The settings a player chooses, in the order the form and the JSON give them.
SETTINGS = ("speed", "auto_play", "card_size", "sounds")


@dataclass(frozen=True)
class PlayerPreferences:
    """The table's settings for one visitor, as plain values (str and bool, no model).

    `signed_in`: the visitor has an account, so a save is kept on the server too;
    `saved`: these values were read from the account (a row exists). When it is false the
    values are the defaults and the browser's own (localStorage) should win.
    """

    speed: str = Speed.NORMAL.value
    auto_play: bool = False
    card_size: str = CardSize.NORMAL.value
    sounds: bool = False
    signed_in: bool = False
    saved: bool = False

    def as_json(self) -> dict[str, str | bool]:
        """What the page gives its script (`json_script`): the dataclass's fields, as is."""
        return asdict(self)


DEFAULTS = PlayerPreferences()


def active_account(username: str) -> User:
    """The account a profile address names (players.views), exactly as it was typed at
    sign-up (usernames are case-sensitive); a deactivated account is no one's profile any
    more. `DoesNotExist` otherwise, which the view turns into a 404."""
    return User.objects.get(username=username, is_active=True)


def preferences_for(user: AbstractBaseUser | AnonymousUser | None) -> PlayerPreferences:
    """The visitor's settings: the defaults for a guest (theirs are in their browser) or an
    account that never saved any; else the account's, in one query."""
    if user is None or not user.is_authenticated:
        return DEFAULTS
    row = Preferences.objects.filter(user_id=user.pk).values(*SETTINGS).first()
    if row is None:
        return PlayerPreferences(signed_in=True)
    return PlayerPreferences(
        speed=row["speed"],
        auto_play=row["auto_play"],
        card_size=row["card_size"],
        sounds=row["sounds"],
        signed_in=True,
        saved=True,
    )
