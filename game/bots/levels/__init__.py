"""The difficulty levels, one module each: importing this package imports every one of them.

A level is a `Bot` subclass that names its `level`, `label`, `order` and `searches` (see
`game.bots.base.Bot`); defining it registers it. So a new level is one new module here, plus
the translation of its label: nothing else lists the levels.
"""

from __future__ import annotations

import pkgutil
from importlib import import_module

for _module in pkgutil.iter_modules(__path__):
    import_module(f"{__name__}.{_module.name}")
