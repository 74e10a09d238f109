#!/bin/sh
# A UCI engine that answers every search with a move that is not legal (tests/engine_faults.rs).
while read -r line; do
  case "$line" in
    uci) echo "id name Cheater 1"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) echo "bestmove e1e8" ;;
  esac
done
