#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests (issue 58: the store on
# PostgreSQL). Debian's postgresql is installed when missing (without the
# packaged "main" cluster, so that nothing keeps running after the tests).
#
#   scripts/pg.sh start DIR   makes and starts a cluster in DIR (a new,
#                             empty folder), on 127.0.0.1 at a free port,
#                             and prints its URL: postgres://quoridor@127.0.0.1:PORT/postgres
#   scripts/pg.sh stop DIR    stops it (fast shutdown) and removes DIR
#
# The tests' cluster does not wait for the disk (fsync, synchronous_commit
# off). PG_DURABLE=1 keeps PostgreSQL's defaults, as in production: for
# benchmarks compared with SQLite's --sync full.
#
# PostgreSQL refuses to run as root: under root (CI) the cluster is made
# and run as the unprivileged user `nobody`, its files owned by it. Local
# connections are trusted: the cluster listens on loopback only and lives
# as long as one test run.
set -euo pipefail
cd "$(dirname "$0")/.."

# apt_install WHY PACKAGE…
. scripts/apt.sh

pg_bin() {
    local dir
    dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
    if [ -n "$dir" ] && [ -x "$dir/initdb" ]; then
        echo "$dir"
        return 0
    fi
    command -v initdb >/dev/null 2>&1 && dirname "$(command -v initdb)"
}

install_postgres() {
    if [ -n "$(pg_bin)" ]; then
        return 0
    fi
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "scripts/pg.sh: install PostgreSQL (initdb, pg_ctl) for the store's tests" >&2
        return 1
    fi
    # The package would make and start a cluster of its own: not wanted.
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo mkdir -p /etc/postgresql-common
    if ! grep -qs '^create_main_cluster *= *false' /etc/postgresql-common/createcluster.conf; then
        echo "create_main_cluster = false" | $sudo tee -a /etc/postgresql-common/createcluster.conf >/dev/null
    fi
    apt_install "the store's tests on PostgreSQL" postgresql
    [ -n "$(pg_bin)" ]
}

# as_owner CMD…: runs CMD as the cluster's owner (nobody under root).
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u nobody -- "$@"
    else
        "$@"
    fi
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' 2>/dev/null \
        || echo $((20000 + RANDOM % 20000))
}

start() {
    local dir="$1"
    install_postgres
    local bin
    bin="$(pg_bin)"
    mkdir -p "$dir"
    if [ -n "$(ls -A "$dir")" ]; then
        echo "scripts/pg.sh: $dir is not empty" >&2
        return 1
    fi
    [ "$(id -u)" -ne 0 ] || chown nobody "$dir"
    chmod 700 "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U quoridor -A trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
        || { cat "$dir/initdb.log" >&2; return 1; }
    local port
    port="$(free_port)"
    local options="-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir -c max_connections=200"
    if [ -z "${PG_DURABLE:-}" ]; then
        # Quick: a throwaway cluster need not survive a power cut.
        options="$options -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    fi
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 -o "$options" \
        start >/dev/null || { cat "$dir/server.log" >&2; return 1; }
    echo "postgres://quoridor@127.0.0.1:$port/postgres"
}

stop() {
    local dir="$1"
    local bin
    bin="$(pg_bin)"
    if [ -f "$dir/data/postmaster.pid" ]; then
        as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
    fi
    rm -rf "$dir"
}

case "${1:-}" in
start) start "$2" ;;
stop) stop "$2" ;;
*)
    echo "usage: scripts/pg.sh start DIR | stop DIR" >&2
    exit 2
    ;;
esac
