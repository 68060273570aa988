"""The site's own password rule, beside Django's (settings.AUTH_PASSWORD_VALIDATORS)."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _


class NotOnlySpacesValidator:
    """Ten spaces are long enough, common in no list and not numeric: Django's validators
    all let them through. A password made of nothing but spaces (or other blanks) is
    refused."""

    def validate(self, password: str, user: AbstractBaseUser | None = None) -> None:
        if not password.strip():
            raise ValidationError(
                _("Le mot de passe ne peut pas être fait que d’espaces."),
                code="password_only_spaces",
            )

    def get_help_text(self) -> str:
        return _("Votre mot de passe ne peut pas être fait que d’espaces.")
