#!/bin/sh
# cargo's rustc wrapper for this workspace's own crates (.cargo/config.toml,
# `build.rustc-workspace-wrapper`): their test programs are compiled at opt-level 0, all else
# as the profile says.
#
# The test command builds everything three times (the machine, Windows, aarch64) in the
# packages' profiles (`deb`, `cross`: the two crates at opt-level 1), and at opt-level 1 the
# test programs took most of their compiling in LLVM: the program's unit tests 37 s of one
# core, its test program 35 s, the core's test program 35 s, against 11, 8 and 8 s at 0
# (docs/install.md). What they test is the libraries and the program, which stay as the
# profile says: a test program at 0 runs its own code (setting up cases, comparing, the
# simulated player) unoptimised, and calls the optimised library for the rest.
#
# The core's own unit tests for aarch64 are the exception: their build is the core's code
# itself, and at 0 it ran six times slower under qemu (31 s of the aarch64 step against 5,
# about 50 s more of processor time), more than its compiling saves (48 → 12 s). On the
# machine and under Wine, which run the code natively, they took 8 s against 1.
#
# Usage (by cargo): rustc-test-builds.sh RUSTC ARGS…
rustc=$1
shift
is_test=no
crate=""
target=""
previous=""
for arg in "$@"; do
  case "$arg" in --test) is_test=yes ;; esac
  case "$previous" in
    --crate-name) crate=$arg ;;
    --target) target=$arg ;;
  esac
  previous=$arg
done
case "$is_test:$crate:$target" in
  yes:annexd_core:aarch64*) ;;
  yes:*) exec "$rustc" "$@" -C opt-level=0 ;;
esac
exec "$rustc" "$@"
