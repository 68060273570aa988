"""Filters for settings.LOGGING."""

from __future__ import annotations

import logging


class ClientErrorsOnOneLine(logging.Filter):
    """A 4xx answer is the request's fault, not the site's: Django logs it with the
    exception that made it (a body that is not UTF-8, a forged Host…), and its traceback
    says nothing a maintainer can fix. Those records keep their one line, without the
    traceback; 5xx records keep theirs."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if isinstance(status, int) and status < 500:
            record.exc_info = None
            record.exc_text = None
        return True
