#!/bin/sh
# A UCI engine that says its name, then never answers a search, not even a stop
# (tests/engine_faults.rs).
while read -r line; do
  case "$line" in
    uci) echo "id name Sleeper 1"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) while :; do sleep 1; done ;;
  esac
done
