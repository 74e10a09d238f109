#!/usr/bin/env bash
# Proves that the Windows download works with no checkout: builds it (scripts/package-windows.sh),
# unpacks it into C:\annexd of a fresh Wine prefix, hides the checkout (and DejaVu's fonts,
# which the zip must bring itself) in a private mount namespace, and runs the unpacked
# annexd.exe there: --version, voices check; a game typed in German on the simulated peg
# board (`play --board sim --speech text`) to mate; a game killed in the middle and
# continued by `resume` (started with the default speech, which loads NVDA's controller client
# from the zip); `sheet --format pdf` and `--format brf`; `verify`; and a peg board
# on a COM port of the prefix mapped to a pseudo-terminal, where Linux's `annexd board-sim`
# plays the board. Outside, the PDF is read with pdftotext and the Braille sheet compared
# byte for byte with the one annexd for Linux makes of the same journal. Games are driven
# line by line by scripts/windows/drive.py. Needs root, or unprivileged user namespaces.
#
# `--tournament` tests the tournament build's zip the same way (scripts/package-windows.sh
# --tournament), and besides that it holds no engine code and says so in `fairplay`; the
# ordinary zip's `fairplay` says it can play an engine, and `annexd engine` says there is none
# installed.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
say() { printf 'test-package-windows: %s\n' "$*" >&2; }

TOURNAMENT=""
case "${1:-}" in
  "") ;;
  --tournament) TOURNAMENT=1 ;;
  *) say "unknown option $1"; exit 2 ;;
esac
ZIP=$(scripts/package-windows.sh ${TOURNAMENT:+--tournament} | tail -n 1)
# annexd for Linux, to play the peg board beside the game and to make the reference sheet:
# the test command's own build (scripts/test.sh), so that nothing is compiled again. A plain
# `cargo build` would not do: without the tests' dev-dependencies some dependencies get
# other features, and the core and annexd were compiled a third time (150 s of the
# fresh-clone run's 1452 s).
cargo test --quiet --locked --workspace --profile deb --no-run
LINUX_ANNEXD="$ROOT/target/deb/annexd"

WORK=$(mktemp -d /tmp/annexd-windows-package-test.XXXXXX)
cleanup() {
  WINEPREFIX="$WORK/wine" /usr/lib/wine/wineserver -k 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT
export WINEPREFIX="$WORK/wine" WINEDEBUG=-all
unset WINEPATH LOUIS_TABLEPATH
scripts/cross.sh wine-prefix "$WINEPREFIX"
# Everything at the zip's root, as "Extract All" into C:\annexd leaves it.
# (The listing read whole: `grep -q` stopping early would kill unzip with SIGPIPE, which
# pipefail counts as a failure once the listing outgrows the pipe's buffer.)
grep -qx 'annexd.exe' < <(unzip -Z1 "$ZIP") || { say "FAIL: annexd.exe is not at the zip's root"; exit 1; }
unzip -q "$ZIP" -d "$WINEPREFIX/drive_c/annexd"
README="$WINEPREFIX/drive_c/annexd/README.txt"
for wanted in 'Windows 10 or later' 'chesslink:COM4' 'Ende in German' 'quit in English' 'fin in French'; do
  tr -d '\r' < "$README" | tr '\n' ' ' | grep -q "$wanted" || { say "FAIL: README.txt lacks: $wanted"; exit 1; }
done
# Copies of what runs beside the game, taken before the checkout is hidden.
mkdir -p "$WORK/linux"
cp "$LINUX_ANNEXD" "$WORK/linux/annexd"
cp .deps/vosk/libvosk.so "$WORK/linux/"
# (and, where it is built with the Whisper engine, libctranslate2 with its OpenMP runtime)
for lib in .deps/ctranslate2/lib/libctranslate2-*.so.* .deps/ctranslate2/lib/libgomp-*.so.*; do
  [ -f "$lib" ] && cp "$lib" "$WORK/linux/"
done
cp scripts/windows/drive.py "$WORK/"

BUILD=("$ROOT")
for link in "$ROOT/.deps" "$ROOT/target" "$ROOT"/models/*; do
  [ -e "$link" ] || continue
  real=$(realpath "$link")
  case "$real" in "$ROOT"/*) ;; *) BUILD+=("$real") ;; esac
done
HIDE=("${BUILD[@]}" /usr/share/fonts/truetype/dejavu)

cat > "$WORK/inside.sh" <<'INSIDE'
set -euo pipefail
fail() { printf 'test-package-windows: FAIL: %s\n' "$*" >&2; exit 1; }
ok() { printf 'test-package-windows: ok: %s\n' "$*" >&2; }
for dir in "${HIDE[@]}"; do
  [ -e "$dir" ] || continue
  mount -t tmpfs -o ro,size=1m annexd-hidden "$dir" || fail "cannot hide $dir"
done
[ ! -e "$ROOT/Cargo.toml" ] || fail "the checkout is still visible at $ROOT"
ok "hidden: ${HIDE[*]}"

cd "$WORK"
WINE=/usr/lib/wine/wine64
# One Wine server for every program below, started here rather than by the first of them:
# the games are killed with their process group, which must not take the server along (its
# object dumps on the way out are kept off the log).
/usr/lib/wine/wineserver -p 2>/dev/null
EXE='C:\annexd\annexd.exe'
EXE_JSON='C:\\annexd\\annexd.exe'   # the same in the steps' JSON
run() { "$WINE" "$EXE" "$@"; }
GAMES="$WINEPREFIX/drive_c/users/$(id -un)/AppData/Roaming/annexd/data/games"
export LD_LIBRARY_PATH="$WORK/linux"

[ "$(run --version | tr -d '\r')" = "annexd $VERSION" ] || fail "--version: $(run --version)"
run voices check > check.txt 2>&1 || fail "voices check: $(cat check.txt)"
run voices list | tr -d '\r' > list.txt
grep -q '^de espeak: C:\\annexd\\voices\\de\\espeak' list.txt || fail "voices not from C:\\annexd: $(cat list.txt)"
ok "--version, voices check and list (from C:\\annexd\\voices)"

# A game typed in German on the simulated peg board, to mate.
cat > mate.json <<EOF
{"seconds": 60, "steps": [
  ["start", "game", ["$WINE", "$EXE_JSON", "play", "--board", "sim", "--speech", "text", "--control", "90+30"]],
  ["expect", "game", "neue Partie"], ["exact", "game", "Brett verbunden"],
  ["type", "game", "peg f2f3"], ["expect", "game", "bitte ansagen"],
  ["type", "game", "Felix drei"], ["exact", "game", "Weiß Felix drei"], ["type", "game", ""],
  ["type", "game", "Eva fünf"], ["exact", "game", "Schwarz Eva fünf"], ["type", "game", ""],
  ["type", "game", "peg e7e5"], ["exact", "game", "Bretter stimmen überein"],
  ["type", "game", "peg g2g4"], ["expect", "game", "bitte ansagen"],
  ["type", "game", "Gustav vier"], ["exact", "game", "Weiß Gustav vier"], ["type", "game", ""],
  ["type", "game", "Dame Hector vier"],
  ["exact", "game", "Schwarz Dame Hector vier matt, schachmatt, Schwarz gewinnt"],
  ["type", "game", "Ende"], ["exact", "game", "gespeichert"], ["wait", "game", 0]
]}
EOF
python3 drive.py mate.json || fail "the game to mate"
MATE=$(ls "$GAMES"/*.jsonl | head -n 1)
grep -q '2... Qh4# 0-1' "${MATE%.jsonl}.pgn" || fail "the PGN lacks the mate: $(cat "${MATE%.jsonl}.pgn")"
ok "a game typed in German on the simulated peg board, to mate: $(basename "$MATE")"

# Its sheets and its seal.
WIN_MATE="C:\\users\\$(id -un)\\AppData\\Roaming\\annexd\\data\\games\\$(basename "$MATE")"
for format in pdf brf; do
  run sheet --format "$format" "$WIN_MATE" > "sheet-$format.txt" 2>&1 \
    || fail "sheet --format $format: $(cat "sheet-$format.txt")"
  [ -s "${MATE%.jsonl}.$format" ] || fail "no $format sheet"
done
run verify "$WIN_MATE" | tr -d '\r' > verify.txt || fail "verify: $(cat verify.txt)"
grep -qx 'Aufzeichnung versiegelt und unversehrt, [0-9]* Zeilen' verify.txt || fail "verify: $(cat verify.txt)"
cp "${MATE%.jsonl}".* "$WORK/"
ok "sheet --format pdf and brf, verify: $(grep -m1 '^Aufzeichnung' verify.txt)"

# What the build can do: an engine (ordinary) or none (tournament), and fair play says so.
run fairplay "$WIN_MATE" | tr -d '\r' > fairplay.txt || fail "fairplay: $(cat fairplay.txt)"
uci_words=$(LC_ALL=C grep -caE 'bestmove|UCI_LimitStrength|setoption name' "$WINEPREFIX/drive_c/annexd/annexd.exe" || true)
if [ -n "$TOURNAMENT" ]; then
  [ "$uci_words" = 0 ] || fail "the tournament build holds the engine's UCI words"
  grep -qx 'Turnierausgabe: ohne Schach-Engine und ohne Netzwerk' fairplay.txt \
    || fail "fairplay does not say it is a tournament build: $(cat fairplay.txt)"
  ! run engine > engine.txt 2>&1 || fail "the tournament build has annexd engine"
  ok "tournament build: no engine code, no annexd engine, fairplay says so"
else
  [ "$uci_words" != 0 ] || fail "the ordinary build holds no engine code"
  grep -q '^Dieses Programm kann gegen eine Schach-Engine spielen' fairplay.txt \
    || fail "fairplay does not say the build can play an engine: $(cat fairplay.txt)"
  ! run engine > engine.txt 2>&1 || fail "annexd engine found an engine in a bare prefix"
  tr -d '\r' < engine.txt | grep -q '^annexd: keine Schach-Engine gefunden' \
    || fail "annexd engine without one: $(cat engine.txt)"
  ok "fairplay: an engine can be played; annexd engine says none is installed"
fi
if [ -n "$TOURNAMENT" ]; then
  grep -qx 'Es öffnet keine Netzwerkverbindung, nur Geräte an diesem Rechner' fairplay.txt \
    || fail "fairplay does not say there is no network: $(cat fairplay.txt)"
else
  grep -q '^Dieses Programm kann über das Netz auf lichess spielen' fairplay.txt \
    || fail "fairplay does not say the build can play on lichess: $(cat fairplay.txt)"
fi

# A game killed in the middle (as a crash or a power cut would) goes on with resume.
cat > kill.json <<EOF
{"seconds": 60, "steps": [
  ["start", "game", ["$WINE", "$EXE_JSON", "play", "--control", "90+30"]],
  ["expect", "game", "neue Partie"],
  ["exact", "game", "Sprache über NVDA"],
  ["type", "game", "Eva vier"], ["exact", "game", "Weiß Eva vier"], ["type", "game", ""],
  ["type", "game", "Cesar fünf"], ["exact", "game", "Schwarz Cesar fünf"],
  ["kill", "game"],
  ["start", "again", ["$WINE", "$EXE_JSON", "resume", "--speech", "text"]],
  ["expect", "again", "Partie fortgesetzt"],
  ["type", "again", "FEN"],
  ["expect", "again", "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq"],
  ["type", "again", "Springer Felix drei"], ["exact", "again", "Weiß Springer Felix drei"],
  ["type", "again", "Ende"], ["expect", "again", "ja oder nein"], ["type", "again", "ja"],
  ["exact", "again", "gespeichert, weiter mit annexd resume"],
  ["wait", "again", 0]
]}
EOF
python3 drive.py kill.json || fail "resume after a kill"
ok "the default speech loads NVDA's controller client and says so (under Wine its test answers as if NVDA ran); a game killed in the middle goes on with resume"

# A peg board on a COM port of the prefix: a pseudo-terminal made by Linux's annexd
# board-sim, mapped to COM5. The game is given its own journal: started within the second
# the last one was, it would get the same name (and a name like com5.jsonl would be the port
# itself: Windows reserves COM1…COM9 with any extension).
cat > com.json <<EOF
{"seconds": 60, "steps": [
  ["start", "board", ["$WORK/linux/annexd", "board-sim", "--link", "$WORK/peg-board"]],
  ["expect", "board", "$WORK/peg-board"],
  ["start", "game", ["$WINE", "$EXE_JSON", "play", "--board", "COM5", "--speech", "text",
                     "--journal", "C:\\\\peg-board.jsonl"]],
  ["expect", "game", "neue Partie"], ["exact", "game", "Brett verbunden"],
  ["type", "board", "g1f3"], ["expect", "game", "bitte ansagen"],
  ["type", "game", "Springer Felix drei"], ["exact", "game", "Weiß Springer Felix drei"],
  ["type", "game", ""],
  ["type", "game", "Springer Felix sechs"], ["exact", "game", "Schwarz Springer Felix sechs"],
  ["type", "game", ""],
  ["type", "board", "g8f6"], ["exact", "game", "Bretter stimmen überein"],
  ["type", "game", "Ende"], ["expect", "game", "ja oder nein"], ["type", "game", "ja"],
  ["exact", "game", "gespeichert, weiter mit annexd resume"],
  ["wait", "game", 0]
]}
EOF
# The link appears when board-sim has made the pseudo-terminal: drive.py waits for its line,
# the COM port is mapped as soon as the link is there.
( for _ in $(seq 200); do
    [ -e "$WORK/peg-board" ] && { ln -sfn "$WORK/peg-board" "$WINEPREFIX/dosdevices/com5"; break; }
    sleep 0.05
  done ) &
python3 drive.py com.json || fail "a peg board on COM5"
ok "a peg board on COM5 (a pseudo-terminal) plays a game"
INSIDE

export ROOT WORK VERSION HIDE_DECL TOURNAMENT
VERSION=$(basename "$ZIP" | sed 's/^annexd\(-tournament\)\{0,1\}-\(.*\)-windows-x86_64\.zip$/\2/')
HIDE_DECL=$(declare -p BUILD HIDE)
run_inside=(bash -c 'eval "$HIDE_DECL"; source "$WORK/inside.sh"')
if [ "$(id -u)" -eq 0 ]; then
  unshare --mount --propagation private "${run_inside[@]}"
elif unshare --map-root-user --mount true 2>/dev/null; then
  unshare --map-root-user --mount --propagation private "${run_inside[@]}"
else
  say "FAIL: cannot hide the checkout: run as root, or allow user namespaces"
  exit 1
fi

# Outside again: the PDF read back, the Braille sheet the same as Linux's.
JOURNAL=$(ls "$WORK"/*.jsonl | head -n 1)
pdftotext -layout "${JOURNAL%.jsonl}.pdf" - > "$WORK/pdf.txt"
for wanted in 'Dh4#' 'Ergebnis: 0-1' 'Prüfcode:'; do
  grep -qF "$wanted" "$WORK/pdf.txt" || { say "FAIL: the PDF lacks '$wanted'"; exit 1; }
done
pdffonts "${JOURNAL%.jsonl}.pdf" | grep -q DejaVuSans || { say "FAIL: the PDF's font is not the zip's DejaVu Sans"; exit 1; }
cp "$JOURNAL" "$WORK/linux-reference.jsonl"
"$LINUX_ANNEXD" sheet --format brf --out "$WORK/linux-reference.brf" "$WORK/linux-reference.jsonl" >/dev/null
cmp -s "${JOURNAL%.jsonl}.brf" "$WORK/linux-reference.brf" \
  || { say "FAIL: the Braille sheet made on Windows differs from Linux's"; diff <(tr -d '\r' < "${JOURNAL%.jsonl}.brf") <(tr -d '\r' < "$WORK/linux-reference.brf") >&2 || true; exit 1; }
say "ok: the PDF reads back in DejaVu Sans; the Braille sheet is Linux's byte for byte"
say "the Windows download works without the checkout ($ZIP)"
