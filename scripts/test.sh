#!/usr/bin/env bash
# Sets up everything (system packages, libvosk, the Korean test model, the cross toolchains
# for Windows and aarch64) and runs the whole test suite: formatting, clippy and the API
# documentation with warnings denied, the build without optional features, the peg-board
# firmware's own tests (host and simulator), every test of both crates (the core,
# annexd-core, and the program around it), the Debian package and the tournament build's
# (no engine, no network); then the same built for Windows under Wine and for aarch64
# (Raspberry Pi) under qemu, and their packages (issue 21), the Windows zip in both builds
# (issue 31).
#
# Each step's time is printed as it ends and all of them at the end (also kept in
# target/test-times.txt): docs/install.md has the figures of a fresh two-core machine.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p target
TIMES=target/test-times.txt
: > "$TIMES"
START=$(date +%s)

# step NAME COMMAND…: runs COMMAND and notes how long it took.
step() {
  local name=$1 begun=$(date +%s) took
  shift
  "$@"
  took=$(( $(date +%s) - begun ))
  printf 'test: %-34s %5d s\n' "$name" "$took" | tee -a "$TIMES" >&2
}

CROSS="${ANNEXD_CROSS:-windows aarch64}"
# The packages made here are unpacked, tested and thrown away: compressed fast (the same
# files; scripts/package.sh and package-windows.sh compress fully when run on their own).
export ANNEXD_PACKAGE_FAST=1
# Most of the program's tests wait (on a child program, a terminal, a serial line, a clock):
# more of them at once than there are cores keeps the cores busy (on two cores, 246 of them
# took 99 s with six at once, 183 s with two). Each test has its own folders and devices.
TEST_THREADS="${RUST_TEST_THREADS:-6}"
# The machine's own parts first (packages, libraries, models, voices); the cross toolchains
# (mostly downloads: MinGW, Wine, qemu, arm64 libraries) are fetched meanwhile, beside the
# machine's own build, which is mostly computing.
# cargo-deb (the Debian packages' tool) is compiled from source on a fresh machine: that
# computing is done while the setup mostly downloads, and waited for before the packages.
scripts/package.sh --install-tool > target/package-tool.log 2>&1 &
PACKAGE_TOOL=$!
step "setup (this machine)" env ANNEXD_CROSS=none scripts/setup.sh --test
CROSS_SETUP_LOG=target/cross-setup.log
cross_setup() {
  case "$CROSS" in *windows*) scripts/cross.sh setup windows ;; esac
  case "$CROSS" in *aarch64*) scripts/cross.sh setup aarch64 ;; esac
  date +%s > target/cross-setup.end
}
cross_setup > "$CROSS_SETUP_LOG" 2>&1 &
CROSS_SETUP=$!
CROSS_SETUP_BEGUN=$(date +%s)

step "fmt" cargo fmt --all -- --check
step "clippy" cargo clippy --quiet --workspace --all-targets -- -D warnings
step "doc" env RUSTDOCFLAGS="-D warnings" cargo doc --quiet --workspace --no-deps
step "check without features" cargo check --quiet --no-default-features
step "firmware" make -s -C firmware check
# In the Debian package's profile (Cargo.toml's `deb`): the program these tests run is the
# one the package holds (scripts/package.sh compiles nothing again and only sets its RUNPATH).
step "tests" env RUST_TEST_THREADS="$TEST_THREADS" cargo test --workspace --no-fail-fast --profile deb
if ! wait "$PACKAGE_TOOL"; then
  cat target/package-tool.log >&2
  echo "test: cargo-deb could not be installed (above)" >&2
  exit 1
fi
# The Debian package, unpacked and run with the checkout hidden (issue 16); and the
# tournament build's, without the engine and the network (issues 31, 33).
step "package" scripts/test-package.sh
step "tournament package" scripts/test-package.sh --tournament

if ! wait "$CROSS_SETUP"; then
  cat "$CROSS_SETUP_LOG" >&2
  echo "test: the cross toolchains could not be set up (above)" >&2
  exit 1
fi
case "$CROSS" in *windows*|*aarch64*)
  printf 'test: %-34s %5d s (beside the steps above)\n' "setup (cross toolchains)" \
    "$(( $(cat target/cross-setup.end) - CROSS_SETUP_BEGUN ))" | tee -a "$TIMES" >&2 ;;
esac

# Windows (x86_64, under Wine) and aarch64 Linux (a Raspberry Pi, under qemu): each built
# once, in the packages' release profile (target/cross/), for its tests and its package.
# ANNEXD_CROSS=windows or aarch64 runs one of them, none neither (the cross builds are most
# of this command's time: docs/install.md has the figures).
case "$CROSS" in *windows*)
  step "windows: build and tests" scripts/test-windows.sh
  step "windows: zip" scripts/test-package-windows.sh
  step "windows: tournament zip" scripts/test-package-windows.sh --tournament ;;
esac
case "$CROSS" in *aarch64*)
  step "aarch64: build and tests" scripts/test-aarch64.sh
  step "aarch64: package" scripts/test-package.sh --arch arm64 ;;
esac
printf 'test: %-34s %5d s\n' "whole" "$(( $(date +%s) - START ))" | tee -a "$TIMES" >&2
echo "test: every step passed; the times are in $TIMES" >&2
