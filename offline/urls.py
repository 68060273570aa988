from django.urls import path

from offline import views

app_name = "offline"

urlpatterns = [
    path("hors-ligne/", views.play, name="play"),
    path("hors-ligne/sans-connexion/", views.no_connection, name="no_connection"),
    path("hors-ligne/fichiers.json", views.offline_files_list, name="files"),
    path("hors-ligne/envoyer/", views.upload, name="upload"),
    # At the root: a service worker's scope is the path it is served from and below.
    path("sw.js", views.service_worker, name="worker"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
]
