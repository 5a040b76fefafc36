#!/usr/bin/env bash
# Runs every test of the project: the one command the README gives, and what
# CI runs. It installs whatever the tests need first: Debian's chromium and
# chromium-driver for the browser tests of crates/server/tests/browser.rs
# (nothing is done when both are already there).
set -euo pipefail
cd "$(dirname "$0")/.."

install_browser() {
    if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
        return 0
    fi
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "scripts/test.sh: no apt-get here: install chromium and chromedriver" \
            "as /usr/bin/chromium and /usr/bin/chromedriver for the browser tests" >&2
        return 0
    fi
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        sudo="sudo"
    fi
    echo "scripts/test.sh: installing chromium and chromium-driver (browser tests)" >&2
    local install=(env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver)
    # The package lists are only fetched when the install fails without them.
    if ! $sudo "${install[@]}" >/dev/null; then
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
        $sudo "${install[@]}" >/dev/null
    fi
}

install_browser

cargo test --workspace --locked "$@"
