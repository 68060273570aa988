from django.urls import path

from offline import views

app_name = "offline"

urlpatterns = [
    path("hors-ligne/envoyer/", views.upload, name="upload"),
]
