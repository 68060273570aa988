"""What the waiting room's posts may carry."""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from game.bots import DEFAULT_LEVEL
from play.forms import NewGameForm

# Letters of any alphabet, digits, spaces and - ' ’ . _ : no markup, no control characters.
NAME_PATTERN = re.compile(r"[^\W_][\w .'’-]*", re.UNICODE)
NAME_LENGTH = (2, 20)

CLOCK_CHOICES = [
    ("on", _("30 s par carte, 45 s pour la passe")),
    ("off", _("Sans limite")),
]


class DisplayNameField(forms.CharField):
    """The name others see at the table: 2 to 20 letters, digits, spaces and - ' . _."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(
            label=_("Votre nom à la table"),
            min_length=NAME_LENGTH[0],
            max_length=NAME_LENGTH[1],
            strip=True,
            error_messages={
                "required": _("Choisissez un nom de 2 à 20 caractères."),
                "min_length": _("Choisissez un nom de 2 à 20 caractères."),
                "max_length": _("Choisissez un nom de 2 à 20 caractères."),
            },
            **kwargs,  # type: ignore[arg-type]
        )

    def clean(self, value: object) -> str:
        name: str = super().clean(value)
        name = " ".join(name.split())
        if not NAME_PATTERN.fullmatch(name):
            raise forms.ValidationError(
                _("Un nom ne peut contenir que des lettres, des chiffres, des espaces et - ' . _")
            )
        return name


class NewTableForm(forms.Form):
    """« Jouer entre amis »: the length, the bots' level for empty seats, spectators, clock."""

    target = NewGameForm.base_fields["target"]
    difficulty = forms.ChoiceField(
        label=_("Niveau des robots aux places libres"),
        choices=NewGameForm.base_fields["difficulty"].choices,  # type: ignore[attr-defined]
        required=False,
        initial=DEFAULT_LEVEL,
        widget=forms.RadioSelect,
    )
    spectators_allowed = forms.BooleanField(
        label=_("Accepter des spectateurs"), required=False, initial=True
    )
    clock = forms.ChoiceField(
        label=_("Temps de jeu"),
        choices=CLOCK_CHOICES,
        initial="on",
        required=False,
        widget=forms.RadioSelect,
    )
    name = DisplayNameField()

    def clean_difficulty(self) -> str:
        chosen: str = self.cleaned_data["difficulty"]
        return chosen or DEFAULT_LEVEL

    def clean_clock(self) -> bool:
        return bool(self.cleaned_data["clock"] != "off")


class TakeSeatForm(forms.Form):
    seat = forms.TypedChoiceField(
        choices=[(1, "1"), (2, "2"), (3, "3")],
        coerce=int,
        error_messages={
            "required": _("Cette place n’existe pas."),
            "invalid_choice": _("Cette place n’existe pas."),
        },
    )
    name = DisplayNameField()


class SeatForm(forms.Form):
    seat = TakeSeatForm.base_fields["seat"]
