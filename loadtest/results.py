"""Exact response times for scripts/load.py's summary, kept by every locustfile of
`make load` (loadtest/locustfile.py, loadtest/live.py): Locust's own percentiles are
rounded (to 10 ms above 100 ms), so every time is kept here and written as JSON to
LOAD_RESULTS when Locust quits."""

from __future__ import annotations

import json
import os
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from locust import events

RESULTS_FILE = os.environ.get("LOAD_RESULTS", "")

_times: defaultdict[str, list[float]] = defaultdict(list)
_errors: Counter[tuple[str, str]] = Counter()
notes: Counter[str] = Counter()  # answers worth counting that are not errors
_clock: dict[str, float] = {}


@events.request.add_listener
def _record(name: str, response_time: float, exception: Any = None, **_: Any) -> None:
    _times[name].append(response_time)
    if exception is not None:
        _errors[(name, str(exception)[:300])] += 1


@events.test_start.add_listener
def _started(**_: Any) -> None:
    _clock["start"] = time.time()


@events.test_stop.add_listener
def _stopped(**_: Any) -> None:
    _clock["stop"] = time.time()


@events.quitting.add_listener
def _write_results(**_: Any) -> None:
    if not RESULTS_FILE:
        return
    started = _clock.get("start", time.time())
    results = {
        "started": started,
        "duration": _clock.get("stop", time.time()) - started,
        "times": _times,
        "errors": [
            {"name": name, "error": error, "count": count}
            for (name, error), count in _errors.most_common()
        ],
        "notes": dict(notes),
    }
    Path(RESULTS_FILE).write_text(json.dumps(results))
