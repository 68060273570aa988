from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PagesConfig(AppConfig):
    name = "pages"
    verbose_name = _("Règles et conseils")
