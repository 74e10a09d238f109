#!/usr/bin/env bash
# Runs annexd's tests built for aarch64 Linux (a Raspberry Pi) under qemu-user.
#
#   scripts/test-aarch64.sh          a chosen part (the README's test command runs this): the
#                                    core's sessions, rules and seal, the program's unit tests,
#                                    games typed through a pipe, resumed after a kill, the
#                                    journal, verify, clips to WAV and an ALSA file device
#   scripts/test-aarch64.sh --full   every test of both crates (figures in docs/install.md)
#   scripts/test-aarch64.sh ARGS…    cargo test ARGS… instead
#
# qemu runs the program 10 to 25 times slower than the machine itself, so the tests are built
# optimised, in the profile of the package (scripts/cross.sh profile, shared with
# scripts/package.sh --arch arm64), and the README's command runs a part of them. Serial ports cannot be tested under qemu 7.2
# (Debian 12): it lacks the termios2 calls the serialport crate makes ("Function not
# implemented"); a real board on a Pi is on docs/install.md's list.
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf 'test-aarch64: %s\n' "$*" >&2; }

scripts/cross.sh setup aarch64
if [ "${1:-}" = --full ]; then
  shift
  set -- --workspace --no-fail-fast "$@"
elif [ $# -eq 0 ]; then
  set -- --no-fail-fast \
    -p annexd-core --lib --test session_core --test game_rules --test record_seal \
    -p annexd --test play_line --test play_input --test soak_kill --test record_journal \
    --test record_verify --test speech_out
fi
# qemu-user does not follow the tests into the programs they start: they start annexd behind
# it (tests/common/platform.rs).
export ANNEXD_TEST_RUNNER=qemu-aarch64
PROFILE=$(scripts/cross.sh profile)
say "cargo test --profile $PROFILE $* (aarch64, under qemu)"
exec scripts/cross.sh cargo aarch64 test --profile "$PROFILE" "$@"
