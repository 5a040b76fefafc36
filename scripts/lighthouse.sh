#!/bin/bash
# Lighthouse on the game page and the home page of one `quoridor` binary
# (BENCHMARKS.md): starts `BINARY serve` on PORT with a fresh database,
# creates a game against the AI over the API, runs Lighthouse RUNS times
# (default "1 2 3") on /g/<id> and on / (ONLY_GAME=1: the game page only),
# prints one line of figures a run, and stops the server.
#
#   npm install --prefix /tmp/lh lighthouse@12
#   LIGHTHOUSE=/tmp/lh/node_modules/.bin/lighthouse scripts/lighthouse.sh BINARY LABEL PORT
set -eu
bin=$1 label=$2 port=$3
lighthouse=${LIGHTHOUSE:-lighthouse}
dir=$(mktemp -d)
"$bin" serve --addr "127.0.0.1:$port" --db "$dir/q.db" > "$dir/log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.2; done
id=$(curl -s -X POST -H 'content-type: application/json' \
    -d '{"size":9,"players":2,"seats":[{"kind":"human","mine":true},{"kind":"ai","level":3}]}' \
    "http://127.0.0.1:$port/api/games" | python3 -c 'import sys, json; print(json.load(sys.stdin)["id"])')
for run in ${RUNS:-1 2 3}; do
    pages=("g/$id" "")
    [ "${ONLY_GAME:-0}" = 1 ] && pages=("g/$id")
    for page in "${pages[@]}"; do
        name=game
        [ -z "$page" ] && name=home
        out="$dir/$name-$run.json"
        CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium} "$lighthouse" "http://127.0.0.1:$port/$page" \
            --chrome-flags="--headless=new --no-sandbox --disable-gpu" \
            --output=json --output-path="$out" --quiet 2>/dev/null
        python3 - "$out" "$label" "$name" "$run" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
a, c = d["audits"], d["categories"]
ms = lambda k: round(a[k]["numericValue"])
print(*sys.argv[2:5], "performance", c["performance"]["score"],
      "fcp", ms("first-contentful-paint"), "lcp", ms("largest-contentful-paint"),
      "tbt", ms("total-blocking-time"),
      "KB", round(a["total-byte-weight"]["numericValue"] / 1024, 1),
      "a11y/bp/seo", c["accessibility"]["score"], c["best-practices"]["score"], c["seo"]["score"])
PY
    done
done
