#!/usr/bin/env bash
# Builds the Windows download of annexd and prints the zip's path as its last line:
#
#   scripts/package-windows.sh     → target/cross/windows-package/annexd-<version>-windows-x86_64.zip
#   scripts/package-windows.sh --build-only [--tournament]
#                                  only compile what the zip holds
#   scripts/package-windows.sh --tournament
#                                  → …/annexd-tournament-<version>-windows-x86_64.zip: the
#                                    tournament build, without the feature `engine` (no
#                                    chess engine code; no network code exists in either),
#                                    which `annexd fairplay` says
#
# The zip holds everything the program needs at its root, no folder in between (Windows'
# "Extract All" makes the folder, named after the zip):
#   annexd.exe                       built for x86_64-pc-windows-gnu (scripts/cross.sh), optimised
#   libvosk.dll and its MinGW runtime DLLs (libgcc_s_seh-1, libstdc++-6, libwinpthread-1)
#   liblouis.dll                     cross-built by scripts/cross.sh
#   nvdaControllerClient64.dll       NVDA's controller client, for the screen-reader output
#   share\liblouis\tables\           the Braille tables the sheets use, with what they include
#   voices\                          the shipped voices
#   fonts\                           DejaVu Sans, the PDF sheet's font
#   README.txt                       for Windows users, written to be read by a screen reader
#   licences\                        the licence of every part, and which part has which
# Never the bcryptprimitives shim of the tests (Windows has that DLL itself).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
say() { printf 'package-windows: %s\n' "$*" >&2; }

# Everything below but the last line goes to standard error: the last line is the zip.
scripts/cross.sh setup windows >&2
command -v zip >/dev/null || { scripts/setup.sh >&2; }

TOURNAMENT=""
BUILD_ONLY=""
for option in "$@"; do
  case "$option" in
    --tournament) TOURNAMENT=1 ;;
    # Only compile what the zip holds (scripts/test.sh compiles ahead, beside other steps).
    --build-only) BUILD_ONLY=1 ;;
    *) say "unknown option $option"; exit 2 ;;
  esac
done
# The zip's features are scripts/cross.sh's (the default ones a Windows build can have); the
# tournament build leaves out `engine`.
CROSS_FEATURES=()
if [ -n "$TOURNAMENT" ]; then
  CROSS_FEATURES=(env ANNEXD_CROSS_FEATURES=annexd/tts,annexd/recognition)
fi

PKGID=$(cargo pkgid --quiet -p annexd)   # path+file:///…#annexd@0.1.0
VERSION=${PKGID##*[#@]}
NAME="annexd${TOURNAMENT:+-tournament}-$VERSION"
OUT="$ROOT/target/cross/windows-package"
ZIP="$OUT/$NAME-windows-x86_64.zip"

# The program scripts/test-windows.sh tested (it holds no path into this checkout: it finds
# one when it runs, src/data_dirs.rs), by the very build of its tests (`cargo test
# --workspace`: the same packages and targets give every crate the same features), so that
# nothing is compiled again after them. The tournament build (annexd and its core without two
# features) is compiled on its own, beside a target that has the dev-dependencies (one small
# benchmark, not the tests of tests/it) so that the dependencies keep the features the tests
# gave them.
PROFILE=$(scripts/cross.sh profile)
if [ -z "$TOURNAMENT" ]; then
  say "building annexd.exe (x86_64-pc-windows-gnu: cargo test --workspace --no-run, the cross profile)"
  scripts/cross.sh cargo windows test --quiet --locked --workspace --profile "$PROFILE" --no-run >&2
else
  say "building annexd.exe (x86_64-pc-windows-gnu, the cross profile, the tournament build)"
  "${CROSS_FEATURES[@]}" scripts/cross.sh cargo windows build --quiet --locked \
    --profile "$PROFILE" --bin annexd --bench clock_realtime >&2
fi
EXE="$(scripts/cross.sh target-dir windows)/x86_64-pc-windows-gnu/$PROFILE/annexd.exe"
[ -f "$EXE" ] || { say "the build made no $EXE"; exit 1; }
[ -z "$BUILD_ONLY" ] || exit 0

STAGE="$OUT/$NAME"
rm -rf "$STAGE" "$ZIP"
mkdir -p "$STAGE/licences" "$STAGE/fonts" "$STAGE/share/liblouis/tables"
cp "$EXE" "$STAGE/"
cp "$ROOT"/.deps/vosk-windows/*.dll "$STAGE/"
cp "$ROOT/.deps/louis-windows/bin/liblouis.dll" "$STAGE/"
cp "$ROOT/.deps/nvda/nvdaControllerClient64.dll" "$STAGE/"
cp -r "$ROOT/voices" "$STAGE/voices"
cp /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf \
   /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf "$STAGE/fonts/"
# The README in Windows' line ends, so that Notepad shows its lines too.
{
  if [ -n "$TOURNAMENT" ]; then
    printf 'annexd, tournament build: it contains no chess engine and gives no move advice, and it\n'
    printf 'opens no network connection ("annexd fairplay" says so to the arbiter).\n\n'
  fi
  cat scripts/windows/README-Windows.txt
} | sed 's/$/\r/' > "$STAGE/README.txt"

# The Braille tables of the sheets (named in core/src/lang/*.rs), with every table they
# include, from liblouis' tables as built for Windows.
TABLES="$ROOT/.deps/louis-windows/share/liblouis/tables"
want=($(sed -n 's/^ *braille_table: "\(.*\)",$/\1/p' core/src/lang/*.rs | sort -u))
[ ${#want[@]} -gt 0 ] || { say "no Braille table named in core/src/lang"; exit 1; }
declare -A shipped=()
while [ ${#want[@]} -gt 0 ]; do
  table=${want[0]}
  want=("${want[@]:1}")
  [ -n "${shipped[$table]:-}" ] && continue
  [ -f "$TABLES/$table" ] || { say "the Braille table $table is not in $TABLES"; exit 1; }
  shipped[$table]=1
  cp "$TABLES/$table" "$STAGE/share/liblouis/tables/"
  want+=($(sed -n 's/^include[[:space:]]\+\([^[:space:]#]\+\).*/\1/p' "$TABLES/$table" | tr -d '\r'))
done
say "${#shipped[@]} Braille tables"

# Licences.
cp /usr/share/common-licenses/GPL-3 "$STAGE/licences/GPL-3.0.txt"
cp /usr/share/common-licenses/LGPL-2.1 "$STAGE/licences/LGPL-2.1.txt"
cp /usr/share/common-licenses/Apache-2.0 "$STAGE/licences/Apache-2.0.txt"
cp /usr/share/doc/fonts-dejavu-core/copyright "$STAGE/licences/DejaVu-fonts.txt"
cat > "$STAGE/licences/README.txt" <<EOF
Which part of annexd $VERSION for Windows is under which licence

annexd.exe: GNU General Public License, version 3 or later (GPL-3.0.txt). Its source:
the annexd repository this download was built from.

libvosk.dll (Vosk speech recognition, from the PyPI package vosk $(sed -n 's/^VOSK_VERSION=//p' scripts/cross.sh)): Apache License 2.0
(Apache-2.0.txt).

libgcc_s_seh-1.dll, libstdc++-6.dll (GCC's runtime, shipped with libvosk.dll): GNU General
Public License, version 3, with the GCC Runtime Library Exception (GPL-3.0.txt).
libwinpthread-1.dll (MinGW-w64's threads): MIT-style licence of the MinGW-w64 project.

liblouis.dll and the Braille tables in share\\liblouis\\tables (liblouis 3.7.0, built from
the source in the louis-sys crate): GNU Lesser General Public License, version 2.1 or later
(LGPL-2.1.txt); the tables are liblouis' own, and de-g1-detailed.ctb is annexd's, under the
same licence.

nvdaControllerClient64.dll (NVDA's controller client, by NV Access, from the PyPI package
accessible-output2): GNU Lesser General Public License, version 2.1 (LGPL-2.1.txt). Its
source is part of NVDA's.

fonts\\DejaVuSans*.ttf: the DejaVu fonts' licence (DejaVu-fonts.txt).

voices\\: recorded with espeak-ng; each voice's voice.toml names its licence.
EOF
sed -i 's/$/\r/' "$STAGE/licences/README.txt"

say "zipping $NAME"
# ANNEXD_PACKAGE_FAST=1 (the test command's zips, unpacked and thrown away): the same files,
# compressed faster.
LEVEL=()
if [ "${ANNEXD_PACKAGE_FAST:-}" = 1 ]; then LEVEL=(-1); fi
(cd "$STAGE" && zip -q -r -X "${LEVEL[@]}" "$ZIP" .)
# The folder is made afresh each time: once zipped, it is only a second copy on disk.
rm -rf "$STAGE"
echo "$ZIP"
