#!/usr/bin/env bash
# The translation-catalogue test runs `makemessages`, which needs gettext's xgettext.
# Installed with apt-get when running as root on Debian, as the browser is; otherwise
# the test skips on a developer's machine and fails under CI=true (it says so itself).
set -euo pipefail

scripts/ensure-package.sh xgettext gettext && exit 0
echo "gettext: no xgettext here; the catalogue test will skip (and fail under CI=true)."
