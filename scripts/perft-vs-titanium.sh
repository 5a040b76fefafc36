#!/usr/bin/env bash
# Plain move generation against titanium-quoridor's (BENCHMARKS.md, "Perft
# without a table"): perft from the start and from 40 positions of the
# conformance corpus, no transposition table on either side, one thread,
# the two programs alternating position by position; the counts must agree.
#
#   scripts/perft-vs-titanium.sh TITANIUM_BIN [DEPTH] [BIN]
#
# TITANIUM_BIN: built by ../shared/anchors/titanium/build.sh. DEPTH: of the
# corpus positions (default 4; the start is counted to 4 as well). BIN:
# ours (default target/release/quoridor). Each program's own timing is
# used (its start-up is left out). One line per position, then the sums.
set -euo pipefail
cd "$(dirname "$0")/.."
TITANIUM=${1:?the titanium binary}
DEPTH=${2:-4}
BIN=${3:-target/release/quoridor}
python3 - "$TITANIUM" "$DEPTH" "$BIN" <<'PY'
import json, re, subprocess, sys

titanium, depth, ours = sys.argv[1], int(sys.argv[2]), sys.argv[3]
CORPUS = "crates/rules/tests/data/openspiel-2p.jsonl"

def positions():
    """The start, then 40 mid-game positions: the 9x9 ten-fence games of the
    corpus in order, each cut at a ply between 10 and 49 (fences placed,
    pawns on their way), so long as the game is not over there."""
    chosen = [("start", [], 4)]
    games = [json.loads(l) for l in open(CORPUS) if l.strip()]
    games = [g for g in games if g["size"] == 9 and g["walls"] == 10 and g.get("notation") == "std"]
    for i, g in enumerate(games):
        if len(chosen) == 41:
            break
        ply = 10 + (i * 7) % 40
        if len(g["moves"]) > ply + 1:
            chosen.append((f"game {g['id']} ply {ply}", g["moves"][:ply], depth))
    return chosen

def run_ours(moves, d):
    args = [ours, "perft", str(d), "--hash", "0"]
    if moves:
        args += ["--from", " ".join(moves)]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    m = re.search(r"perft \d+: (\d+) in ([0-9.]+) (m?s)", out)
    seconds = float(m.group(2)) / (1000 if m.group(3) == "ms" else 1)
    return int(m.group(1)), seconds

def run_titanium(moves, d):
    out = subprocess.run([titanium, "perft", str(d), *moves, "--threads", "1", "--no-tt"],
                         capture_output=True, text=True, check=True).stdout
    count = int(re.search(r"perft \d+ (\d+)", out).group(1))
    seconds = float(re.search(r"time ([0-9.]+)s", out).group(1))
    return count, seconds

total_ours = total_titanium = 0.0
mid_ours = mid_titanium = 0.0
faster = 0
for name, moves, d in positions():
    count_o, t_o = run_ours(moves, d)
    count_t, t_t = run_titanium(moves, d)
    if count_o != count_t:
        sys.exit(f"{name}: perft({d}) {count_o} here, {count_t} for titanium")
    total_ours += t_o
    total_titanium += t_t
    if moves:
        mid_ours += t_o
        mid_titanium += t_t
        faster += t_o < t_t
    print(f"{name:>22}  perft({d}) {count_o:>12}  ours {t_o:7.3f} s  titanium {t_t:7.3f} s  ratio {t_t / max(t_o, 1e-9):5.2f}", flush=True)
print(f"40 corpus positions, perft({depth}): ours {mid_ours:.2f} s, titanium {mid_titanium:.2f} s, "
      f"titanium / ours {mid_titanium / mid_ours:.2f}; ours faster on {faster} of 40")
print(f"with the start: ours {total_ours:.2f} s, titanium {total_titanium:.2f} s")
PY
