"""`address(name, *args)`: Django's `reverse`, remembered by this process.

Drawing the table reversed about 24 addresses (its forms, its menu, a live table's links),
some 20 µs each, about a tenth of a live push's drawing (issue 38). An address depends only
on its name, its arguments, the URLconf and the script prefix, none of which changes while
a process serves a deployment; all four are the key, so a test that swaps the URLconf or a
server mounted under a prefix never meets another's address.
"""

from __future__ import annotations

from functools import lru_cache

from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse


def address(name: str, *args: object) -> str:
    """The path of the view named `name` with positional `args`, as `reverse` gives it."""
    urlconf = get_urlconf() or settings.ROOT_URLCONF
    return _reversed(name, args, urlconf, get_script_prefix())


# The table's addresses for the games in play on a process, each a few actions.
@lru_cache(maxsize=8192)
def _reversed(name: str, args: tuple[object, ...], urlconf: str, prefix: str) -> str:
    return reverse(name, urlconf=urlconf, args=args)
