#!/usr/bin/env bash
# The learned evaluation's whole pipeline in one command (see
# crates/engine/src/net/): self-play games, training, the weights copied
# into the engine, and a match of the learned evaluation against the
# hand-made one at 100 ms a move. It made the shipped
# crates/engine/data/eval-net.bin (with the defaults below), in three
# generations:
#
#   1. games of the hand-made evaluation (seeds SEEDS), and a network
#      trained afresh on them;
#   2. that network built into the engine, which plays games of its own
#      (the first seed of NEXT_SEEDS, `--eval learned`), and the network
#      trained further on those from the last weights (`fit --from`, a
#      smaller learning rate: it overfits a new set in a few epochs);
#   3. the same again for each further seed of NEXT_SEEDS: games of the
#      last generation, and the network trained further on them alone.
#
#   scripts/train-eval.sh [WORK_DIR]
#
# Settings by environment: SEEDS of the first generation's runs ("1 2"),
# NEXT_SEEDS, one further generation each ("3 4"; empty for one generation
# only), GAMES per run (3000), NODES a move (10000), HIDDEN units (32),
# EPOCHS (12), NEXT_EPOCHS (6), NEXT_RATE (3e-4), CHECK_GAMES (200, 0 for no
# match). About 25 minutes of self-play per run of the first generation and
# 40 per further generation (the network is slower than the hand-made
# evaluation), and 20 of match, on two cores.
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=${1:-target/train-eval}
SEEDS=${SEEDS:-"1 2"}
NEXT_SEEDS=${NEXT_SEEDS-"3 4"}
GAMES=${GAMES:-3000}
NODES=${NODES:-10000}
HIDDEN=${HIDDEN:-32}
EPOCHS=${EPOCHS:-12}
NEXT_EPOCHS=${NEXT_EPOCHS:-6}
NEXT_RATE=${NEXT_RATE:-3e-4}
CHECK_GAMES=${CHECK_GAMES:-200}
BIN=target/release/quoridor
LAB=target/release/quoridor-lab
mkdir -p "$WORK"

# Self-play runs of one generation: play EVAL SEED...; DATA lists their files.
play() {
    local eval=$1
    shift
    DATA=()
    for seed in "$@"; do
        "$LAB" train-eval play --eval "$eval" --games "$GAMES" --nodes "$NODES" \
            --opening-plies 4 --seed "$seed" -o "$WORK/selfplay-$eval-$seed.tsv"
        DATA+=("$WORK/selfplay-$eval-$seed.tsv")
    done
}

cargo build --release --locked
# shellcheck disable=SC2086
play hand $SEEDS
"$LAB" train-eval fit "${DATA[@]}" --hidden "$HIDDEN" --epochs "$EPOCHS" \
    -o "$WORK/eval-net-1.bin"
cp "$WORK/eval-net-1.bin" crates/engine/data/eval-net.bin
echo "generation 1 copied to crates/engine/data/eval-net.bin"

generation=1
for seed in $NEXT_SEEDS; do
    cargo build --release --locked
    play learned "$seed"
    "$LAB" train-eval fit "${DATA[@]}" --from "$WORK/eval-net-$generation.bin" \
        --epochs "$NEXT_EPOCHS" --learning-rate "$NEXT_RATE" \
        -o "$WORK/eval-net-$((generation + 1)).bin"
    generation=$((generation + 1))
    cp "$WORK/eval-net-$generation.bin" crates/engine/data/eval-net.bin
    echo "generation $generation copied to crates/engine/data/eval-net.bin"
done

if [ "$CHECK_GAMES" -gt 0 ]; then
    cargo build --release --locked
    "$BIN" match --games "$CHECK_GAMES" --seed 1 --concurrency 1 \
        --player level=8,time=100ms,name=learned \
        --player level=8,time=100ms,eval=hand,name=hand-made
fi
