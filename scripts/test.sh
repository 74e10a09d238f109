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
# A disk that fills fails the run late, in whichever step writes next (dpkg-deb's "No space
# left on device" after fourteen minutes): said at the start instead. From nothing the run
# needs about 10 GB: 6 in target/ (three targets' builds, the Wine prefixes, the packages)
# and the rest for what it installs (MinGW, Wine, qemu, the cross libraries, the toolchains).
NEED_GB=10
FREE_GB=$(( $(df -Pk . | awk 'NR == 2 { print $4 }') / 1024 / 1024 ))
if [ "$FREE_GB" -lt "$NEED_GB" ]; then
  printf 'test: warning: %s GB free on the disk of %s; from nothing this run needs about %s GB (less when target/ and the toolchains are there already)\n' \
    "$FREE_GB" "$PWD" "$NEED_GB" >&2
fi
# The packages made here are unpacked, tested and thrown away: compressed fast (the same
# files; scripts/package.sh and package-windows.sh compress fully when run on their own).
export ANNEXD_PACKAGE_FAST=1
# Most of the program's tests wait (on a child program, a terminal, a serial line, a clock):
# more of them at once than there are cores keeps the cores busy (on two cores, 246 of them
# took 99 s with six at once, 183 s with two). Each test has its own folders and devices.
TEST_THREADS="${RUST_TEST_THREADS:-6}"
# What the machine's build needs first (packages, libvosk, libctranslate2); the models and
# the test voices, which only the tests need (mostly downloads, and two tries of a model hub
# that a machine without internet may let wait), and the cross toolchains (mostly downloads
# too: MinGW, Wine, qemu, arm64 libraries) are fetched meanwhile, beside the machine's own
# build, which is mostly computing.
step "setup (this machine)" env ANNEXD_CROSS=none scripts/setup.sh --test --no-data

# The cross lane: the cross toolchains (mostly downloads: MinGW, Wine, qemu, arm64 libraries)
# and then the Windows and aarch64 builds, in the background at a lower priority, beside this
# machine's tests, checks and packages (most of their time is waiting on a child program, a
# terminal or a clock). Each piece leaves NAME.ok or NAME.failed (and NAME.log) in $LANE; a
# step that needs one waits for it (`ready`). The two targets build in their own folders
# (scripts/cross.sh target-dir), so the one compiles while the other's tests run.
LANE=target/lane
rm -rf "$LANE"
mkdir -p "$LANE"
lane_piece() { # lane_piece NAME COMMAND…
  local name=$1 begun=$(date +%s)
  shift
  if "$@" > "$LANE/$name.log" 2>&1; then
    echo $(( $(date +%s) - begun )) > "$LANE/$name.ok"
  else
    echo $(( $(date +%s) - begun )) > "$LANE/$name.failed"
    return 1
  fi
}
# The two targets' builds go on side by side (each in its own folder): the compiling of
# one crate is mostly serial, and the other target's crates fill the second core. After the
# Windows build, its tournament build (annexd and its core without two features), and then
# the first once more: cargo links both builds' annexd.exe at one path, and the second run
# (nothing to compile) puts the tests' own program back there. Compiled beside the tests,
# the tournament build once replaced the program they start; compiled after them, by its
# zip's step, it was the last thing left running, on one core.
#
# The Windows side has more to do after its build (the tournament build, the tests under
# Wine, two zips) than the aarch64 side (its tests and package): the aarch64 build runs at a
# still lower priority, so that both sides end at about the same time, and the tournament
# build, which starts when the machine's own steps are done, at the normal one. (In the
# fresh-clone runs, with the aarch64 build at nice 10 the aarch64 side was done some 220 s
# before the Windows side, at nice 15 some 160 s after it, and at 13 still 155 s after it,
# with its package after its tests; since, the package is made beside them, at nice 12.)
windows_builds() {
  lane_piece "windows build" nice -n 10 scripts/package-windows.sh --build-only \
    && lane_piece "windows tournament build" scripts/package-windows.sh --tournament --build-only \
    && lane_piece "windows build again" scripts/package-windows.sh --build-only
}
cross_lane() {
  local windows="" aarch64="" failed=0
  case "$CROSS" in *windows*) lane_piece "windows setup" scripts/cross.sh setup windows || return ;; esac
  case "$CROSS" in *aarch64*) lane_piece "aarch64 setup" scripts/cross.sh setup aarch64 || return ;; esac
  case "$CROSS" in *windows*)
    windows_builds &
    windows=$! ;;
  esac
  case "$CROSS" in *aarch64*)
    lane_piece "aarch64 build" nice -n 12 scripts/package.sh --arch arm64 --build-only &
    aarch64=$! ;;
  esac
  if [ -n "$windows" ]; then wait "$windows" || failed=1; fi
  if [ -n "$aarch64" ]; then wait "$aarch64" || failed=1; fi
  return $failed
}
# ready NAME [PID]: waits until the lane (or the background job PID) has done NAME; if a
# piece failed (or the job ended without NAME), shows why and stops.
ready() {
  local name=$1 job=${2:-$CROSS_LANE} log
  until [ -e "$LANE/$name.ok" ]; do
    if compgen -G "$LANE/*.failed" >/dev/null || ! kill -0 "$job" 2>/dev/null; then
      [ -e "$LANE/$name.ok" ] && return 0
      for log in "$LANE"/*.log; do
        [ -e "${log%.log}.failed" ] || continue
        echo "test: $(basename "${log%.log}") failed:" >&2
        tail -n 60 "$log" >&2
      done
      echo "test: $name was not done (above)" >&2
      exit 1
    fi
    sleep 2
  done
}
cross_lane &
CROSS_LANE=$!
# The models and the test voices, beside the build (the tests wait for them).
lane_piece "data setup" env ANNEXD_CROSS=none scripts/setup.sh --test --data-only &
DATA_SETUP=$!
# A step that fails ends the command: the lane's compiling ends with it.
kill_tree() { # kill_tree PID: the process and all its descendants
  local child
  for child in $(pgrep -P "$1" || true); do kill_tree "$child"; done
  kill "$1" 2>/dev/null || true
}
TARGET_STEPS=()
end_all() {
  local pair
  kill_tree "$CROSS_LANE"
  kill_tree "$DATA_SETUP"
  for pair in "${TARGET_STEPS[@]}"; do kill_tree "${pair#*:}"; done
  disk_left
}
disk_left() { echo "test: $(df -Ph . | awk 'NR == 2 { print $4 }') free on the disk at the end" >&2; }
trap end_all EXIT

step "fmt" cargo fmt --all -- --check
# In the Debian package's profile (Cargo.toml's `deb`): the program these tests run is the
# one the package holds (scripts/package.sh compiles nothing again and only sets its RUNPATH).
step "build (this machine)" cargo test --workspace --profile deb --no-run
ready "data setup" "$DATA_SETUP"
# Strict: every prerequisite of a test (the Korean Vosk model, speech-dispatcher, dbus-daemon,
# tmux) is installed by the setup above, so a test that finds one missing fails instead of
# passing as skipped (tests/it/common/mod.rs, `missing`).
step "tests" env RUST_TEST_THREADS="$TEST_THREADS" ANNEXD_TEST_STRICT=1 cargo test --workspace --no-fail-fast --profile deb
# The checks in the same profile as the build above: its build scripts (the CTranslate2
# bridge's C++, ring's C, bindgen's runs) and procedural macros are compiled and run once
# for both; only the dependencies' check-mode metadata is made again. In the dev profile
# (Cargo.toml: the dependencies at opt-level 1, build tools included) the three took 451 s
# of processor time from nothing, in this one 172 (docs/install.md).
step "clippy" cargo clippy --quiet --profile deb --workspace --all-targets -- -D warnings
step "doc" env RUSTDOCFLAGS="-D warnings" cargo doc --quiet --profile deb --workspace --no-deps
step "check without features" cargo check --quiet --profile deb --no-default-features
step "firmware" make -s -C firmware check
# The Debian package, unpacked and run with the checkout hidden (issue 16); and the
# tournament build's, without the engine and the network (issues 31, 33).
step "package" scripts/test-package.sh
step "tournament package" scripts/test-package.sh --tournament

# Windows (x86_64, under Wine) and aarch64 Linux (a Raspberry Pi, under qemu): each built
# once, by the lane above, in the packages' release profile (target/cross/), for its tests
# and its package. ANNEXD_CROSS=windows or aarch64 runs one of them, none neither (the cross
# builds are most of this command's time: docs/install.md has the figures). The two
# targets' steps run side by side, each target's output kept in "$LANE/NAME steps.log" and
# shown when its steps are done: the package tests run one program at a time, and the
# other target's steps fill the second core. (Under load Wine now and then fails to start a
# process, error 1359: the tests start every program through tests/it/common/platform.rs's
# `Start`, which tries again, so the two targets' tests can run at once.)
windows_steps() {
  ready "windows build again"
  step "windows: tests" scripts/test-windows.sh
  step "windows: zip" scripts/test-package-windows.sh
  # (built in the lane: cargo only links its annexd.exe back in place)
  step "windows: tournament zip" scripts/test-package-windows.sh --tournament
}
# The arm64 package is made and tested beside the aarch64 tests (which hold the build
# folder's lock: it compiles nothing, `--built`), since this side is often the last and its
# steps would otherwise leave a core idle: qemu runs one program at a time for the package.
aarch64_steps() {
  local package status=0
  ready "aarch64 build"
  step "aarch64: package" scripts/test-package.sh --arch arm64 --built &
  package=$!
  step "aarch64: tests" scripts/test-aarch64.sh || status=1
  wait "$package" || status=1
  return $status
}
for target in windows aarch64; do
  case "$CROSS" in *"$target"*)
    "${target}_steps" > "$LANE/$target steps.log" 2>&1 &
    TARGET_STEPS+=("$target:$!") ;;
  esac
done
failed=""
for pair in "${TARGET_STEPS[@]}"; do
  target=${pair%%:*}
  wait "${pair#*:}" || failed="$failed $target"
  echo "test: --- $target: its steps' output ---" >&2
  cat "$LANE/$target steps.log" >&2
done
if [ -n "$failed" ]; then
  echo "test: the steps of$failed failed (above)" >&2
  exit 1
fi
wait "$CROSS_LANE"
trap - EXIT
for done in "$LANE"/*.ok; do
  [ -e "$done" ] || continue
  printf 'test: %-34s %5d s (beside the steps)\n' "$(basename "${done%.ok}")" "$(cat "$done")" \
    | tee -a "$TIMES" >&2
done
printf 'test: %-34s %5d s\n' "whole" "$(( $(date +%s) - START ))" | tee -a "$TIMES" >&2
disk_left
echo "test: every step passed; the times are in $TIMES" >&2
