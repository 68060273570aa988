#!/usr/bin/env bash
# Make sure Debian's Chromium is at $CHROMIUM_PATH (default /usr/bin/chromium) for the
# browser suite. Playwright never downloads a browser here.
# Exit 0: ready. Exit 3: not available, the caller skips the suite (a failure under CI=true).
set -euo pipefail

CHROMIUM_PATH=${CHROMIUM_PATH:-/usr/bin/chromium}

if [ -x "$CHROMIUM_PATH" ]; then
    exit 0
fi

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && [ "$CHROMIUM_PATH" = /usr/bin/chromium ]; then
    echo "browser: $CHROMIUM_PATH is missing; installing Debian's chromium package (apt-get)."
    export DEBIAN_FRONTEND=noninteractive
    if apt-get update -qq && apt-get install -y -qq chromium >/dev/null; then
        if [ -x "$CHROMIUM_PATH" ]; then
            echo "browser: installed $("$CHROMIUM_PATH" --version 2>/dev/null || echo chromium)."
            exit 0
        fi
    fi
    echo "browser: apt-get could not install chromium."
fi

echo "SKIPPED: browser suite (tests/browser): no Chromium at $CHROMIUM_PATH and it could not be installed here"
echo "         (as root on Debian: apt-get install chromium)."
if [ "${CI:-}" = "true" ]; then
    echo "FAILED: CI=true and the browser suite cannot run." >&2
    exit 1
fi
exit 3
