#!/usr/bin/env bash
# Runs annexd's tests built for Windows under Wine, in a Wine prefix of their own:
#
#   scripts/test-windows.sh              every test of the core and the program but four of the
#                                        voices' data (below; the cross profile)
#   scripts/test-windows.sh ARGS…        cargo test ARGS… instead (e.g. --test it play_line::)
#
# Boards stand on COM ports: six pairs of pseudo-terminals joined by socat, each end mapped
# to a COM port of the prefix (COM11…COM16 the board's ends, COM21…COM26 the program's), and
# named to the tests in ANNEXD_TEST_COM_PAIRS (tests/it/common/platform.rs).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
say() { printf 'test-windows: %s\n' "$*" >&2; }
winpath() { printf 'Z:%s' "$(realpath -m "$1" | tr / '\\')"; }

scripts/cross.sh setup windows
command -v socat >/dev/null || scripts/setup.sh

WORK="$ROOT/target/cross/test-windows"
# The prefix scripts/cross.sh runs Windows programs in (made once).
export WINEPREFIX="$ROOT/target/cross/wine" WINEDEBUG=-all
# The core's data-heavy tests play one case in eight here (core/tests/it/support/share.rs):
# the machine's run plays them all.
export ANNEXD_TEST_ONE_IN="${ANNEXD_TEST_ONE_IN:-8}"
rm -rf "$WORK/claims" "$WORK/lines"
mkdir -p "$WORK/claims" "$WORK/lines"
scripts/cross.sh wine-prefix "$WINEPREFIX"

SOCATS=()
cleanup() {
  if [ ${#SOCATS[@]} -gt 0 ]; then kill "${SOCATS[@]}" 2>/dev/null || true; fi
  /usr/lib/wine/wineserver -k 2>/dev/null || true
}
trap cleanup EXIT
PAIRS=()
for i in 1 2 3 4 5 6; do
  socat "pty,raw,echo=0,link=$WORK/lines/board$i" "pty,raw,echo=0,link=$WORK/lines/program$i" &
  SOCATS+=($!)
done
for i in 1 2 3 4 5 6; do
  for _ in $(seq 100); do
    [ -e "$WORK/lines/board$i" ] && [ -e "$WORK/lines/program$i" ] && break
    sleep 0.05
  done
  ln -sfn "$(readlink -f "$WORK/lines/board$i")" "$WINEPREFIX/dosdevices/com1$i"
  ln -sfn "$(readlink -f "$WORK/lines/program$i")" "$WINEPREFIX/dosdevices/com2$i"
  PAIRS+=("COM1$i:COM2$i")
done
ANNEXD_TEST_COM_PAIRS=$(IFS=,; echo "${PAIRS[*]}")
ANNEXD_TEST_COM_CLAIMS=$(winpath "$WORK/claims")
export ANNEXD_TEST_COM_PAIRS ANNEXD_TEST_COM_CLAIMS

# In the profile of the download (scripts/cross.sh profile, shared with
# scripts/package-windows.sh), so that the Windows build is made once.
# Four tests of the shipped voices' data are left to the machine's run: the clips' keys and
# loudness read file by file, and the French voice's rendering on one ear, faster and clip by
# clip (pure code over the same files on every platform; about 30 s of processor time under
# Wine, where the tests of `voices check` read the same clips through annexd.exe).
if [ $# -eq 0 ]; then
  set -- --workspace --no-fail-fast --profile "$(scripts/cross.sh profile)" -- \
    --skip speech_voices::every_key_any_token_can_produce_has_a_clip_in_each_shipped_voice \
    --skip speech_voices::every_shipped_clip_is_speech_of_a_sensible_length_and_loudness \
    --skip speech_out::the_french_voice_says_a_move_clip_by_clip_in_either_word_set \
    --skip speech_out::the_french_voice_on_one_ear_and_faster
fi
say "cargo test $* (Windows, under Wine)"
scripts/cross.sh cargo windows test "$@"
