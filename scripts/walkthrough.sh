#!/usr/bin/env bash
# Produces docs/walkthrough.md by running the program: one complete game (Légal's mate) as
# the VI player hears it at a simulated peg board, the same game from the assistant's seat,
# and the VI player's seat once more in French (`--lang fr`, the Annex D words of moves
# inside French sentences). Each typed line is shown after "> "; every other line is what
# the program said.
set -euo pipefail
cd "$(dirname "$0")/.."
# ANNEXD=path/to/annexd runs a program already built (default: a release build made here).
if [ -z "${ANNEXD:-}" ]; then
  cargo build --quiet --release --bin annexd
  ANNEXD=target/release/annexd
fi
OUT=docs/walkthrough.md
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# Runs annexd with the given options, types the lines of the file $1 one by one (waiting for
# the answers), and appends the transcript to $OUT.
run_seat() {
  local lines=$1; shift
  local name; name=$(basename "$lines" .txt)
  coproc GAME { XDG_CONFIG_HOME="$WORK" "$ANNEXD" play --journal "$WORK/$name.jsonl" "$@" 2>&1; }
  local out_fd=${GAME[0]} in_fd=${GAME[1]} pid=$GAME_PID
  drain() { while IFS= read -r -t "$1" line 2>/dev/null <&"$out_fd"; do
              # Every line as said or shown; only the temporary folder is left out of paths.
              echo "${line//"$WORK"/…}" >> "$OUT"
            done; }
  drain 1.5
  while IFS= read -r typed; do
    case "$typed" in
      peg\ *) echo "(the VI player moves pegs: ${typed#peg })" >> "$OUT" ;;
      "") echo "> (Enter: clock pressed)" >> "$OUT" ;;
      *) echo "> $typed" >> "$OUT" ;;
    esac
    echo "$typed" >&"$in_fd"
    drain 0.6
  done < "$lines"
  drain 1
  wait "$pid" 2>/dev/null || true
}

cat > "$WORK/vi.txt" <<'LINES'
peg e2e4
Eva vier

Eva fünf

peg e7e5
peg g1f3
Springer Felix drei

David sechs

peg d7d6
peg f1c4
Läufer Cesar vier

Läufer Gustav vier

peg c8g4
peg b1c3
Springer Anna drei
Springer Cesar drei

Gustav sechs

peg g7g6
Zeit
peg f3e5
Springer schlägt Eva fünf

Läufer schlägt David eins

peg g4d1
peg c4f7
Läufer schlägt Felix sieben Schach

König Eva sieben

peg e8e7
peg c3d5
Springer David fünf matt
letzte Züge 2
Ende
LINES

cat > "$WORK/assistant.txt" <<'LINES'
Eva vier

Eva fünf

Springer Felix drei

David sechs

Läufer Cesar vier

Läufer Gustav vier

Springer Cesar drei

Gustav sechs

verbrauchte Zeit
Springer schlägt Eva fünf

Läufer schlägt David eins

Läufer schlägt Felix sieben

König Eva sieben

Springer David fünf
Stellung
Ende
LINES

cat > "$WORK/vi-fr.txt" <<'LINES'
peg e2e4
Eva quatre

Eva cinq

peg e7e5
peg g1f3
Cavalier Felix trois

David six

peg d7d6
peg f1c4
Fou César quatre

Fou Gustav quatre

peg c8g4
peg b1c3
Cavalier Anna trois
Springer Cesar drei

Gustav six

peg g7g6
temps
peg f3e5
Cavalier prend Eva cinq

Fou prend David un

peg g4d1
peg c4f7
Fou prend Felix sept échec

Roi Eva sept

peg e8e7
peg c3d5
Cavalier David cinq mat
derniers coups 2
fin
LINES

{
  echo "# Walkthrough: one game, as the VI player hears it, from the assistant's seat, and in French"
  echo
  echo "Produced by \`scripts/walkthrough.sh\` (it runs the program; nothing here is written by"
  echo "hand). The game is Légal's mate: 1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1"
  echo "6. Bxf7+ Ke7 7. Nd5#. Lines after \`>\` are typed (by the VI player, or by the assistant"
  echo "relaying the sighted player's moves); \`(Enter)\` presses the clock; every other line is"
  echo "what the program says (with \`--speech clips\` or \`tts\` it is also spoken)."
  echo
  echo "## The VI player's seat"
  echo
  echo "The VI player (White) moves pegs on a peg board (simulated here), announces each move"
  echo "(typed here; spoken with a microphone), and presses the clock. The sighted player's"
  echo "moves (Black) are typed by an assistant; the VI player then plays them on the peg board"
  echo "and hears whether the boards agree. Once, the VI player announces the wrong knight move"
  echo "and corrects it (D.2.8). Command: \`annexd play --board sim --control 90+30\`."
  echo
  echo '```text'
} > "$OUT"
run_seat "$WORK/vi.txt" --board sim --control 90+30
{
  echo '```'
  echo
  echo "## The assistant's seat"
  echo
  echo "An assistant (D.2.10) relays both players' moves, keeps the scoresheet and presses the"
  echo "clock; times (here the time each player has used) are said only on request. Command:"
  echo "\`annexd play --role assistant --control 90+30\`."
  echo
  echo '```text'
} >> "$OUT"
run_seat "$WORK/assistant.txt" --role assistant --control 90+30
{
  echo '```'
  echo
  echo "## En français"
  echo
  echo "The VI player's seat once more, in French (\`--lang fr\`): everything is said in French,"
  echo "and the moves in the Annex D words, the default of D.2.1 (\"Blanc Springer Felix drei\")."
  echo "The moves are typed in French words, in the Annex D words or mixed; all are understood."
  echo "With \`--words local\` (the arbiter's decision) the moves too would be French (\"Blanc"
  echo "Cavalier Felix trois\"). Command: \`annexd play --lang fr --board sim --control 90+30\`."
  echo
  echo '```text'
} >> "$OUT"
run_seat "$WORK/vi-fr.txt" --lang fr --board sim --control 90+30
echo '```' >> "$OUT"
echo "walkthrough: wrote $OUT" >&2
