#!/usr/bin/env bash
# Sets up everything (system packages, libvosk, the Korean test model, the cross toolchains
# for Windows and aarch64) and runs the whole test suite: formatting, clippy and the API
# documentation with warnings denied, the build without optional features, the peg-board
# firmware's own tests (host and simulator), every test of both crates (the core,
# annexd-core, and the program around it), the Debian package and the tournament build's
# (no engine); then the same built for Windows under Wine and for aarch64 (Raspberry Pi)
# under qemu, and their packages (issue 21), the Windows zip in both builds (issue 31).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --test
cargo fmt --all -- --check
cargo clippy --quiet --workspace --all-targets -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --quiet --workspace --no-deps
cargo check --quiet --no-default-features
make -s -C firmware check
cargo test --workspace --no-fail-fast
# The Debian package, unpacked and run with the checkout hidden (issue 16); and the
# tournament build's, without the engine (issue 31).
scripts/test-package.sh
scripts/test-package.sh --tournament
# Windows (x86_64, under Wine) and aarch64 Linux (a Raspberry Pi, under qemu): each built
# once, in the packages' release profile (target/cross/), for its tests and its package.
# ANNEXD_CROSS=windows or aarch64 runs one of them, none neither (the cross builds are most
# of this command's time: docs/install.md has the figures).
case "${ANNEXD_CROSS:-windows aarch64}" in *windows*)
  scripts/test-windows.sh
  scripts/test-package-windows.sh
  scripts/test-package-windows.sh --tournament ;;
esac
case "${ANNEXD_CROSS:-windows aarch64}" in *aarch64*)
  scripts/test-aarch64.sh
  scripts/test-package.sh --arch arm64 ;;
esac
