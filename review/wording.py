"""The words of « Moments clés »: each class's label, and each reason's two sentences, one
for what the better choice does, one for what the player's choice risked
(review.reasons computes the reasons; review.moments says them).

Every sentence starts with its subject, « Le ♠2 », « Votre ♠A », « Votre passe »…
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _, ngettext_lazy

from game.engine.cards import SUIT_SYMBOLS
from review.grades import Severity
from review.reasons import Reason, ReasonKey

SEVERITY_LABELS: dict[Severity, Promise] = {
    Severity.INACCURACY: _("Imprécision"),
    Severity.MISTAKE: _("Erreur"),
    Severity.BLUNDER: _("Gaffe"),
}

Key = ReasonKey
BETTER: dict[ReasonKey, Promise] = {
    Key.MOON: _("%(subject)s arrête la lune de %(name)s."),
    Key.OWN_MOON: _("%(subject)s vous laisse une chance de faire la lune."),
    Key.QUEEN: _("%(subject)s vous évite la ♠Q."),
    Key.DROP_QUEEN: _("%(subject)s part maintenant sur le pli d’un autre."),
    Key.LOW_SPADE: _("%(subject)s garde un petit pique pour plus tard."),
    Key.PASS_QUEEN: _("%(subject)s se débarrasse de la ♠Q."),
    Key.PASS_HIGH_SPADES: _("%(subject)s se débarrasse des gros piques qui attirent la ♠Q."),
    Key.TRICK: _("%(subject)s laisse ce pli à un autre."),
    Key.HEARTS: _("%(subject)s vous fait prendre moins de cœurs."),
    Key.VOID: _("%(subject)s vous débarrasse de vos %(suit)s : vous pourrez vous défausser."),
    Key.POINTS: _("%(subject)s mène à une fin de manche avec moins de points."),
}
CHOSEN: dict[ReasonKey, Promise] = {
    Key.MOON: _("%(subject)s laisse %(name)s faire la lune."),
    Key.OWN_MOON: _("%(subject)s vous fait manquer la lune."),
    Key.QUEEN: _("%(subject)s vous laisse la ♠Q."),
    Key.DROP_QUEEN: _("%(subject)s vous laisse avec la ♠Q en main."),
    Key.LOW_SPADE: _("%(subject)s use un petit pique qui vous aurait protégé de la ♠Q."),
    Key.PASS_QUEEN: _("%(subject)s garde la ♠Q."),
    Key.PASS_HIGH_SPADES: _("%(subject)s garde des gros piques qui attirent la ♠Q."),
    Key.TRICK: ngettext_lazy(
        "%(subject)s prend un pli qui va coûter %(points)s point.",
        "%(subject)s prend un pli qui va coûter %(points)s points.",
        "points",
    ),
    Key.HEARTS: ngettext_lazy(
        "%(subject)s vous fait prendre environ %(points)s cœur de plus.",
        "%(subject)s vous fait prendre environ %(points)s cœurs de plus.",
        "points",
    ),
    Key.VOID: _("%(subject)s garde des %(suit)s dont vous pouviez vous débarrasser."),
    Key.POINTS: _("%(subject)s mène à une fin de manche avec plus de points."),
}


def sentence(
    table: dict[ReasonKey, Promise], reason: Reason, subject: str, name_of: Callable[[int], str]
) -> str:
    """`table`'s sentence for `reason`, about `subject`; `name_of` names a seat."""
    # A lazy plural picks its form from the "points" of the same mapping.
    return str(
        table[reason.key]
        % {
            "subject": subject,
            "name": "" if reason.seat is None else name_of(reason.seat),
            "points": reason.points or 0,
            "suit": SUIT_SYMBOLS.get(reason.suit or "", ""),
        }
    )
