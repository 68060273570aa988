#!/usr/bin/env bash
# ensure-package.sh COMMAND PACKAGE: make sure COMMAND exists, installing Debian's PACKAGE
# with apt-get when running as root (as `make test` does for the browser). Exit 0: ready;
# 3: missing and not installable here (the caller says what it skips).
set -euo pipefail

command_name=$1
package=$2
if command -v "$command_name" >/dev/null 2>&1; then
    exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "$package: $command_name is missing; installing Debian's $package package (apt-get)."
    export DEBIAN_FRONTEND=noninteractive
    if apt-get update -qq && apt-get install -y -qq "$package" >/dev/null && command -v "$command_name" >/dev/null; then
        exit 0
    fi
    echo "$package: apt-get could not install $package."
fi
exit 3
