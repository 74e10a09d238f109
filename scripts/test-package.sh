#!/usr/bin/env bash
# Proves that the Debian package works with no checkout: builds it once (scripts/package.sh),
# unpacks it (dpkg-deb -x) into a fresh folder, hides the checkout (and any installed annexd)
# in a private mount namespace, and runs the unpacked program there: --version, voices check
# and list, say --out / announce / parse / play / sheet / verify in every language it has
# voices for, clock --replay, and the messages for a missing voice and model. It also checks the RUNPATH, ldd,
# the package's Depends, the manual pages and the completions. Fails (never skips) when the
# checkout cannot be hidden. Needs root, or unprivileged user namespaces.
#
# What the build can do is checked too: the ordinary package plays Debian's Stockfish
# (`annexd engine`) and `fairplay` says it can; the tournament package (`--tournament`,
# scripts/package.sh --tournament) holds no engine code (no UCI word in the program, no
# `annexd engine`) and `fairplay` says it is a tournament build, without engine and network;
# its statement for the arbiter (and PDF), a game's sealed start, replay and verify are run.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

# `--arch arm64`: the package for aarch64 (scripts/package.sh --arch arm64), its program run
# here by qemu-user with Debian's arm64 libraries (dpkg multiarch).
ARCH=$(dpkg --print-architecture)
TOURNAMENT=""
BUILT=""
while [ $# -gt 0 ]; do
  case "$1" in
    --arch) ARCH=${2:?--arch needs amd64 or arm64}; shift 2 ;;
    --tournament) TOURNAMENT=1; shift ;;
    # The build is done (scripts/test.sh): scripts/package.sh compiles nothing.
    --built) BUILT=1; shift ;;
    *) echo "test-package: unknown option $1" >&2; exit 2 ;;
  esac
done
RUN=()
if [ "$ARCH" != "$(dpkg --print-architecture)" ]; then RUN=(qemu-aarch64); fi

DEB=$(scripts/package.sh --arch "$ARCH" ${TOURNAMENT:+--tournament} ${BUILT:+--built} | tail -n 1)
WORK=$(mktemp -d /tmp/annexd-package-test.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
dpkg-deb -x "$DEB" "$WORK/pkg"
dpkg-deb -f "$DEB" Version Depends Recommends > "$WORK/control"

# Everything the build could have reached: the checkout, and where its symlinks lead (.deps/
# and models/ may be links into another checkout).
BUILD=("$ROOT")
for link in "$ROOT/.deps" "$ROOT/target" "$ROOT"/models/*; do
  [ -e "$link" ] || continue
  real=$(realpath "$link")
  case "$real" in "$ROOT"/*) ;; *) BUILD+=("$real") ;; esac
done
# An installed annexd would be found before the unpacked one and prove nothing.
HIDE=("${BUILD[@]}")
for dir in /usr/share/annexd /usr/lib/annexd; do
  if [ -e "$dir" ]; then HIDE+=("$dir"); fi
done

cat > "$WORK/inside.sh" <<'INSIDE'
set -euo pipefail
fail() { printf 'test-package: FAIL: %s\n' "$*" >&2; exit 1; }
ok() { printf 'test-package: ok: %s\n' "$*" >&2; }

for dir in "${HIDE[@]}"; do
  # A folder inside one hidden already is gone.
  [ -e "$dir" ] || continue
  mount -t tmpfs -o ro,size=1m annexd-hidden "$dir" || fail "cannot hide $dir"
done
[ ! -e "$ROOT/Cargo.toml" ] || fail "the checkout is still visible at $ROOT"
for dir in "${HIDE[@]}"; do
  [ ! -e "$dir" ] || [ -z "$(ls -A "$dir")" ] || fail "$dir is still visible"
done
ok "checkout hidden: ${HIDE[*]}"

PKG="$WORK/pkg"
BIN="$PKG/usr/bin/annexd"
cd "$WORK"
export HOME="$WORK/home" XDG_DATA_HOME="$WORK/home/data" XDG_CONFIG_HOME="$WORK/home/config"
unset ANNEXD_VOICES LD_LIBRARY_PATH
mkdir -p "$HOME"
mentions_build_paths() { for dir in "${BUILD[@]}"; do grep -qF "$dir/" "$1" && return 0; done; return 1; }

# The program and its library: a RUNPATH relative to the program, nothing from the checkout.
runpath=$(readelf -d "$BIN" | sed -n 's/.*(\(RUNPATH\|RPATH\)).*\[\(.*\)\]/\1 \2/p')
[ "$runpath" = 'RUNPATH $ORIGIN/../lib/annexd' ] || fail "RUNPATH/RPATH is '$runpath'"
if [ ${#RUN[@]} -gt 0 ]; then
  # ldd of another architecture: its own loader lists what it loads.
  for file in "$BIN" "$PKG"/usr/lib/annexd/*.so*; do
    "${RUN[@]}" /lib/ld-linux-aarch64.so.1 --list "$file"
  done > ldd.txt
else
  ldd "$BIN" "$PKG"/usr/lib/annexd/*.so* > ldd.txt
fi
! grep -q "not found" ldd.txt || fail "a library is not found: $(cat ldd.txt)"
! mentions_build_paths ldd.txt || fail "ldd shows a path into the build: $(cat ldd.txt)"
grep -q "libvosk.so => $PKG/usr/bin/../lib/annexd/libvosk.so" ldd.txt \
  || fail "libvosk is not taken from the package: $(cat ldd.txt)"
for dir in "${BUILD[@]}"; do
  ! LC_ALL=C grep -qaF "$dir" "$BIN" || fail "the program holds the build path $dir"
done
ok "RUNPATH \$ORIGIN/../lib/annexd, ldd and the program free of build paths"

# Depends names the package of every library linked (libgcc-s1 is always there).
depends=$(sed -n 's/^Depends: //p' control)
for lib in $(readelf -d "$BIN" "$PKG"/usr/lib/annexd/*.so* \
               | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort -u); do
  # The private libraries (libvosk, libctranslate2 and its OpenMP runtime) are in the package.
  [ -e "$PKG/usr/lib/annexd/$lib" ] && continue
  # Only the package's own architecture counts (a cross toolchain's libgcc_s is no answer).
  owner=$(dpkg -S "*/$MULTIARCH/$lib" | head -n 1 | cut -d: -f1)
  [ "$owner" = libgcc-s1 ] && continue
  [[ ", $depends," == *", $owner "* || ", $depends," == *", $owner,"* ]] \
    || fail "Depends ($depends) does not name $owner, which holds $lib"
done
recommends=$(sed -n 's/^Recommends: //p' control)
for want in speech-dispatcher espeak-ng; do
  [[ ", $recommends," == *", $want,"* ]] || fail "Recommends ($recommends) lacks $want"
done
ok "Depends: $depends; Recommends: $recommends"

version=$(sed -n 's/^Version: \(.*\)-[0-9]*$/\1/p' control)
[ "$("${RUN[@]}" "$BIN" --version)" = "annexd $version" ] || fail "--version says '$("${RUN[@]}" "$BIN" --version)'"
ok "--version: annexd $version"

# Under qemu, checking every clip of every voice took 23 s of the arm64 package's 52: there
# the German voices are checked (the program's reading of clips on arm64; each language's
# clips are said below), the amd64 package's test checks every voice, the same files.
CHECK=()
if [ ${#RUN[@]} -gt 0 ]; then CHECK=(--lang de); fi
"${RUN[@]}" "$BIN" voices check "${CHECK[@]}" > check.txt 2>&1 || fail "voices check: $(cat check.txt)"
"${RUN[@]}" "$BIN" voices list > list.txt 2>&1 || fail "voices list: $(cat list.txt)"
while read -r line; do
  [[ "$line" == *": $PKG/usr/share/annexd/voices/"* ]] || fail "voice not from the package: $line"
done < list.txt
langs=$(cut -d' ' -f1 list.txt | sort -u)
for want in de en fr; do
  grep -qx "$want" <<<"$langs" || fail "no $want voice in: $(cat list.txt)"
done
ok "voices check and list: $(echo $langs) from $PKG/usr/share/annexd/voices"

for lang in $langs; do
  said=$("${RUN[@]}" "$BIN" announce --lang "$lang" startpos g1f3) || fail "announce --lang $lang"
  [ -n "$said" ] || fail "announce --lang $lang said nothing"
  [ "$("${RUN[@]}" "$BIN" parse --lang "$lang" startpos "$said")" = g1f3 ] \
    || fail "parse --lang $lang '$said' is not g1f3"
  "${RUN[@]}" "$BIN" say --lang "$lang" --out "$lang.wav" --move startpos g1f3 2> say.txt \
    || fail "say --lang $lang: $(cat say.txt)"
  seconds=$(soxi -D "$lang.wav")
  peak=$(sox "$lang.wav" -n stat 2>&1 | sed -n 's/^Maximum amplitude: *//p')
  awk -v s="$seconds" -v p="$peak" 'BEGIN { exit !(s > 0.3 && p > 0.05) }' \
    || fail "say --lang $lang: $lang.wav lasts $seconds s with peak $peak"
  # A short game typed on standard input, kept in the personal data folder.
  printf 'f3\ne5\ng4\nQh4\n' | timeout 180 "${RUN[@]}" "$BIN" play --lang "$lang" > "play-$lang.txt" 2>&1 \
    || fail "play --lang $lang: $(cat "play-$lang.txt")"
  pgn=$(ls -t "$XDG_DATA_HOME"/annexd/games/*.pgn | head -n 1)
  grep -q '1. f3 e5 2. g4 Qh4# 0-1' "$pgn" || fail "play --lang $lang: $pgn lacks the game"
  # Its sheets (liblouis' tables and the PDF's font from the system) and its seal.
  for format in pdf brf; do
    "${RUN[@]}" "$BIN" sheet --lang "$lang" --format "$format" > "sheet-$lang.txt" 2>&1 \
      || fail "sheet --lang $lang --format $format: $(cat "sheet-$lang.txt")"
  done
  "${RUN[@]}" "$BIN" verify --lang "$lang" > "verify-$lang.txt" 2>&1 \
    || fail "verify --lang $lang: $(cat "verify-$lang.txt")"
  rm "$XDG_DATA_HOME"/annexd/games/*
  ok "$lang: announce '$said', parse, say --out ($seconds s), play to mate, sheet, verify"
done
grep -qx 'Schwarz Dame Hector vier matt, schachmatt, Schwarz gewinnt' play-de.txt \
  || fail "play --lang de did not announce the mate: $(cat play-de.txt)"
grep -qx 'Noir Dame Hector vier mat, échec et mat, Noir gagne' play-fr.txt \
  || fail "play --lang fr did not announce the mate: $(cat play-fr.txt)"

printf '0 start\n20000 press\n' > replay.txt
"${RUN[@]}" "$BIN" clock --control 300 --replay replay.txt > clock.txt 2>&1 || fail "clock: $(cat clock.txt)"
grep -q '"t_ms":20000,"white_ms":280000' clock.txt || fail "clock --replay: $(cat clock.txt)"
ok "clock --replay"

# What is missing says where it was looked for, and none of it is the checkout.
! "${RUN[@]}" "$BIN" say --lang de --voice nosuch --out x.wav eins 2> voice.txt || fail "say with no voice"
for where in "$XDG_DATA_HOME/annexd/voices" /usr/share/annexd/voices "$PKG/usr/share/annexd/voices"; do
  grep -qF "$where" voice.txt || fail "a missing voice does not name $where: $(cat voice.txt)"
done
! mentions_build_paths voice.txt || fail "a missing voice names the checkout: $(cat voice.txt)"
! "${RUN[@]}" "$BIN" recognize --lang de de.wav > model.txt 2>&1 || fail "recognize with no model"
for where in "$XDG_DATA_HOME/annexd/models" /usr/share/annexd/models "$PKG/usr/share/annexd/models"; do
  grep -qF "$where" model.txt || fail "a missing model does not name $where: $(cat model.txt)"
done
! mentions_build_paths model.txt || fail "a missing model names the checkout: $(cat model.txt)"
ok "a missing voice and model say where they were looked for: $(cat model.txt)"

# A personal voice comes before the package's.
mkdir -p "$XDG_DATA_HOME/annexd/voices/de"
cp -r "$PKG/usr/share/annexd/voices/de/espeak" "$XDG_DATA_HOME/annexd/voices/de/"
"${RUN[@]}" "$BIN" voices list > list.txt
grep -qF "de espeak: $XDG_DATA_HOME/annexd/voices/de/espeak (" list.txt \
  || fail "the personal voice is not found first: $(cat list.txt)"
ok "a personal voice comes first"

# What the build can do: an engine (ordinary) or none (tournament), and fair play says so.
"${RUN[@]}" "$BIN" fairplay --lang de > fairplay.txt 2>&1 || true
uci_words=$(LC_ALL=C grep -caE 'bestmove|UCI_LimitStrength|setoption name' "$BIN" || true)
# lichess's Board API paths and the TLS library: the network code (issue 32).
network_words=$(LC_ALL=C grep -caE '/api/board/|rustls' "$BIN" || true)
if [ -n "$TOURNAMENT" ]; then
  [ "$uci_words" = 0 ] || fail "the tournament build holds the engine's UCI words"
  [ "$network_words" = 0 ] || fail "the tournament build holds network code (lichess, TLS)"
  grep -qx 'Turnierausgabe: ohne Schach-Engine und ohne Netzwerk' fairplay.txt \
    || fail "fairplay does not say it is a tournament build: $(cat fairplay.txt)"
  grep -qx 'Dieses Programm enthält keine Schach-Engine und gibt keine Zugempfehlungen' fairplay.txt \
    || fail "fairplay does not say there is no engine: $(cat fairplay.txt)"
  ! "${RUN[@]}" "$BIN" engine > engine.txt 2>&1 || fail "the tournament build has annexd engine"
  # Issue 33: the tournament build starts in tournament mode, and the installed program's
  # SHA-256 is the one fairplay names (the arbiter compares them).
  grep -qx 'Startet im Turniermodus' fairplay.txt \
    || fail "fairplay does not say the build starts in tournament mode: $(cat fairplay.txt)"
  if [ ${#RUN[@]} -eq 0 ]; then
    grep -qx "Programmdatei SHA-256: $(sha256sum "$BIN" | cut -d' ' -f1)" fairplay.txt \
      || fail "fairplay names another SHA-256 than the program's: $(cat fairplay.txt)"
  fi
  ok "tournament build: no engine code, no annexd engine, tournament mode by default; fairplay: $(head -n 3 fairplay.txt | tail -n 2 | tr '\n' ' ')"
  # The statement for the arbiter (also as PDF), a game's sealed start and its replay, by
  # the tournament build itself: an illegal move typed is completed by Enter and put to the
  # arbiter, and the journal's first line holds the mode and the program file's SHA-256.
  "${RUN[@]}" "$BIN" fairplay --statement --lang en --pdf statement.pdf > statement.txt 2>&1 \
    || fail "fairplay --statement: $(cat statement.txt)"
  grep -q '^Statement for the arbiter' statement.txt \
    || fail "fairplay --statement says no statement: $(cat statement.txt)"
  grep -qix 'tournament build: no chess engine and no network' statement.txt \
    || fail "the statement does not say it is a tournament build: $(cat statement.txt)"
  [ "$(head -c 4 statement.pdf)" = "%PDF" ] || fail "fairplay --pdf wrote no PDF"
  printf 'e4\n\nSpringer schlägt Felix sechs\n\nEnde\nja\n' \
    | timeout 180 "${RUN[@]}" "$BIN" play --lang de --speech text --journal sealed.jsonl > sealed.txt 2>&1 \
    || fail "play (tournament): $(cat sealed.txt)"
  grep -q 'Schwarz hat einen regelwidrigen Zug abgeschlossen' sealed.txt \
    || fail "play (tournament) put no illegal move to the arbiter: $(cat sealed.txt)"
  head -n 1 sealed.jsonl | grep -q '"mode":"tournament"' \
    || fail "the journal's start holds no tournament mode: $(head -n 1 sealed.jsonl)"
  if [ ${#RUN[@]} -eq 0 ]; then
    head -n 1 sealed.jsonl | grep -q "\"binary_sha256\":\"$(sha256sum "$BIN" | cut -d' ' -f1)\"" \
      || fail "the journal's start names another program file: $(head -n 1 sealed.jsonl)"
  fi
  "${RUN[@]}" "$BIN" replay sealed.jsonl --lang de > replay-game.txt 2>&1 \
    || fail "replay: $(cat replay-game.txt)"
  grep -q 'Schwarz hat einen regelwidrigen Zug abgeschlossen, der Schiedsrichter entscheidet' replay-game.txt \
    || fail "replay does not say what was put to the arbiter: $(cat replay-game.txt)"
  "${RUN[@]}" "$BIN" verify sealed.jsonl --lang de > verify-sealed.txt 2>&1 \
    || fail "verify (tournament): $(cat verify-sealed.txt)"
  grep -q 'Gespielt im Turniermodus' verify-sealed.txt \
    || fail "verify does not say the mode: $(cat verify-sealed.txt)"
  ok "tournament build: fairplay --statement (and its PDF), a game's sealed start, replay and verify"
else
  [ "$uci_words" != 0 ] || fail "the ordinary build holds no engine code"
  [ "$network_words" != 0 ] || fail "the ordinary build holds no lichess code"
  grep -q '^Dieses Programm kann gegen eine Schach-Engine spielen' fairplay.txt \
    || fail "fairplay does not say the build can play an engine: $(cat fairplay.txt)"
  grep -qx 'Startet im Heimmodus' fairplay.txt \
    || fail "fairplay does not say the ordinary build starts at home: $(cat fairplay.txt)"
  if [ ${#RUN[@]} -eq 0 ] && [ -x /usr/games/stockfish ]; then
    "${RUN[@]}" "$BIN" engine --lang en --elo 1200 > engine.txt 2>&1 \
      || fail "annexd engine: $(cat engine.txt)"
    grep -qx 'Chess engine ready: Stockfish.*' engine.txt || fail "annexd engine: $(cat engine.txt)"
    ok "plays Debian's Stockfish: $(tr '\n' ' ' < engine.txt)"
  fi
fi
if [ -n "$TOURNAMENT" ]; then
  grep -qx 'Es öffnet keine Netzwerkverbindung, nur Geräte an diesem Rechner' fairplay.txt \
    || fail "fairplay does not say there is no network: $(cat fairplay.txt)"
else
  grep -q '^Dieses Programm kann über das Netz auf lichess spielen' fairplay.txt \
    || fail "fairplay does not say the build can play on lichess: $(cat fairplay.txt)"
fi
ok "fairplay: network as built"

# A manual page for annexd and each subcommand, completions for three shells.
man=$PKG/usr/share/man/man1
zcat "$man/annexd.1.gz" > annexd.1
grep -q '^\.TH annexd 1 ' annexd.1 || fail "annexd(1) is not a manual page"
grep -q '^\.SH FILES' annexd.1 || fail "annexd(1) has no FILES"
"${RUN[@]}" "$BIN" --help > help.txt
for sub in $(sed -n '/^Commands:/,/^$/p' help.txt | awk 'NR > 1 && $1 != "help" { print $1 }'); do
  [ -f "$man/annexd-$sub.1.gz" ] || fail "no manual page for annexd $sub"
done
bash -c "source '$PKG/usr/share/bash-completion/completions/annexd' && complete -p annexd" \
  > complete.txt || fail "the bash completion does not load"
[ -s "$PKG/usr/share/zsh/vendor-completions/_annexd" ] || fail "no zsh completion"
[ -s "$PKG/usr/share/fish/vendor_completions.d/annexd.fish" ] || fail "no fish completion"
ok "manual pages and completions"
INSIDE

# The list of folders to hide travels as a bash array declaration.
MULTIARCH=$(dpkg-architecture -a "$(dpkg-deb -f "$DEB" Architecture)" -qDEB_HOST_MULTIARCH 2>/dev/null)
export ROOT WORK MULTIARCH TOURNAMENT
export HIDE_DECL
HIDE_DECL=$(declare -p BUILD HIDE RUN)
run_inside=(bash -c 'eval "$HIDE_DECL"; source "$WORK/inside.sh"')
if [ "$(id -u)" -eq 0 ]; then
  unshare --mount --propagation private "${run_inside[@]}"
elif unshare --map-root-user --mount true 2>/dev/null; then
  unshare --map-root-user --mount --propagation private "${run_inside[@]}"
else
  echo "test-package: FAIL: cannot hide the checkout: run as root, or allow user namespaces" >&2
  exit 1
fi
echo "test-package: the package works without the checkout ($DEB)" >&2
