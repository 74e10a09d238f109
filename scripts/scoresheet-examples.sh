#!/usr/bin/env bash
# Regenerates the examples in docs/scoresheet.md by running the program: one game played
# with `annexd play` (typed lines; a draw offer declined, an incorrect claim, an illegal move
# taken back with its penalty, time added and a move taken back by the arbiter, castling on
# both sides, a promotion, a resignation) whose sheets play writes at the end; page one of its PDF as a PNG
# (docs/scoresheet-page1.png, pdftoppm), the first Braille page, `annexd verify` on the
# journal as written and after one time in it was changed, and `annexd fairplay`. The text
# between the markers <!-- examples:begin --> and <!-- examples:end --> is replaced.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
# ANNEXD=path/to/annexd runs a program already built (default: a release build made here).
if [ -z "${ANNEXD:-}" ]; then
  cargo build --quiet --release --bin annexd
  ANNEXD="$ROOT/target/release/annexd"
fi
ANNEXD=$(realpath "$ANNEXD")
DOC=docs/scoresheet.md
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/config/annexd"
cat > "$WORK/config/annexd/annexd.toml" <<'TOML'
[game]
white = "Anna Weiß"
black = "Élodie Noël"
event = "Offene Stadtmeisterschaft"
site = "Köln"
round = "3"
board = "12"

[record]
sheets = ["pdf", "brf", "txt"]
TOML

# The game: moves in English SAN or Annex D words, commands in German, "" presses the clock.
cat > "$WORK/moves.txt" <<'LINES'
e4

d5

exd5

c6

dxc6

Nf6

Nc3

e6
Remis

Remis ablehnen
d4

Be7

Bf4

O-O

Qd2

Reklamation
ja
Qb6

O-O-O

Schiedsrichter regelwidrig Weiß
Schiedsrichter weiter
O-O-O

Nbd7

cxb7

Schiedsrichter Zeit Schwarz 60
Schiedsrichter weiter
Rb8

Nb5

Schiedsrichter zurück 1
Schiedsrichter weiter
bxc8=Q

Rfxc8

aufgeben Weiß
ja
Ende
LINES

cd "$WORK"
XDG_CONFIG_HOME="$WORK/config" "$ANNEXD" play --journal game.jsonl --control 90+30 \
  < moves.txt > play.txt 2>&1
grep -q "Prüfcode" play.txt || { echo "scoresheet-examples: the game did not end:"; cat play.txt; exit 1; } >&2
pdftoppm -png -r 72 -f 1 -l 1 -singlefile game.pdf "$ROOT/docs/scoresheet-page1"

{
  echo '<!-- examples:begin -->'
  echo '<!-- Made by scripts/scoresheet-examples.sh; run it again after changing what the sheets say. -->'
  echo
  echo '### The end of the game'
  echo
  echo 'What `annexd play` said after the resignation (with `sheets = ["pdf", "brf", "txt"]`):'
  echo
  echo '```'
  sed -n '/gibt auf/,$p' play.txt
  echo '```'
  echo
  echo '### The printed sheet (page one)'
  echo
  echo '![Page one of the PDF scoresheet](scoresheet-page1.png)'
  echo
  echo '### The Braille sheet (the first page of game.brf, Braille ASCII)'
  echo
  echo '```'
  awk 'BEGIN { RS = "\f" } NR == 1 { printf "%s", $0 }' game.brf | tr -d '\r'
  echo '```'
  echo
  echo '### `annexd verify` on the journal as written'
  echo
  echo '```'
  echo '$ annexd verify game.jsonl'
  "$ANNEXD" verify game.jsonl --lang de || true
  echo '```'
  echo
  # One time changed by hand: White's clock when 1. e4 was completed (the first press).
  line=$(grep -n '"type":"press"' game.jsonl | head -n 1 | cut -d: -f1)
  sed -i "${line}s/\"white_ms\":\([0-9]*\)/\"white_ms\":9\1/" game.jsonl
  grep -q '"white_ms":9' game.jsonl || { echo "scoresheet-examples: the edit did not take" >&2; exit 1; }
  echo '### `annexd verify` after one time in it was changed by hand'
  echo
  echo "(White's clock when 1. e4 was completed, line $line of the journal, given more time with"
  echo 'a text editor.)'
  echo
  echo '```'
  echo '$ annexd verify game.jsonl'
  "$ANNEXD" verify game.jsonl --lang de || echo "(exit code $?)"
  echo '```'
  echo
  echo '### `annexd fairplay`'
  echo
  echo '```'
  echo '$ annexd fairplay game.jsonl --lang en'
  "$ANNEXD" fairplay game.jsonl --lang en
  echo '```'
  echo
  echo '### `annexd fairplay` before the first game'
  echo
  echo '```'
  echo '$ annexd fairplay'
  XDG_DATA_HOME="$WORK/no-games" "$ANNEXD" fairplay --lang de | sed "s|$WORK|…|"
  echo '```'
  echo
  echo '<!-- examples:end -->'
} > examples.md

cd "$ROOT"
python3 - "$DOC" "$WORK/examples.md" <<'PY'
import sys
doc, examples = sys.argv[1], open(sys.argv[2]).read()
text = open(doc).read()
begin, end = text.index("<!-- examples:begin -->"), text.index("<!-- examples:end -->") + len("<!-- examples:end -->\n")
open(doc, "w").write(text[:begin] + examples + text[end:])
PY
echo "scoresheet-examples: $DOC and docs/scoresheet-page1.png written" >&2
