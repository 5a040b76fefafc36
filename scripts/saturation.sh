#!/usr/bin/env bash
# How much one core carries (BENCHMARKS.md, "The saturation point of one
# core"): the server pinned to CPU 0, the benchmark's clients to CPU 1, a
# fresh server and database for each step.
#
#   scripts/saturation.sh games 1000 2000 4000 6000     # human-paced games
#   scripts/saturation.sh classes 10 25 50 75           # classes of 30 pupils
#   PERF=1 scripts/saturation.sh games 6000             # and a perf profile
#
# One JSON line per step on standard output; the reports, the server's
# /metrics after each step and perf's data under $OUT (default
# target/saturation). BIN chooses the binary (default target/release/quoridor).
#
# On PostgreSQL (games only): DB=postgres://USER@HOST:PORT serves each step
# from a fresh database there, made by this script, and adds PostgreSQL's
# commits, rows and CPU a move; start PostgreSQL on the clients' CPU
# (`taskset -c 1 scripts/pg.sh start DIR`), so the server's core is its
# own. INSTANCES=2 starts a second instance on the same database and core
# (`--instance-address`): every north player connects through it.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-target/release/quoridor}
OUT=${OUT:-target/saturation}
KIND=${1:?games or classes}
shift
mkdir -p "$OUT"

# One server on CPU 0, listening on $1, its log in $2, more flags after.
serve_on() {
    local port=$1 log=$2
    shift 2
    taskset -c 0 "$BIN" serve --addr "127.0.0.1:$port" --db "$STORE" --http-rate 0 --ws-rate 0 \
        --max-rooms-per-client 100000 --max-class-games-per-client 100000 --max-connections 19000 \
        --max-connections-per-client 1000000 --max-waiting-games 1000000 \
        --quiet "$@" 2>"$log" &
    LAST=$!
    for _ in $(seq 150); do
        curl -sf "http://127.0.0.1:$port/api/ready" >/dev/null && return 0
        sleep 0.1
    done
    echo "the server did not start: $(cat "$log")" >&2
    exit 1
}

start_server() {
    rm -rf "$OUT/db" && mkdir -p "$OUT/db"
    PORT=$((20000 + RANDOM % 20000))
    EXTRA=()
    SRV2=
    if [ -n "${DB:-}" ]; then
        local name="sat_${N}_$RANDOM"
        psql "$DB/postgres" -qc "CREATE DATABASE $name" >/dev/null
        STORE="$DB/$name"
        EXTRA=(--db "$STORE")
    else
        STORE="$OUT/db/bench.db"
    fi
    if [ "${INSTANCES:-1}" = 2 ]; then
        PORT2=$((PORT + 1))
        serve_on "$PORT" "$OUT/serve.log" --instance-address "http://127.0.0.1:$PORT"
        SRV=$LAST
        serve_on "$PORT2" "$OUT/serve2.log" --instance-address "http://127.0.0.1:$PORT2"
        SRV2=$LAST
        EXTRA+=(--relay-addr "127.0.0.1:$PORT2")
    else
        serve_on "$PORT" "$OUT/serve.log"
        SRV=$LAST
    fi
}

cpu_of() { awk '{print ($14 + $15) / 100}' "/proc/$1/stat"; }
busy() { grep -E "^cpu[01] " /proc/stat; }

profile() {
    if [ -n "${PERF:-}" ]; then
        sleep "$1"
        perf record -F 999 -p "$SRV" -o "$OUT/perf-$KIND-$N.data" -- sleep 15 2>/dev/null
    fi
}

stop_server() {
    curl -s "http://127.0.0.1:$PORT/metrics" >"$OUT/metrics-$KIND-$N.txt"
    SERVER_CPU=$(cpu_of "$SRV")
    kill "$SRV"
    wait "$SRV" || true
    if [ -n "$SRV2" ]; then
        curl -s "http://127.0.0.1:$PORT2/metrics" >"$OUT/metrics2-$KIND-$N.txt"
        SERVER_CPU=$(awk -v a="$SERVER_CPU" -v b="$(cpu_of "$SRV2")" 'BEGIN { print a + b }')
        kill "$SRV2"
        wait "$SRV2" || true
    fi
}

for N in "$@"; do
    start_server
    busy >"$OUT/stat0"
    if [ "$KIND" = games ]; then
        taskset -c 1 "$(dirname "$BIN")/quoridor-lab" bench server --addr "127.0.0.1:$PORT" --games "$N" --think-ms 500-1000 \
            --moves-per-game 30 --create-rate 1000 --stall-seconds 60 "${EXTRA[@]}" --json >"$OUT/games-$N.json" &
        BENCH=$!
        profile $((N / 1000 + 6))
        wait "$BENCH"
    else
        PIDS=()
        rm -rf "$OUT/classes-$N" && mkdir -p "$OUT/classes-$N"
        for i in $(seq "$N"); do
            taskset -c 1 "$(dirname "$BIN")/quoridor-lab" bench class --addr "127.0.0.1:$PORT" --from "127.0.0.$(((i - 1) / 40 + 2))" \
                --seconds 30 --seed "$i" --json >"$OUT/classes-$N/$i.json" &
            PIDS+=($!)
        done
        profile 12
        for p in "${PIDS[@]}"; do wait "$p"; done
    fi
    busy >"$OUT/stat1"
    stop_server
    python3 - "$KIND" "$N" "$SERVER_CPU" "$OUT" <<'PY'
import glob, json, statistics, sys
kind, n, cpu, out = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
a = [l.split() for l in open(f"{out}/stat0")]
b = [l.split() for l in open(f"{out}/stat1")]
cores = {}
for x, y in zip(a, b):
    d = [int(j) - int(i) for i, j in zip(x[1:], y[1:])]
    cores[x[0]] = round(100 * (sum(d) - d[3] - d[4]) / max(1, sum(d)))
if kind == "games":
    r = json.load(open(f"{out}/games-{n}.json"))
    t = r["round_trip"]
    line = {"games": n, "moves": r["moves"], "moves_per_sec": round(r["moves_per_sec"]),
            "p50": t["p50_ms"], "p90": t["p90_ms"], "p99": t["p99_ms"], "p999": t["p999_ms"],
            "max": t["max_ms"], "errors": r["errors"],
            "server_cpu_us_a_move": round(cpu / max(1, r["moves"]) * 1e6)}
    store = r.get("store")
    if store:
        line["store"] = store
else:
    rs = [json.load(open(f)) for f in glob.glob(f"{out}/classes-{n}/*.json")]
    p99 = sorted(r["update_ms"]["p99"] for r in rs)
    line = {"classes": n, "pupils": sum(r["pupils"] for r in rs), "moves": sum(r["moves"] for r in rs),
            "not_seen": sum(r["moves_not_seen"] for r in rs), "errors": sum(len(r["errors"]) for r in rs),
            "p99_median": statistics.median(p99), "p99_worst": p99[-1],
            "p50_median": statistics.median(r["update_ms"]["p50"] for r in rs)}
line["server_cpu_s"] = cpu
line["busy_percent"] = cores
print(json.dumps(line), flush=True)
PY
done
