"""What « Jouer en direct »'s posts may carry: the « Options de partie »."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from play.forms import NewGameForm

KIND_CHOICES = [
    ("classee", _("Classée")),
    ("amicale", _("Amicale")),
]


class QueueForm(forms.Form):
    target = NewGameForm.base_fields["target"]
    kind = forms.ChoiceField(
        label=_("Type de partie"),
        choices=KIND_CHOICES,
        initial="classee",
        widget=forms.RadioSelect,
        error_messages={
            "required": _("Choisissez une partie classée ou amicale."),
            "invalid_choice": _("Choisissez une partie classée ou amicale."),
        },
    )

    def clean_kind(self) -> bool:
        """Whether the game is rated (« Classée »)."""
        return bool(self.cleaned_data["kind"] == "classee")


class LeaderboardForm(forms.Form):
    partie = forms.TypedChoiceField(
        choices=[(50, "50"), (100, "100")],
        coerce=int,
        required=False,
        # As play.forms' target: django-stubs narrows empty_value to str | None.
        empty_value=50,  # type: ignore[arg-type]
    )
    page = forms.IntegerField(min_value=1, max_value=100_000, required=False)
