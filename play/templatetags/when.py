"""`{{ moment|ago }}`: « il y a 5 minutes », or « à l’instant » under a minute (Django's
timesince alone says « 0 minute »)."""

from __future__ import annotations

from datetime import datetime, timedelta

from django import template
from django.utils import timezone
from django.utils.timesince import timesince
from django.utils.translation import gettext as _

register = template.Library()

JUST_NOW = timedelta(minutes=1)


@register.filter
def ago(moment: datetime) -> str:
    if timezone.now() - moment < JUST_NOW:
        return _("à l’instant")
    return _("il y a %(when)s") % {"when": timesince(moment)}
