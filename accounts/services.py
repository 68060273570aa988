"""The write paths of an account's own data: its table settings."""

from __future__ import annotations

from collections.abc import Mapping

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from accounts.models import Preferences
from accounts.selectors import SETTINGS, PlayerPreferences, preferences_for


def save_preferences(user: AbstractBaseUser, values: Mapping[str, object]) -> PlayerPreferences:
    """Keep `values` (a valid PreferencesForm's cleaned_data: the four settings) as the
    account's settings, in one transaction; the row is made on the first save.

    update_or_create locks the existing row, and two first saves at once (two tabs) end in
    one row: the second finds the first's after the unique user refuses a duplicate.
    """
    with transaction.atomic():
        Preferences.objects.update_or_create(
            user_id=user.pk, defaults={name: values[name] for name in SETTINGS}
        )
    return preferences_for(user)
