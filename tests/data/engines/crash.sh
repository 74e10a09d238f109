#!/bin/sh
# A UCI engine that says its name, then crashes when asked to search (tests/engine_faults.rs).
while read -r line; do
  case "$line" in
    uci) echo "id name Crasher 1"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) echo "info depth 1 score cp 10 pv e2e4"; exit 139 ;;
  esac
done
