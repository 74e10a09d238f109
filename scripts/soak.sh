#!/usr/bin/env bash
# The long runs of docs/reliability.md (the test suite runs the same harnesses for seconds):
#
#   garbage  random bytes on the peg board's line for 60 s of games    (tests/it/soak_board.rs)
#   replug   the peg board unplugged and replugged 50 times in games    (tests/it/soak_board.rs)
#   kill     SIGKILL at 200 random moments of scripted games, resumed   (tests/it/soak_kill.rs)
#   disk     the journal's disk full and read-only mid-game             (tests/it/journal_disk.rs)
#
#   scripts/soak.sh [garbage|replug|kill|disk ...]     default: all four
#
# Needs what scripts/setup.sh installs, and root for the disk runs (tmpfs, loop device).
# Each run prints its SOAK line, the figures docs/reliability.md quotes.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=("$@")
[ ${#RUNS[@]} -gt 0 ] || RUNS=(garbage replug kill disk)

run() {
    local name=$1; shift
    printf 'soak: %s\n' "$name" >&2
    local started=$SECONDS status=0 log
    log=$(mktemp)
    "$@" -- --nocapture --test-threads=1 >"$log" 2>&1 || status=$?
    grep -E '^(SOAK|test result)' "$log" || true
    if [ "$status" -ne 0 ]; then
        cat "$log" >&2
        printf 'soak: %s FAILED\n' "$name" >&2
        rm -f "$log"
        exit 1
    fi
    rm -f "$log"
    printf 'soak: %s done in %ss\n' "$name" $((SECONDS - started)) >&2
}

for r in "${RUNS[@]}"; do
    case "$r" in
        garbage) ANNEXD_SOAK_SECS=${ANNEXD_SOAK_SECS:-60} run garbage \
                     cargo test --quiet --test it soak_board::garbage_on_the_peg_line ;;
        replug)  ANNEXD_SOAK_REPLUGS=${ANNEXD_SOAK_REPLUGS:-50} run replug \
                     cargo test --quiet --test it soak_board::the_peg_board_unplugged ;;
        kill)    ANNEXD_SOAK_KILLS=${ANNEXD_SOAK_KILLS:-200} run kill \
                     cargo test --quiet --test it soak_kill:: ;;
        disk)    run disk cargo test --quiet --test it journal_disk:: ;;
        *) echo "soak: unknown run $r (garbage, replug, kill, disk)" >&2; exit 2 ;;
    esac
done
