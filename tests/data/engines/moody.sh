#!/bin/sh
# A UCI engine that crashes in its first search and hangs in the search of its second start,
# ignoring stop (tests/it/play_engine.rs): the game must say both and go on. $MOODY_STATE
# names a file that counts the starts.
starts=$(cat "$MOODY_STATE" 2>/dev/null || echo 0)
starts=$((starts + 1))
echo "$starts" > "$MOODY_STATE"
while read -r line; do
  case "$line" in
    uci) echo "id name Moody $starts"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*)
      if [ "$starts" -eq 1 ]; then exit 139; fi
      while :; do sleep 1; done ;;
  esac
done
