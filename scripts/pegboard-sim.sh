#!/usr/bin/env bash
# A real microcontroller running the real peg-board firmware (firmware/, OpenPeg 64), for
# trying annexd without hardware: builds the firmware and the simulator if needed, starts the
# firmware on a simulated ATmega328P (simavr), prints the path of its serial line (a
# pseudo-terminal) as the first line of output, then reads lines on standard input and sets
# the switches accordingly:
#
#   UP <sq>  DOWN <sq>  KEY <name>        a peg leaves/enters a hole; a key is pressed
#   WAIT <ms>  BOUNCE <ms>  SET start|empty|<64 cells>  PRESS/RELEASE <name>
#   CHAIN broken|ok  RESET  SYNC [word]   (see firmware/sim/script.h)
#
# It prints "BEEP <ms> ms <hz> Hz" when the buzzer sounds, and ends cleanly at the end of
# input (once the last change has gone out on the line). Options go to the simulator:
#
#   --link PATH    also make PATH a symbolic link to the serial line
#   --speed X      simulated time runs X times as fast as the clock (default 1: real time)
#   --bounce MS    every change bounces for up to MS ms;  --seed N  the bounce's seed
#   --board start|empty|<64 cells>   the pegs at power-up (default: the start position)
#
# Try it:
#   scripts/pegboard-sim.sh --link /tmp/openpeg     # terminal 1: then type UP e2, DOWN e4, KEY clock
#   annexd play --board /tmp/openpeg                # terminal 2
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
for tool in avr-gcc simavr pkg-config make cc; do
  command -v "$tool" >/dev/null || { echo "pegboard-sim: $tool is missing: run scripts/setup.sh" >&2; exit 1; }
done
pkg-config --exists simavr || { echo "pegboard-sim: libsimavr-dev is missing: run scripts/setup.sh" >&2; exit 1; }
# Build output goes to standard error: standard output's first line is the serial line.
make -s --no-print-directory -C "$ROOT/firmware" build/openpeg.elf build/pegboard-sim >&2
exec "$ROOT/firmware/build/pegboard-sim" "$@" "$ROOT/firmware/build/openpeg.elf"
