#!/usr/bin/env bash
# Runs every test of the project: the one command the README gives, and what
# CI runs. It installs whatever the tests need first: Debian's chromium and
# chromium-driver for the browser tests (crates/server/tests/),
# poppler-utils (pdfinfo, pdftoppm) for the worksheets' PDF tests, caddy,
# nginx and openssl to run the deployment guide's proxy configurations
# (tests/deploy.rs, tests/proxies.rs), systemd's systemd-analyze to verify
# its unit, and util-linux's mount and unshare for the full-disk test;
# nothing is done when they are already there. The store's tests also run
# on PostgreSQL: scripts/pg.sh installs it when missing and starts a
# throwaway cluster for the run (its URL in QUORIDOR_TEST_PG), stopped at
# the end. Then the Python module's tests: a
# virtual environment under target/ with the pinned tools of
# crates/python/requirements-test.txt, the wheel built by maturin and
# installed there, and pytest on crates/python/tests. The web pages' own
# checks come first (they take seconds): node --test on their pure modules
# and TypeScript's type check, with the pinned tools of package-lock.json
# installed by npm under node_modules/; before them scripts/wasm.sh check
# rebuilds the engine's WebAssembly (installing its toolchain, about a
# minute) and fails unless the served file is that build, byte for byte.
set -euo pipefail
cd "$(dirname "$0")/.."

# apt_install WHY PACKAGE…
. scripts/apt.sh

have_apt() {
    command -v apt-get >/dev/null 2>&1
}

install_browser() {
    local missing=()
    [ -x /usr/bin/chromium ] || missing+=(chromium)
    [ -x /usr/bin/chromedriver ] || missing+=(chromium-driver)
    [ -x /usr/bin/pdftoppm ] || missing+=(poppler-utils)
    [ -x /usr/bin/caddy ] || missing+=(caddy)
    [ -x /usr/sbin/nginx ] || missing+=(nginx)
    command -v openssl >/dev/null 2>&1 || missing+=(openssl)
    command -v systemd-analyze >/dev/null 2>&1 || missing+=(systemd)
    command -v unshare >/dev/null 2>&1 || missing+=(util-linux)
    if [ "${#missing[@]}" -eq 0 ]; then
        return 0
    fi
    if ! have_apt; then
        echo "scripts/test.sh: no apt-get here: install ${missing[*]} for the" \
            "browser, PDF and deployment tests" >&2
        return 0
    fi
    apt_install "browser, PDF and deployment tests" "${missing[@]}"
}

# Python 3 with its venv module (Debian splits it into python3-venv).
install_python() {
    local python="$1"
    if command -v "$python" >/dev/null 2>&1 && "$python" -c "import venv, ensurepip" 2>/dev/null; then
        return 0
    fi
    if ! have_apt; then
        echo "scripts/test.sh: $python with its venv module is needed for the Python tests" >&2
        return 1
    fi
    apt_install "Python tests" python3 python3-venv
}

python_tests() {
    local python="${PYTHON:-python3}"
    local venv=target/python-venv
    if [ ! -x "$venv/bin/python" ]; then
        install_python "$python"
        echo "scripts/test.sh: making the Python test environment in $venv" >&2
        rm -rf "$venv"
        "$python" -m venv "$venv"
    fi
    "$venv/bin/python" -m pip install -q --disable-pip-version-check -r crates/python/requirements-test.txt
    # The distribution as the index would hold it: the wheel and the sdist
    # (crates/python/tests/test_package.py checks both).
    rm -rf target/python-wheel
    "$venv/bin/maturin" build --release --locked -q -m crates/python/Cargo.toml -o target/python-wheel
    "$venv/bin/maturin" sdist -m crates/python/Cargo.toml -o target/python-wheel >/dev/null
    "$venv/bin/python" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps target/python-wheel/quoridor_rs-*.whl
    # From the tests' folder, so that the installed wheel is what is imported.
    local dist="$PWD/target/python-wheel"
    # The bot example plays on the server that cargo test built.
    local bin="$PWD/target/debug/quoridor"
    (cd crates/python/tests && QUORIDOR_PYTHON_DIST="$dist" QUORIDOR_BIN="$bin" \
        "../../../$venv/bin/python" -m pytest -q -p no:cacheprovider)
}

# Node.js with npm (Debian splits them); Node 18 or later for node --test.
node_ready() {
    command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 \
        && node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 18 ? 0 : 1)'
}

install_node() {
    if node_ready; then
        return 0
    fi
    if ! have_apt; then
        echo "scripts/test.sh: Node.js 18 or later with npm is needed for the web pages' checks" >&2
        return 1
    fi
    apt_install "the web pages' checks" nodejs npm
    node_ready
}

web_checks() {
    install_node
    # The engine's WebAssembly: the served file must be the build of these
    # sources (or, under another compiler, the tests take the fresh build).
    local fresh
    fresh="$(scripts/wasm.sh check)"
    if [ -n "$fresh" ]; then
        export QUORIDOR_WASM="$fresh/quoridor_wasm.wasm"
        export QUORIDOR_OFFLINE_WASM="$fresh/quoridor_wasm_offline.wasm"
    fi
    # npm ci only when the pinned tools changed (it empties node_modules).
    if ! cmp -s package-lock.json node_modules/.package-lock.json 2>/dev/null \
        && ! node -e 'const a=require("./package-lock.json").packages, b=require("./node_modules/.package-lock.json").packages; for (const k of Object.keys(a)) if (k && (!b[k] || b[k].version !== a[k].version)) process.exit(1)' 2>/dev/null; then
        npm ci --no-audit --no-fund --loglevel=error
    fi
    # Every module parses (a name declared twice fails only here and in
    # the browser), the pure ones pass their tests, the typed ones check.
    find crates/server/web -name '*.js' -not -path '*/test/*' -print0 | xargs -0 -n1 node --check
    node --test crates/server/web/test/*.test.js
    node_modules/.bin/tsc -p tsconfig.json
}

web_checks

install_browser

# The store's tests on PostgreSQL: a throwaway cluster for this run only
# (scripts/pg.sh installs PostgreSQL when missing), stopped on the way out.
PG_DIR="$(mktemp -d -u "${TMPDIR:-/tmp}/quoridor-pg.XXXXXX")"
trap 'scripts/pg.sh stop "$PG_DIR"' EXIT
QUORIDOR_TEST_PG="$(scripts/pg.sh start "$PG_DIR")"
export QUORIDOR_TEST_PG

cargo test --workspace --locked "$@"

# The server's store, a second time on PostgreSQL: its own tests and the
# suites that play, sign up, teach and delete through the real server.
# (--workspace, as above: the same build, nothing compiled again.)
QUORIDOR_TEST_STORE=postgres cargo test --workspace --locked --lib \
    --test server --test accounts --test analysis --test challenges --test chat \
    --test bots --test claims --test classroom_api --test club --test learn --test lobby \
    --test security --test teacher_routes "$@"

python_tests
