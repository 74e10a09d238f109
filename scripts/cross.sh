#!/usr/bin/env bash
# Builds and tests annexd for another platform from this Linux machine: Windows (x86_64,
# run under Wine) and aarch64 Linux (a Raspberry Pi, run under qemu-user).
#
#   scripts/cross.sh setup TARGET          install what TARGET needs (idempotent)
#   scripts/cross.sh cargo TARGET ARGS…    cargo ARGS for TARGET (e.g. build --release, test)
#   scripts/cross.sh run TARGET PROGRAM…   run a program built for TARGET (Wine, qemu)
#   scripts/cross.sh wine-prefix DIR       make a fresh Wine prefix for tests in DIR
#   scripts/cross.sh profile               the cargo profile the cross builds share
#   scripts/cross.sh target-dir TARGET     the build folder of TARGET (cargo's target dir)
#
# Features: cargo commands that build (build, test, check, clippy, doc, run) get
# `--no-default-features --features $ANNEXD_CROSS_FEATURES` unless they name features
# themselves: the default features (lichess's `online` among them: rustls builds with the
# target's C compiler) without `whisper` (libctranslate2 from the PyPI wheel is
# for x86_64 Linux only) and `ble` (btleplug needs D-Bus's library for the target, and no
# Bluetooth can be tested under Wine or qemu); only where they build the annexd package (the
# workspace, `-p annexd`, or no package named).
#
# Profile: the tests and the packages are built in one profile, `cross` (Cargo.toml), so
# that each target is compiled once for both (ANNEXD_CROSS_PROFILE names another).
#
# TARGET is `windows` (x86_64-pc-windows-gnu) or `aarch64` (also `arm64`,
# aarch64-unknown-linux-gnu).
#
# The compiler: where rustup can add the target (a machine with internet), rustup's
# toolchain with `rustup target add`; where it cannot (or ANNEXD_CROSS_TOOLCHAIN=debian),
# Debian's rustc-web with its standard library's source (rust-web-src), which builds std for
# the target (`-Zbuild-std`). The choice is made once, by `setup`, and kept in
# .deps/cross/<triple>.toolchain (ANNEXD_CROSS_CHOICES names another folder for it, and
# ANNEXD_CROSS_TARGET_DIR another build folder than target/cross: to try the other compiler
# without rebuilding the first's). The
# default toolchain is never changed: Debian's compiler is put first on PATH in this
# script's own shell only, and checked there. Builds go to target/cross/windows/ and
# target/cross/aarch64/, so that they and the host's build in target/ never rebuild each
# other, and so that one target can compile while the other's tests run (cargo locks its
# build folder for a whole command: scripts/test.sh builds aarch64 while Wine runs the
# Windows tests).
#
# What `setup` puts in .deps/ (outside git):
#   windows: vosk-windows/ (libvosk.dll and its MinGW runtime DLLs, from the PyPI wheel for
#            win_amd64), louis-windows/ (liblouis cross-built with MinGW from the source in
#            the louis-sys crate, with its tables), nvda/ (NVDA's controller client DLL,
#            from the PyPI package accessible-output2), wine/bcryptprimitives.dll (a shim
#            for tests under Wine only, never shipped);
#   aarch64: vosk-aarch64/ (libvosk.so for arm64, from the manylinux aarch64 wheel); the
#            arm64 libraries come from Debian (dpkg multiarch).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
DEPS="$ROOT/.deps"
CROSS_TARGET_DIR="${ANNEXD_CROSS_TARGET_DIR:-$ROOT/target/cross}"
WINE=/usr/lib/wine/wine64
VOSK_VERSION=0.3.45
LOUIS_SYS_VERSION=0.6.1
ACCESSIBLE_OUTPUT_VERSION=0.17
FEATURES="${ANNEXD_CROSS_FEATURES:-annexd/tts,annexd/recognition,annexd/engine,annexd/online}"
PROFILE="${ANNEXD_CROSS_PROFILE:-cross}"

say() { printf 'cross: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

# short_of TRIPLE: the target's name in build folders (windows, aarch64).
short_of() {
  case "$1" in
    x86_64-pc-windows-gnu) echo windows ;;
    aarch64-unknown-linux-gnu) echo aarch64 ;;
  esac
}

triple_of() {
  case "$1" in
    windows | x86_64-pc-windows-gnu) echo x86_64-pc-windows-gnu ;;
    aarch64 | arm64 | aarch64-unknown-linux-gnu) echo aarch64-unknown-linux-gnu ;;
    *) die "unknown target '$1' (windows or aarch64)" ;;
  esac
}

# with_apt_lock COMMAND…: one apt or dpkg change at a time among this script and
# scripts/setup.sh (scripts/test.sh fetches the test voices beside the cross setup).
with_apt_lock() { mkdir -p "$DEPS" && flock "$DEPS/apt.lock" "$@"; }

# apt_install PACKAGE… : installs those not installed yet (apt-get update once, first).
APT_UPDATED=0
apt_install() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "installing ${missing[*]}"
  if [ "$APT_UPDATED" = 0 ]; then with_apt_lock $SUDO apt-get update -qq; APT_UPDATED=1; fi
  with_apt_lock $SUDO env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Which compiler builds for a target: recorded by setup in .deps/cross/<triple>.toolchain.
toolchain_file() { echo "${ANNEXD_CROSS_CHOICES:-$DEPS/cross}/$1.toolchain"; }

choose_toolchain() { # choose_toolchain TRIPLE
  local triple=$1 file
  file=$(toolchain_file "$triple")
  [ -f "$file" ] && return 0
  mkdir -p "$(dirname "$file")"
  if [ "${ANNEXD_CROSS_TOOLCHAIN:-}" = debian ]; then
    say "$triple: Debian's rustc-web builds std for it (ANNEXD_CROSS_TOOLCHAIN=debian)"
    apt_install rustc-web cargo-web rust-web-src
    echo debian > "$file"
  elif command -v rustup >/dev/null \
     && { rustup target list --installed 2>/dev/null | grep -qx "$triple" \
          || timeout 120 rustup target add "$triple" >/dev/null 2>&1; }; then
    say "$triple: rustup's target"
    echo rustup > "$file"
  else
    say "$triple: rustup cannot add the target here; Debian's rustc-web builds std for it"
    apt_install rustc-web cargo-web rust-web-src
    echo debian > "$file"
  fi
}

# Every cross build is compiled with this cfg: Cargo.toml leaves out the dev-dependencies of
# the benchmarks and of the repository's own checks (this machine's work; the program they
# would test is the same everywhere), about twenty crates less to compile for each target.
CROSS_CFG="--cfg annexd_cross"

# Sets up this shell to build for TRIPLE: the compiler, the linker, the runner, the
# libraries' folders. Fills BUILD_STD with cargo's extra arguments.
BUILD_STD=()
use_target() { # use_target TRIPLE
  local triple=$1 file
  file=$(toolchain_file "$triple")
  [ -f "$file" ] || die "run scripts/cross.sh setup $triple first"
  export CARGO_TARGET_DIR="$CROSS_TARGET_DIR/$(short_of "$triple")"
  # Where cargo keeps what it downloads, named as rustup's cargo names it for the programs it
  # runs (Debian's does not): tests read crates' files there (core/tests/it/notation_roundtrip.rs
  # reads shakmaty's perft files), and a Windows program under Wine has no HOME to find it by.
  export CARGO_HOME="${CARGO_HOME:-$HOME/.cargo}"
  if [ "$(cat "$file")" = debian ]; then
    export PATH="/usr/bin:$PATH" RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc RUSTC_BOOTSTRAP=1
    unset RUSTUP_TOOLCHAIN
    local rustc cargo
    rustc=$(command -v rustc); cargo=$(command -v cargo)
    [ "$rustc" = /usr/bin/rustc ] && [ "$cargo" = /usr/bin/cargo ] \
      || die "Debian's rustc and cargo are not first on PATH here (rustc: $rustc, cargo: $cargo)"
    grep -qx /usr/bin/rustc < <(dpkg -L rustc-web) || die "/usr/bin/rustc is not Debian's rustc-web"
    BUILD_STD=(-Zbuild-std=std,panic_abort)
  fi
  case "$triple" in
    x86_64-pc-windows-gnu)
      export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc
      export CC_x86_64_pc_windows_gnu=x86_64-w64-mingw32-gcc
      export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_RUNNER="$WINE"
      export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_RUSTFLAGS="$CROSS_CFG"
      export WINEPREFIX="${WINEPREFIX:-$CROSS_TARGET_DIR/wine}" WINEDEBUG="${WINEDEBUG:--all}"
      # The DLLs of a development build and liblouis' tables, as Wine sees them (Z: is /).
      export WINEPATH="$(winpath "$DEPS/vosk-windows");$(winpath "$DEPS/louis-windows/bin")"
      export LOUIS_TABLEPATH
      LOUIS_TABLEPATH=$(winpath "$DEPS/louis-windows/share/liblouis/tables")
      ;;
    aarch64-unknown-linux-gnu)
      export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
      export CC_aarch64_unknown_linux_gnu=aarch64-linux-gnu-gcc
      # The arm64 libraries from Debian (multiarch), and their loader in /lib: qemu runs the
      # program with them, without -L (mixing the cross libc in makes threads spin).
      export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER=qemu-aarch64
      export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUSTFLAGS="$CROSS_CFG -L native=/usr/lib/aarch64-linux-gnu -C link-arg=-Wl,-rpath-link,/usr/lib/aarch64-linux-gnu"
      export PKG_CONFIG_ALLOW_CROSS=1 PKG_CONFIG_SYSROOT_DIR=/
      export PKG_CONFIG_LIBDIR=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig
      export BINDGEN_EXTRA_CLANG_ARGS_aarch64_unknown_linux_gnu="--target=aarch64-linux-gnu -I/usr/aarch64-linux-gnu/include -I/usr/include"
      ;;
  esac
}

winpath() { # a Unix path as Wine sees it
  printf 'Z:%s' "$(realpath -m "$1" | tr / '\\')"
}

setup_windows() {
  local triple=x86_64-pc-windows-gnu
  apt_install gcc-mingw-w64-x86-64 wine64 make unzip python3-pip
  choose_toolchain "$triple"
  # libvosk.dll and the MinGW runtime it needs, from the wheel for win_amd64.
  if [ ! -f "$DEPS/vosk-windows/libvosk.dll" ]; then
    say "fetching libvosk.dll (PyPI wheel vosk $VOSK_VERSION for win_amd64)"
    local tmp; tmp=$(mktemp -d)
    python3 -m pip download -q --no-deps --only-binary=:all: --platform win_amd64 \
      --dest "$tmp" "vosk==$VOSK_VERSION"
    mkdir -p "$DEPS/vosk-windows"
    unzip -q -o -j "$tmp"/vosk-*.whl 'vosk/*.dll' -d "$DEPS/vosk-windows"
    rm -rf "$tmp"
  fi
  # NVDA's controller client (LGPL 2.1), loaded by the screen-reader output when present.
  if [ ! -f "$DEPS/nvda/nvdaControllerClient64.dll" ]; then
    say "fetching NVDA's controller client (PyPI accessible-output2 $ACCESSIBLE_OUTPUT_VERSION)"
    local tmp; tmp=$(mktemp -d)
    python3 -m pip download -q --no-deps --only-binary=:all: --dest "$tmp" \
      "accessible-output2==$ACCESSIBLE_OUTPUT_VERSION"
    mkdir -p "$DEPS/nvda"
    unzip -q -o -j "$tmp"/accessible_output2-*.whl \
      'accessible_output2/lib/nvdaControllerClient64.dll' -d "$DEPS/nvda"
    rm -rf "$tmp"
  fi
  build_louis_for_windows
  # The shim Wine lacks (tests only).
  local shim="$DEPS/wine/bcryptprimitives.dll"
  if [ ! -f "$shim" ] || [ scripts/windows/bcryptprimitives.c -nt "$shim" ]; then
    mkdir -p "$DEPS/wine"
    x86_64-w64-mingw32-gcc -O2 -shared -o "$shim" scripts/windows/bcryptprimitives.c \
      scripts/windows/bcryptprimitives.def -lbcrypt
  fi
}

# liblouis for Windows: no package has it; the louis-sys crate carries liblouis' source
# (3.7.0, with its tables). Fetched by cargo into its own cache, unpacked, cross-built.
build_louis_for_windows() {
  local out="$DEPS/louis-windows"
  [ -f "$out/bin/liblouis.dll" ] && [ -f "$out/lib/liblouis.dll.a" ] && return 0
  say "building liblouis for Windows (source from the louis-sys $LOUIS_SYS_VERSION crate)"
  local fetch="$DEPS/louis-source"
  mkdir -p "$fetch/src"
  printf '[package]\nname = "louis-source"\nversion = "0.0.0"\nedition = "2021"\n[dependencies]\nlouis-sys = "=%s"\n[workspace]\n' \
    "$LOUIS_SYS_VERSION" > "$fetch/Cargo.toml"
  : > "$fetch/src/lib.rs"
  cargo fetch --quiet --manifest-path "$fetch/Cargo.toml"
  local crate
  crate=$(find "${CARGO_HOME:-$HOME/.cargo}/registry/cache" -name "louis-sys-$LOUIS_SYS_VERSION.crate" | head -n 1)
  [ -n "$crate" ] || die "cargo did not fetch louis-sys $LOUIS_SYS_VERSION"
  local build; build=$(mktemp -d)
  # Unpacked with its times, so that make does not try to run autotools again.
  tar xzf "$crate" -C "$build" --strip-components=2 "louis-sys-$LOUIS_SYS_VERSION/liblouis-3.7.0"
  # Only what the program and the zip use: the library (with gnulib, which it links) and
  # the tables, not the lou_* tools, which took two thirds of the build's processor time
  # (about 18 of 27 s). One make at a time: the library's .def file is made by its link,
  # which a parallel make races. Each step must succeed (`&&`: errexit does not reach into
  # a subshell whose status `||` tests).
  (
    cd "$build" \
      && ./configure -q --host=x86_64-w64-mingw32 --prefix="$out" \
        --disable-dependency-tracking --without-yaml --disable-static >/dev/null \
      && make -s -C gnulib >/dev/null 2>&1 \
      && make -s -C liblouis liblouis.la >/dev/null 2>&1 \
      && make -s -C liblouis install >/dev/null 2>&1 \
      && make -s -C tables install >/dev/null 2>&1
  ) || die "liblouis did not build for Windows (in $build)"
  rm -rf "$build"
  [ -f "$out/bin/liblouis.dll" ] || die "liblouis.dll was not made"
  install_louis_extra_tables "$out/share/liblouis/tables"
}

# Tables the sheets use that liblouis 3.7.0 does not have yet (scripts/windows/tables/).
install_louis_extra_tables() {
  local dir=$1 table
  for table in scripts/windows/tables/*; do
    [ -f "$table" ] && cp "$table" "$dir/"
  done
  return 0
}

setup_aarch64() {
  local triple=aarch64-unknown-linux-gnu
  if ! dpkg --print-foreign-architectures | grep -qx arm64; then
    say "adding the arm64 architecture to dpkg (multiarch)"
    with_apt_lock $SUDO dpkg --add-architecture arm64
    APT_UPDATED=0
  fi
  apt_install gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user libclang-dev python3-pip unzip \
    libasound2-dev:arm64 libudev-dev:arm64 libspeechd-dev:arm64 liblouis-dev:arm64 \
    libstdc++6:arm64 libatomic1:arm64 libgcc-s1:arm64
  choose_toolchain "$triple"
  if [ ! -f "$DEPS/vosk-aarch64/libvosk.so" ]; then
    say "fetching libvosk for arm64 (PyPI wheel vosk $VOSK_VERSION, manylinux aarch64)"
    local tmp; tmp=$(mktemp -d)
    python3 -m pip download -q --no-deps --only-binary=:all: --platform manylinux2014_aarch64 \
      --dest "$tmp" "vosk==$VOSK_VERSION"
    mkdir -p "$DEPS/vosk-aarch64"
    unzip -q -o -j "$tmp"/vosk-*.whl 'vosk/libvosk.so' -d "$DEPS/vosk-aarch64"
    rm -rf "$tmp"
  fi
}

# A fresh Wine prefix for tests, with the shim: a copy of one that wineboot made once and
# nothing has run in (target/cross/wine-fresh), the same files in a second instead of
# wineboot's ten or more (the tests' prefix and each zip test's own).
wine_prefix() { # wine_prefix DIR
  local dir=$1 fresh="$CROSS_TARGET_DIR/wine-fresh"
  if [ ! -f "$dir/system.reg" ]; then
    if [ ! -f "$fresh/system.reg" ]; then
      say "making a Wine prefix in $fresh"
      rm -rf "$fresh" "$fresh.making"
      mkdir -p "$(dirname "$fresh")"
      WINEPREFIX="$fresh.making" WINEDEBUG=-all "$WINE" wineboot -i >/dev/null 2>&1 || true
      # The registry reaches the disk when the prefix's wineserver ends.
      WINEPREFIX="$fresh.making" /usr/lib/wine/wineserver -w
      [ -f "$fresh.making/system.reg" ] || die "wineboot did not make a prefix in $fresh.making"
      mv "$fresh.making" "$fresh"
    fi
    say "a fresh Wine prefix in $dir"
    rm -rf "$dir"
    mkdir -p "$(dirname "$dir")"
    cp -a "$fresh" "$dir"
  fi
  # Rust's std needs ProcessPrng (bcryptprimitives.dll), which Wine 8.0 lacks.
  cp "$DEPS/wine/bcryptprimitives.dll" "$dir/drive_c/windows/system32/"
}

# Whether cargo ARGS build the annexd package: the workspace, `-p annexd`, or no package
# named (the root package).
selects_annexd() {
  local arg previous="" named=0
  for arg in "$@"; do
    case "$arg" in
      --workspace | --all) return 0 ;;
      -p | --package) named=1 ;;
      -p* | --package=*) named=1; [ "${arg#-p}" = annexd ] || [ "${arg#--package=}" = annexd ] && return 0 ;;
    esac
    case "$previous" in -p | --package) [ "$arg" = annexd ] && return 0 ;; esac
    previous=$arg
  done
  [ "$named" = 0 ]
}

# Whether cargo ARGS choose features themselves.
names_features() {
  local arg
  for arg in "$@"; do
    case "$arg" in --features* | -F* | --all-features | --no-default-features) return 0 ;; esac
  done
  return 1
}

command=${1:-}
[ -n "$command" ] || die "usage: scripts/cross.sh setup|cargo|run|wine-prefix|profile …"
shift
case "$command" in
  setup)
    for target in "$@"; do
      case "$(triple_of "$target")" in
        x86_64-pc-windows-gnu) setup_windows ;;
        aarch64-unknown-linux-gnu) setup_aarch64 ;;
      esac
    done
    ;;
  cargo)
    triple=$(triple_of "${1:?which target}")
    shift
    use_target "$triple"
    if [ "$triple" = x86_64-pc-windows-gnu ]; then wine_prefix "$WINEPREFIX"; fi
    sub=${1:?which cargo command}
    shift
    FEATURE_ARGS=()
    case "$sub" in
      build | test | check | clippy | doc | run | bench)
        if selects_annexd "$@" && ! names_features "$@"; then
          FEATURE_ARGS=(--no-default-features --features "$FEATURES")
        fi ;;
    esac
    exec cargo "$sub" "${BUILD_STD[@]}" --target "$triple" "${FEATURE_ARGS[@]}" "$@"
    ;;
  run)
    triple=$(triple_of "${1:?which target}")
    shift
    use_target "$triple"
    case "$triple" in
      x86_64-pc-windows-gnu) wine_prefix "$WINEPREFIX"; exec "$WINE" "$@" ;;
      aarch64-unknown-linux-gnu) exec qemu-aarch64 "$@" ;;
    esac
    ;;
  wine-prefix)
    wine_prefix "${1:?which folder}"
    ;;
  profile)
    echo "$PROFILE"
    ;;
  target-dir)
    echo "$CROSS_TARGET_DIR/$(short_of "$(triple_of "${1:?which target}")")"
    ;;
  *) die "unknown command '$command'" ;;
esac
