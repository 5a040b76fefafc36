#!/usr/bin/env bash
# The learned evaluation's whole pipeline in one command (see
# crates/engine/src/net/): self-play games with the hand-made evaluation,
# training, the weights copied into the engine, and a match of the learned
# evaluation against the hand-made one at 100 ms a move. It made the
# shipped crates/engine/data/eval-net.bin (with the defaults below).
#
#   scripts/train-eval.sh [WORK_DIR]
#
# Settings by environment: SEEDS of the self-play runs ("1 2"), GAMES per
# run (3000), NODES a move (10000), HIDDEN units (32), EPOCHS (12),
# CHECK_GAMES (200, 0 for no match). About 25 minutes of self-play per run
# and 20 of match on two cores.
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=${1:-target/train-eval}
SEEDS=${SEEDS:-"1 2"}
GAMES=${GAMES:-3000}
NODES=${NODES:-10000}
HIDDEN=${HIDDEN:-32}
EPOCHS=${EPOCHS:-12}
CHECK_GAMES=${CHECK_GAMES:-200}
BIN=target/release/quoridor
mkdir -p "$WORK"

cargo build --release --locked
DATA=()
for seed in $SEEDS; do
    "$BIN" train-eval play --games "$GAMES" --nodes "$NODES" --opening-plies 4 \
        --seed "$seed" -o "$WORK/selfplay-$seed.tsv"
    DATA+=("$WORK/selfplay-$seed.tsv")
done
"$BIN" train-eval fit "${DATA[@]}" --hidden "$HIDDEN" --epochs "$EPOCHS" \
    -o "$WORK/eval-net.bin"
cp "$WORK/eval-net.bin" crates/engine/data/eval-net.bin
echo "weights copied to crates/engine/data/eval-net.bin"

if [ "$CHECK_GAMES" -gt 0 ]; then
    cargo build --release --locked
    "$BIN" match --games "$CHECK_GAMES" --seed 1 --concurrency 1 \
        --player level=8,time=100ms,name=learned \
        --player level=8,time=100ms,eval=hand,name=hand-made
fi
