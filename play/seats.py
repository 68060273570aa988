"""The four places at the table: the human at the bottom, bots left, across and right."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

HUMAN = 0
BOT_SEATS = (1, 2, 3)
SEAT_NAMES: dict[int, str | Promise] = {0: _("Vous"), 1: "Léa", 2: "Hugo", 3: "Chloé"}
SEAT_PLACES = {0: "bottom", 1: "left", 2: "top", 3: "right"}
