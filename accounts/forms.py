"""What a post of the table's settings (« Réglages ») may carry."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.models import CardSize, Speed


class PreferencesForm(forms.Form):
    """The four settings, all sent each time. The two switches are checkboxes: one left
    out of the post is off, as a browser sends an unchecked box."""

    speed = forms.ChoiceField(
        label=_("Vitesse des animations"),
        choices=Speed.choices,
        widget=forms.RadioSelect,
        error_messages={
            "required": _("Choisissez une vitesse des animations."),
            "invalid_choice": _("Vitesse des animations inconnue."),
        },
    )
    auto_play = forms.BooleanField(
        label=_("Jouer automatiquement une carte seule possible"), required=False
    )
    card_size = forms.ChoiceField(
        label=_("Taille des cartes"),
        choices=CardSize.choices,
        widget=forms.RadioSelect,
        error_messages={
            "required": _("Choisissez une taille des cartes."),
            "invalid_choice": _("Taille des cartes inconnue."),
        },
    )
    sounds = forms.BooleanField(label=_("Sons"), required=False)
