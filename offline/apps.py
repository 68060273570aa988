from django.apps import AppConfig


class OfflineConfig(AppConfig):
    name = "offline"
    verbose_name = "Jouer hors ligne"
    # No « Jouer hors ligne » in the menu nor on the home page yet: the page prepares the
    # files and runs the engine, but the offline table is still to build (docs/offline.md).
