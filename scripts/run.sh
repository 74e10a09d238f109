#!/usr/bin/env bash
# Sets up everything and runs annexd's main job with no hardware: a simulated peg board,
# the keyboard, and text speech. Extra arguments go to `annexd play` (later ones win).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo build --release --quiet
exec target/release/annexd play --board sim --control 90+30 "$@"
