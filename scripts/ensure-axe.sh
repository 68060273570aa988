#!/usr/bin/env bash
# Make sure node_modules/axe-core (package.json, package-lock.json) is installed for the
# browser suite's accessibility test (tests/browser/test_accessibility.py), which injects
# node_modules/axe-core/axe.min.js into the pages: nothing is fetched from the internet at
# test time. `npm ci` runs when axe-core is missing or package-lock.json changed since the
# last install (its sha256 is kept in node_modules/.installed-lock). npm comes from Debian's
# npm package, installed with apt-get when running as root, as Chromium is.
# Exit 0: ready. Exit 3: not available, the caller says so and the test skips (never under
# CI=true: then this exits 1).
set -euo pipefail
cd "$(dirname "$0")/.."

AXE=node_modules/axe-core/axe.min.js
STAMP=node_modules/.installed-lock

unavailable() {
    if [ "${CI:-}" = "true" ]; then
        echo "FAILED: CI=true and axe-core cannot be installed for the accessibility test: $1" >&2
        exit 1
    fi
    echo "SKIPPED: accessibility test (tests/browser/test_accessibility.py): $1"
    exit 3
}

lock_sum=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ -f "$AXE" ] && [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$lock_sum" ]; then
    exit 0
fi

status=0
scripts/ensure-package.sh npm npm || status=$?
if [ "$status" != 0 ]; then
    unavailable "no npm here to install axe-core (as root on Debian: apt-get install npm)."
fi

echo "axe-core: installing the JavaScript test tools from package-lock.json (npm ci)."
if ! npm ci --no-audit --no-fund --loglevel=error; then
    unavailable "npm ci failed."
fi
if [ ! -f "$AXE" ]; then
    unavailable "npm ci did not install $AXE."
fi
echo "$lock_sum" >"$STAMP"
