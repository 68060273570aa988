#!/usr/bin/env bash
# Make sure the JavaScript packages of package.json / package-lock.json are installed:
# pyodide, the offline game's Python runtime (manage.py build_offline copies its core files
# into the site's static files), and axe-core for the browser suite's accessibility test
# (tests/browser/test_accessibility.py, which injects node_modules/axe-core/axe.min.js):
# nothing is fetched from the internet at run or test time. `npm ci` runs when axe-core is missing or package-lock.json changed since the
# last install (its sha256 is kept in node_modules/.installed-lock). npm comes from Debian's
# npm package, installed with apt-get when running as root, as Chromium is.
# Exit 0: ready. Exit 3: not available, the caller says so (the accessibility test skips,
# the site runs without offline play), never under CI=true: then this exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."

AXE=node_modules/axe-core/axe.min.js
PYODIDE=node_modules/pyodide/pyodide.asm.wasm
STAMP=node_modules/.installed-lock

unavailable() {
    if [ "${CI:-}" = "true" ]; then
        echo "FAILED: CI=true and the JavaScript packages cannot be installed: $1" >&2
        exit 1
    fi
    echo "SKIPPED: JavaScript packages (axe-core's test, offline play's Pyodide): $1"
    exit 3
}

lock_sum=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ -f "$AXE" ] && [ -f "$PYODIDE" ] && [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$lock_sum" ]; then
    exit 0
fi

status=0
scripts/ensure-package.sh npm npm || status=$?
if [ "$status" != 0 ]; then
    unavailable "no npm here to install them (as root on Debian: apt-get install npm)."
fi

echo "node_modules: installing the JavaScript packages from package-lock.json (npm ci)."
if ! npm ci --no-audit --no-fund --loglevel=error; then
    unavailable "npm ci failed."
fi
for file in "$AXE" "$PYODIDE"; do
    if [ ! -f "$file" ]; then
        unavailable "npm ci did not install $file."
    fi
done
echo "$lock_sum" >"$STAMP"
