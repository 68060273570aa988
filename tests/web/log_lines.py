"""What the site's log shows for the records a test captured."""

from __future__ import annotations

import logging


def console_lines(records: list[logging.LogRecord]) -> list[str]:
    """The lines the site's console handler (settings.LOGGING) writes for these records,
    its filters applied: a traceback counts for its every line."""
    handler = logging.getHandlerByName("console")
    assert handler is not None, "settings.LOGGING has no console handler"
    lines: list[str] = []
    for record in records:
        copy = logging.makeLogRecord(record.__dict__)
        if handler.filter(copy):
            lines += handler.format(copy).splitlines()
    return lines
