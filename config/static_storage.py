"""collectstatic's storage (settings.STORAGES when STATIC_COLLECTED): ServeStatic's hashed,
compressed files, compressing again only what changed.

ServeStatic compresses every file on every collectstatic; Pyodide's runtime (9.6 MB of
WebAssembly) alone then takes half a minute of Brotli on each `make run`. Its copies keep
their source's modification time (servestatic.compress.Compressor.write_data), and
collectstatic copies only modified files: a copy as recent as its source is up to date.
"""

from __future__ import annotations

import os

from servestatic.compress import Compressor
from servestatic.storage import CompressedManifestStaticFilesStorage

SUFFIXES = (".br", ".gz")


class IncrementalCompressor(Compressor):
    def compress(self, path: str | os.PathLike[str]) -> list[str]:
        path = os.fspath(path)
        source = os.stat(path).st_mtime
        copies = [path + suffix for suffix in SUFFIXES if os.path.exists(path + suffix)]
        if copies and all(os.stat(copy).st_mtime >= source for copy in copies):
            return copies
        written: list[str] = super().compress(path)
        return written


class IncrementalCompressedManifestStorage(CompressedManifestStaticFilesStorage):
    def create_compressor(self, **kwargs: object) -> Compressor:
        return IncrementalCompressor(**kwargs)
