#!/usr/bin/env bash
# Print the path of a Python >= 3.12 to build .venv with, or explain and fail.
# Order: pyenv (honours .python-version), then python3.13, python3.12, python3.
set -euo pipefail
cd "$(dirname "$0")/.."

candidates=()
if command -v pyenv >/dev/null 2>&1; then
    if found=$(pyenv which python 2>/dev/null); then
        candidates+=("$found")
    fi
fi
for name in python3.13 python3.12 python3; do
    if found=$(command -v "$name" 2>/dev/null); then
        candidates+=("$found")
    fi
done

best=""
for python in "${candidates[@]}"; do
    if "$python" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' 2>/dev/null; then
        echo "$python"
        exit 0
    fi
    [ -z "$best" ] && best="$python"
done

{
    echo "ERROR: Dame de Pique needs Python 3.12 or newer (Django 6)."
    if [ -n "$best" ]; then
        echo "       Found only: $best ($("$best" --version 2>&1))."
    else
        echo "       No python3 found on PATH."
    fi
    echo "       Install one, e.g. 'pyenv install 3.13.0' (this repo's .python-version),"
    echo "       or your system's python3.12 / python3.13 package, then run make again."
} >&2
exit 1
