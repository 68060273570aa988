"""What the player's posts may carry; the rules themselves are checked by the services."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from game.bots import DEFAULT_LEVEL
from play.models import Difficulty, Target

STALE_PAGE = _("Cette page n’est plus à jour : rechargez-la.")


class NewGameForm(forms.Form):
    """« Nouvelle partie »; an empty post (the big « Jouer » button) takes every default."""

    target = forms.TypedChoiceField(
        label=_("Longueur"),
        choices=[(Target.FULL, Target.FULL.label), (Target.SHORT, Target.SHORT.label)],
        coerce=int,
        required=False,
        # The ignore: django-stubs narrows empty_value to str | None, but Django takes any
        # value (its docs: "choose it accordingly", as coerce is not applied to it).
        empty_value=Target.FULL,  # type: ignore[arg-type]
        initial=Target.FULL,
        widget=forms.RadioSelect,
    )
    difficulty = forms.ChoiceField(
        label=_("Difficulté"),
        choices=Difficulty.choices,
        required=False,
        initial=DEFAULT_LEVEL,
        widget=forms.RadioSelect,
    )
    training = forms.BooleanField(label=_("Mode entraînement"), required=False)

    def clean_difficulty(self) -> str:
        chosen: str = self.cleaned_data["difficulty"]
        return chosen or DEFAULT_LEVEL


class ActionForm(forms.Form):
    """Every action names the move count it was made at, so a second submit is refused."""

    move = forms.IntegerField(
        min_value=0,
        error_messages={"required": STALE_PAGE, "invalid": STALE_PAGE, "min_value": STALE_PAGE},
    )


class PlayForm(ActionForm):
    card = forms.CharField(
        max_length=3, error_messages={"required": _("Choisissez d’abord une carte.")}
    )


class DifficultyForm(forms.Form):
    difficulty = forms.ChoiceField(
        choices=Difficulty.choices,
        error_messages={
            "required": _("Choisissez un niveau."),
            "invalid_choice": _("Niveau inconnu."),
        },
    )


def first_error(form: forms.Form) -> str:
    # An ErrorList yields each message as a str (the stubs also allow a ValidationError or a
    # lazy string): str() returns that same str.
    return str(next(message for messages in form.errors.values() for message in messages))
