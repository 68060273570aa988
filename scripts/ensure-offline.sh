#!/usr/bin/env bash
# Offline play's files: the JavaScript packages (Pyodide, scripts/ensure-node-modules.sh),
# then Pyodide's core files and the engine and bots zipped into the static files
# (manage.py build_offline; quick when up to date). Exit 0: ready. Exit 3: no npm here,
# said plainly: the site runs without offline play, its tests skip (never under CI=true,
# where this fails instead).
set -euo pipefail
cd "$(dirname "$0")/.."

status=0
scripts/ensure-node-modules.sh || status=$?
if [ "$status" != 0 ]; then
    exit "$status"
fi
.venv/bin/python manage.py build_offline
