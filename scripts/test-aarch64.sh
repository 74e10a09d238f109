#!/usr/bin/env bash
# Runs annexd's tests built for aarch64 Linux (a Raspberry Pi) under qemu-user.
#
#   scripts/test-aarch64.sh          the README's test command runs this: the core's tests
#                                    (but two long ones, below); of the program its unit tests,
#                                    games typed through a pipe, resumed after a kill, the
#                                    journal, verify, clips to WAV and an ALSA file device
#   scripts/test-aarch64.sh --full   every test of both crates (figures in docs/install.md)
#   scripts/test-aarch64.sh ARGS…    cargo test ARGS… instead
#
# qemu runs the program 10 to 25 times slower than the machine itself, so the tests are built
# in the profile of the package (scripts/cross.sh profile, shared with scripts/package.sh
# --arch arm64): the program and the libraries they test optimised (their test programs at
# opt-level 0 but the core's unit tests: scripts/rustc-test-builds.sh), and the README's
# command runs a part of them. Serial
# ports cannot be tested under qemu 7.2 (Debian 12): it lacks the termios2 calls the
# serialport crate makes ("Function not implemented"); a real board on a Pi is on
# docs/install.md's list.
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf 'test-aarch64: %s\n' "$*" >&2; }

scripts/cross.sh setup aarch64
# qemu-user does not follow the tests into the programs they start: they start annexd behind
# it (tests/it/common/platform.rs).
export ANNEXD_TEST_RUNNER=qemu-aarch64
# The core's data-heavy tests play one case in eight here (core/tests/it/support/share.rs):
# the machine's run plays them all.
export ANNEXD_TEST_ONE_IN="${ANNEXD_TEST_ONE_IN:-8}"
PROFILE=$(scripts/cross.sh profile)
run() {
  say "cargo test --profile $PROFILE $* (aarch64, under qemu)"
  scripts/cross.sh cargo aarch64 test --profile "$PROFILE" "$@"
}
if [ "${1:-}" = --full ]; then
  shift
  run --workspace --no-fail-fast "$@"
  exit
elif [ $# -gt 0 ]; then
  run "$@"
  exit
fi
# Both crates' unit tests, then the three test programs (tests/it, core/tests/it,
# dsp/tests/it) with a filter:
# the same packages and features in both commands, so that the second builds only the test
# programs. Of the core's tests two are left to the native run and --full: they walk every
# legal move of many positions in every language (notation_roundtrip) and replay long random
# games line by line (session_lines), the same pure code on every architecture, for two
# minutes under qemu. Of the program's, games typed through a pipe, resumed after a kill, the
# journal, verify, clips to WAV and an ALSA file device (below).
status=0
run --no-fail-fast -p annexd-core -p annexd --lib || status=1
filters=()
for test in core/tests/it/*.rs; do
  test=$(basename "$test" .rs)
  case "$test" in main | notation_roundtrip | session_lines) continue ;; esac
  filters+=("$test::")
done
filters+=(play_line:: play_input:: soak_kill:: record_journal:: record_verify::)
# Of speech out, what touches the platform: the clips on an ALSA device, the clips written to
# a WAV file, the text lines, and no sound card. Its other tests (one ear, a faster rate, the
# gaps heard, the French voice's clips) vary the same pure rendering, which the machine's
# and Wine's runs test: under qemu they took 103 s of the 167 these filters ran
# (2026-11-26, one test at a time).
filters+=(
  speech_out::an_announcement_of_the_clips_backend_lands_on_the_sound_device_whole_and_audible
  speech_out::say_out_writes_the_clips_with_their_gaps
  speech_out::without_a_sound_card_the_words_come_as_a_text_line_after_one_clear_line
  speech_out::unknown_words_are_refused_with_their_place
  speech_out::the_text_backend_writes_the_words_in_the_language
)
# The resampler's and the FFT's own tests (dsp/tests/it), all of them.
filters+=(signal::)
run --no-fail-fast -p annexd-core -p annexd -p annexd-dsp --test it -- "${filters[@]}" || status=1
exit $status
