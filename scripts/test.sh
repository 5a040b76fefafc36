#!/usr/bin/env bash
# Runs every test of the project: the one command the README gives, and what
# CI runs. It installs whatever the tests need first (nothing beyond Rust yet).
set -euo pipefail
cd "$(dirname "$0")/.."

cargo test --workspace --locked "$@"
