#!/usr/bin/env bash
# Builds the page's two WebAssembly modules, which the server embeds and
# serves like the page's other files (so that `cargo run --release -- serve`
# needs no WebAssembly toolchain):
#   crates/wasm          -> crates/server/web/engine/quoridor.wasm (the rules
#                           and the engine: games and analysis on the device)
#   crates/wasm-offline  -> crates/server/web/engine/offline.wasm (the
#                           tutorial, puzzles and exercises answered by the
#                           page when the server cannot be reached)
#
#   scripts/wasm.sh          build them and write the served files
#   scripts/wasm.sh check    build them and fail unless the served files are
#                            byte for byte the build of these sources (CI);
#                            under another compiler, print the directory of
#                            the fresh builds, which the tests then use
#
# The build is reproducible: the same sources and the same compiler give
# the same bytes, wherever the clone lies (paths are remapped). The
# compiler's version is kept beside the file (quoridor.wasm.txt); `check`
# with another compiler cannot compare bytes, so it says so and the tests
# then run against the fresh build rather than the served one.
#
# The toolchain: rustup's wasm32 target where it installs; else Debian's
# rustc-web (its standard library built from source with -Z build-std),
# installed here with apt when missing (../shared/notes/wasm32.md).
set -euo pipefail
cd "$(dirname "$0")/.."

mode="${1:-build}"
served=crates/server/web/engine
# Each module: the crate's build name, and the served file's name.
modules=("quoridor_wasm:quoridor.wasm" "quoridor_wasm_offline:offline.wasm")
stamp=$served/quoridor.wasm.txt
target_dir=target/wasm
root="$(pwd)"

# apt_install WHY PACKAGE…
. scripts/apt.sh

# Remapped paths: nothing of this machine's layout enters the module.
flags="--remap-path-prefix=$root=/quoridor --remap-path-prefix=${CARGO_HOME:-$HOME/.cargo}=/cargo -C panic=abort"
common=(--release --locked --target wasm32-unknown-unknown -p quoridor-wasm -p quoridor-wasm-offline
    --target-dir "$target_dir"
    --config 'profile.release.lto=true' --config 'profile.release.codegen-units=1'
    --config 'profile.release.opt-level=3' --config 'profile.release.panic="abort"')

if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    compiler="$(rustc --version)"
    RUSTFLAGS="$flags" cargo build "${common[@]}"
else
    if [ ! -x /usr/bin/rustc ] || [ ! -d /usr/lib/rustlib/src/rust/library ] || ! command -v wasm-ld >/dev/null; then
        if ! command -v apt-get >/dev/null 2>&1; then
            echo "scripts/wasm.sh: no wasm32 target and no apt-get: run 'rustup target add wasm32-unknown-unknown'" >&2
            exit 1
        fi
        apt_install "the WebAssembly toolchain" rustc-web cargo-web rust-web-src lld
    fi
    # The sources need Rust 1.87 or newer. Bookworm's main archive has
    # rustc-web 1.85 and its security archive a newer one: with package
    # lists older than that release, the install above takes 1.85, so the
    # lists are fetched and the toolchain upgraded.
    minor="$(/usr/bin/rustc --version | sed -n 's/^rustc 1\.\([0-9]*\)\..*/\1/p')"
    if [ "${minor:-0}" -lt 87 ]; then
        sudo=""
        if [ "$(id -u)" -ne 0 ]; then
            sudo="sudo"
        fi
        echo "scripts/wasm.sh: $(/usr/bin/rustc --version) is too old: upgrading rustc-web" >&2
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq rustc-web cargo-web rust-web-src lld >/dev/null
    fi
    compiler="$(/usr/bin/rustc --version)"
    flags="$flags --remap-path-prefix=/usr/lib/rustlib/src/rust=/rust"
    # The stable compiler takes -Z build-std with RUSTC_BOOTSTRAP.
    RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc RUSTFLAGS="$flags" \
        CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld \
        /usr/bin/cargo build "${common[@]}" -Z build-std=std,panic_abort
fi

built_dir="$target_dir/wasm32-unknown-unknown/release"
case "$mode" in
build)
    mkdir -p "$served"
    for module in "${modules[@]}"; do
        cp "$built_dir/${module%%:*}.wasm" "$served/${module#*:}"
        echo "scripts/wasm.sh: wrote $served/${module#*:} ($(wc -c <"$served/${module#*:}") bytes, $compiler)" >&2
    done
    echo "$compiler" >"$stamp"
    ;;
check)
    same=yes
    for module in "${modules[@]}"; do
        if ! cmp -s "$built_dir/${module%%:*}.wasm" "$served/${module#*:}"; then
            same=no
        fi
    done
    if [ "$same" = yes ]; then
        echo "scripts/wasm.sh: $served/*.wasm are the build of these sources ($compiler)" >&2
    elif [ "$compiler" != "$(cat "$stamp")" ]; then
        echo "scripts/wasm.sh: $served/*.wasm were built by $(cat "$stamp"), this machine has $compiler:" \
            "the bytes cannot be compared; the tests use this build" >&2
        echo "$root/$built_dir"
        exit 0
    else
        echo "scripts/wasm.sh: $served/*.wasm are not the build of these sources: run scripts/wasm.sh and commit them" >&2
        exit 1
    fi
    ;;
*)
    echo "usage: scripts/wasm.sh [build|check]" >&2
    exit 2
    ;;
esac
