from django.urls import path

from pages import views

app_name = "pages"

urlpatterns = [
    path("regles/", views.rules, name="rules"),
    path("conseils/", views.tips, name="tips"),
]
