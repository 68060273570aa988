#!/usr/bin/env bash
# `make run`: Daphne on HOST:PORT, and, when REDIS_URL shares the tables between
# processes, the live tables' clock as a worker of its own (manage.py tableclock, which
# then also serves the other Daphne processes of a deployment). Without REDIS_URL the
# clock runs inside Daphne (settings.TABLE_CLOCK_IN_PROCESS). Ctrl-C stops both.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=.venv/bin
HOST=${HOST:-127.0.0.1}
PORT=${PORT:-8000}

# Offline play's files: Pyodide from npm (package.json) and the engine and bots zipped
# (manage.py build_offline). Without npm here the site runs without offline play.
status=0
scripts/ensure-offline.sh || status=$?
case $status in
    0) ;;
    3) echo "make run: offline play is not available (no Pyodide files)." ;;
    *) exit "$status" ;;
esac

# The static files as production serves them: hashed names, Brotli and gzip copies
# (settings.STATIC_COLLECTED). The first run compresses Pyodide (about 35 s on two
# cores); later ones only what changed.
export DJANGO_STATIC_COLLECTED=${DJANGO_STATIC_COLLECTED:-1}
if [[ "$DJANGO_STATIC_COLLECTED" == 1 ]]; then
    "$BIN/python" manage.py collectstatic --noinput -v 0
fi

echo "Dame de Pique: http://$HOST:$PORT/  (Ctrl-C to stop)"
echo "On SQLite one process was measured with 50 players at once (make load); for more, README « Deploying on several processes »."
redis_url=${REDIS_URL:-}
if [[ -n "${redis_url// /}" ]]; then
    export TABLE_CLOCK_IN_PROCESS=0
    "$BIN/python" manage.py tableclock &
    clock=$!
    trap 'kill "$clock" 2>/dev/null || true' EXIT INT TERM
    "$BIN/daphne" -b "$HOST" -p "$PORT" config.asgi:application
else
    exec "$BIN/daphne" -b "$HOST" -p "$PORT" config.asgi:application
fi
