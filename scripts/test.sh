#!/usr/bin/env bash
# Sets up everything (system packages, libvosk, the Korean test model) and runs the whole
# test suite: formatting, clippy and the API documentation with warnings denied, the build
# without optional features, the peg-board firmware's own tests (host and simulator), and
# every test of both crates (the core, annexd-core, and the program around it).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --test
cargo fmt --all -- --check
cargo clippy --quiet --workspace --all-targets -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --quiet --workspace --no-deps
cargo check --quiet --no-default-features
make -s -C firmware check
cargo test --workspace --no-fail-fast
# The Debian package, unpacked and run with the checkout hidden (issue 16).
scripts/test-package.sh
