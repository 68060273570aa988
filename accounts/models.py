"""What an account keeps of its own: the table's player settings (« Réglages »).

A guest's settings live in their browser's localStorage only (accounts.views.preferences);
an account's live here too, so they follow the player from one browser to another.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Speed(models.TextChoices):
    """How fast the table deals out the moves (static/js/table.js paces them)."""

    SLOW = "lente", _("Lente")
    NORMAL = "normale", _("Normale")
    FAST = "rapide", _("Rapide")
    INSTANT = "instantanee", _("Instantanée")


class CardSize(models.TextChoices):
    SMALL = "petite", _("Petites")
    NORMAL = "normale", _("Normales")
    LARGE = "grande", _("Grandes")


class Preferences(models.Model):
    """One account's table settings: one row per user, made on the first save
    (accounts.services.save_preferences); a user without one plays with the defaults."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="table_preferences"
    )
    speed = models.CharField(
        _("Vitesse des animations"), max_length=12, choices=Speed.choices, default=Speed.NORMAL
    )
    auto_play = models.BooleanField(
        _("Jouer automatiquement une carte seule possible"), default=False
    )
    card_size = models.CharField(
        _("Taille des cartes"), max_length=8, choices=CardSize.choices, default=CardSize.NORMAL
    )
    sounds = models.BooleanField(_("Sons"), default=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("Réglages de la table")
        verbose_name_plural = _("Réglages de la table")
        constraints = [
            # Only the form's choices are ever written; the database refuses anything else,
            # so a row always reads back as one of them (accounts.selectors).
            models.CheckConstraint(
                condition=Q(speed__in=Speed.values), name="preferences_speed_known"
            ),
            models.CheckConstraint(
                condition=Q(card_size__in=CardSize.values), name="preferences_card_size_known"
            ),
        ]

    def __str__(self) -> str:
        return f"Table preferences of user {self.user_id}"
