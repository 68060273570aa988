#!/usr/bin/env bash
# The translation-catalogue test runs `makemessages`, which needs gettext's xgettext.
# Installed here with apt-get when running as root on Debian, as the browser is; otherwise
# the test skips on a developer's machine and fails under CI=true (it says so itself).
set -euo pipefail

if command -v xgettext >/dev/null 2>&1; then
    exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "gettext: xgettext is missing; installing Debian's gettext package (apt-get)."
    export DEBIAN_FRONTEND=noninteractive
    if apt-get update -qq && apt-get install -y -qq gettext >/dev/null && command -v xgettext >/dev/null; then
        exit 0
    fi
    echo "gettext: apt-get could not install gettext."
fi
echo "gettext: no xgettext here; the catalogue test will skip (and fail under CI=true)."
