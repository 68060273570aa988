from django.apps import AppConfig


class TutorialConfig(AppConfig):
    name = "tutorial"
    verbose_name = "Apprendre à jouer"
