#!/usr/bin/env bash
# The browser suite, in its own pytest invocation: Playwright's sync API does not share a
# process with pytest-asyncio, so that plugin is off here.
set -euo pipefail
cd "$(dirname "$0")/.."

status=0
scripts/ensure-chromium.sh || status=$?
case $status in
    0) ;;
    3) exit 0 ;;  # skipped, already said so plainly (never under CI=true)
    *) exit "$status" ;;
esac

# The JavaScript packages (axe-core for the accessibility test) and offline play's files
# (npm ci when missing or when package-lock.json changed). Exit 3: not installable here,
# said so plainly; the tests that need them skip (under CI=true the script fails).
status=0
scripts/ensure-offline.sh || status=$?
case $status in
    0 | 3) ;;
    *) exit "$status" ;;
esac

export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# tests/browser named on the command line is collected even though the default addopts
# say --ignore=tests/browser (that keeps it out of a plain `pytest`). With pytest-asyncio
# off, its asyncio_* ini options are unknown here: config warnings are silenced in this
# run only (the main run still shows them).
exec .venv/bin/python -m pytest -q -p no:asyncio \
    -W "ignore::pytest.PytestConfigWarning" \
    tests/browser "$@"
