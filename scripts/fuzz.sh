#!/usr/bin/env bash
# The long fuzzing runs of docs/reliability.md and docs/fuzzing.md (not part of the tests,
# which run the same harnesses for seconds). Needs the nightly toolchain (for the sanitizer
# coverage libFuzzer uses); installs cargo-fuzz once.
#
#   scripts/fuzz.sh [SECONDS] [TARGET ...]    default: 600 s, session_lines
#
# Each target runs for SECONDS with one job; seeds go to fuzz/corpus/<target> (git-ignored),
# a crash to fuzz/artifacts/<target>. The last lines of each run (runs, coverage, corpus)
# are printed for docs/reliability.md.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${1:-600}
shift || true
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(session_lines)

say() { printf 'fuzz: %s\n' "$*" >&2; }

rustup toolchain list | grep -q '^nightly' || { say "installing the nightly toolchain"; rustup toolchain install nightly --profile minimal; }
command -v cargo-fuzz >/dev/null || { say "installing cargo-fuzz"; cargo install cargo-fuzz --locked; }

# A few typed games as seeds: the first byte is the setup (language, seat, clock, peg board).
seed_dir=fuzz/corpus/session_lines
mkdir -p "$seed_dir"
printf '\x04Eva vier\n\nEva fünf\n\nSpringer Felix drei\nRemis\n\nannehmen\n' >"$seed_dir/seed-draw"
printf '\x05e2e4\n\ne7e5\n\nclaim\nZeit\nSchiedsrichter zurück 2\nresign\n' >"$seed_dir/seed-en"
printf '\x00f3\ne5\ng4\nQh4\nreklamieren\n\xff\x00\x1b[A\r\n' >"$seed_dir/seed-mate"

cd fuzz
for target in "${TARGETS[@]}"; do
    dict=()
    [ -f "dict/$target.dict" ] && dict=("-dict=dict/$target.dict")
    say "$target for ${SECONDS_EACH}s"
    log=$(mktemp)
    started=$(date +%s)
    cargo +nightly fuzz run -O --sanitizer none "$target" -- -max_total_time="$SECONDS_EACH" -max_len=512 \
        -print_final_stats=1 "${dict[@]}" 2>&1 | tee "$log" | grep -E '^#[0-9]+[[:space:]]+(INITED|DONE|pulse)' || true
    status=${PIPESTATUS[0]}
    elapsed=$(( $(date +%s) - started ))
    grep -E '^(stat::|#[0-9]+[[:space:]]+DONE|Done )' "$log" || true
    say "$target: exit $status after ${elapsed}s; corpus $(ls "corpus/$target" | wc -l) inputs"
    rm -f "$log"
    [ "$status" -eq 0 ] || exit "$status"
done
