#!/usr/bin/env bash
# Make .venv ready: a Python >= 3.12 venv with `pip install -e .[dev]`, reinstalled only
# when pyproject.toml is newer than the stamp .venv/.installed. Quiet and fast when ready.
set -euo pipefail
cd "$(dirname "$0")/.."

VENV=.venv
STAMP=$VENV/.installed
# Never let the playwright package fetch a browser of its own: we use Debian's chromium.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

if [ -x "$VENV/bin/python" ] && ! "$VENV/bin/python" -c \
        'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' 2>/dev/null; then
    echo "bootstrap: $VENV uses a Python older than 3.12 (or a broken one); recreating it."
    rm -rf "$VENV"
fi

if [ ! -x "$VENV/bin/python" ]; then
    python=$(scripts/find-python.sh)
    echo "bootstrap: creating $VENV with $python ($("$python" --version 2>&1))"
    "$python" -m venv "$VENV"
    rm -f "$STAMP"
fi

if [ ! -f "$STAMP" ] || [ pyproject.toml -nt "$STAMP" ]; then
    echo "bootstrap: installing the project and its dev tools into $VENV (pip install -e '.[dev]')"
    "$VENV/bin/python" -m pip install --quiet -e '.[dev]'
    touch "$STAMP"
fi
