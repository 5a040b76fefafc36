#!/usr/bin/env bash
# The server's memory over many games (BENCHMARKS.md, "Memory over many
# games"): starts one `quoridor serve`, plays ROUNDS rounds of GAMES games
# against it with `quoridor-lab bench server --addr` (the quoridor-lab
# beside BIN), and after each round prints the games played so far, the
# server's resident memory and the games it holds in memory (/api/health). A server that keeps every finished game
# grows without end; one that keeps a bounded number levels off.
#
#   scripts/soak.sh [BIN] [ROUNDS] [GAMES] [-- extra serve flags]
#
# BIN is the quoridor binary (default target/release/quoridor). The server
# and every process this script starts are stopped before it ends.
set -euo pipefail

bin="${1:-target/release/quoridor}"
rounds="${2:-13}"
games="${3:-1000}"
shift $(( $# < 3 ? $# : 3 ))
if [ "${1:-}" = "--" ]; then shift; fi

dir="$(mktemp -d)"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
# Every bot connects from loopback: one address (a release that has these
# shares gets them raised).
shares=()
if "$bin" serve --help | grep -q -- --max-connections-per-client; then
    shares=(--max-connections-per-client 1000000 --max-waiting-games 1000000)
fi
"$bin" serve --addr "127.0.0.1:$port" --db "$dir/soak.db" --quiet \
    --http-rate 0 --ws-rate 0 --max-rooms-per-client 1000000 "${shares[@]}" "$@" &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$dir"' EXIT

health() {
    python3 - "$port" <<'EOF'
import json, sys, urllib.request
with urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/api/health") as r:
    h = json.load(r)
print(h["games"], h.get("finished", "-"))
EOF
}

for _ in $(seq 50); do
    health >/dev/null 2>&1 && break
    sleep 0.1
done
rss() { awk '/^VmRSS:/ {printf "%.0f", $2 / 1024}' "/proc/$server/status"; }

echo "round,games_played,rss_mib,games_in_memory,finished_in_memory"
echo "0,0,$(rss),$(health | tr ' ' ',')"
for round in $(seq "$rounds"); do
    "$(dirname "$bin")/quoridor-lab" bench server --addr "127.0.0.1:$port" --games "$games" --think-ms 0 \
        --seed "$round" --json >"$dir/round.json" 2>/dev/null
    echo "$round,$((round * games)),$(rss),$(health | tr ' ' ',')"
done
