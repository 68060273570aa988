"""What « Préparer le jeu hors ligne » downloads and the service worker keeps: the offline
pages, their styles and scripts, the icon, Pyodide's core files and the zips of the game's
code and of Django (offline.bundle), each with its size for the page's progress bar, and
one version for the lot: a release that changes any of them is a new cache, and the old
one is deleted."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.urls import reverse

from offline import bundle

# The page's styles and scripts: the table's own (offline.browser draws the same table),
# htmx (django-htmx's copy, as base.html's {% htmx_script %} names it), the icon.
STATIC_FILES = (
    "css/site.css",
    "css/table.css",
    "css/offline.css",
    "js/table.js",
    "js/offline.js",
    "django_htmx/htmx-2.min.js",
    "img/icon.svg",
    "img/icon-192.png",
)
# Pyodide asks for its files by these names, next to its loader (its indexURL).
PYODIDE_DIR = "offline/build/pyodide/"
# The project's code and templates, and Django (offline.bundle), unpacked in that order.
ZIPS = tuple("offline/build/" + name for name in (bundle.ZIP_NAME, bundle.DJANGO_ZIP_NAME))


@dataclass(frozen=True)
class OfflineFile:
    url: str
    bytes: int


@dataclass(frozen=True)
class OfflineFiles:
    version: str
    files: list[OfflineFile]

    @property
    def total(self) -> int:
        return sum(file.bytes for file in self.files)

    def as_json(self) -> dict[str, object]:
        return {
            "version": self.version,
            "total": self.total,
            "files": [{"url": file.url, "bytes": file.bytes} for file in self.files],
        }


def available() -> bool:
    """Whether this checkout has the Pyodide files (make run builds them)."""
    return finders.find(PYODIDE_DIR + bundle.PYODIDE_FILES[0]) is not None


def offline_files() -> OfflineFiles:
    statics = [(staticfiles_storage.url(name), name) for name in (*STATIC_FILES, *ZIPS)]
    statics += [
        (settings.STATIC_URL + PYODIDE_DIR + name, PYODIDE_DIR + name)
        for name in bundle.PYODIDE_FILES
    ]
    found = [(url, _found(name)) for url, name in statics]
    files = [OfflineFile(url, path.stat().st_size) for url, path in found]
    # The pages, and the manifest every page links (sizes unknown until rendered).
    pages = ("offline:play", "offline:no_connection", "offline:manifest")
    files += [OfflineFile(reverse(page), 0) for page in pages]
    version = hashlib.sha256()
    for url, path in found:
        stat = path.stat()
        version.update(f"{url} {stat.st_size} {stat.st_mtime_ns}\n".encode())
    return OfflineFiles(version.hexdigest()[:16], files)


def _found(name: str) -> Path:
    found = finders.find(name)
    if not found:
        raise FileNotFoundError(f"{name}: manage.py build_offline makes the offline files")
    return Path(str(found))
