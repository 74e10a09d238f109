#!/usr/bin/env bash
# Builds the Debian package of annexd and prints the .deb's path as its last line.
#
#   scripts/package.sh                then: sudo apt install ./target/debian/annexd_…_amd64.deb
#   scripts/package.sh --arch arm64   the package for a Raspberry Pi (aarch64), built here
#                                     with scripts/cross.sh: target/debian/annexd_…_arm64.deb
#
# The package holds /usr/bin/annexd (it finds libvosk through the RUNPATH
# $ORIGIN/../lib/annexd only), libvosk in /usr/lib/annexd/, the shipped voices in
# /usr/share/annexd/voices/, manual pages and shell completions generated from the command
# line definition, and the docs (docs/install.md). It installs what it needs
# (scripts/setup.sh, cargo-deb into ~/.cargo/bin) and redoes only what is out of date: the
# build is cargo's, in its own profile (target/deb/), and the .deb is made again only when
# one of its inputs is newer than it.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

say() { printf 'package: %s\n' "$*" >&2; }

ARCH=$(dpkg --print-architecture)
while [ $# -gt 0 ]; do
  case "$1" in
    --arch) ARCH=${2:?--arch needs amd64 or arm64}; shift 2 ;;
    --arch=*) ARCH=${1#--arch=}; shift ;;
    *) say "unknown option $1"; exit 2 ;;
  esac
done
case "$ARCH" in
  "$(dpkg --print-architecture)") CROSS="" ;;
  arm64) CROSS=aarch64 ;;
  *) say "no package for $ARCH here (amd64 or arm64)"; exit 2 ;;
esac

# Everything below but the last line goes to standard error: the last line is the .deb.
scripts/setup.sh >&2
if [ -n "$CROSS" ]; then scripts/cross.sh setup "$CROSS" >&2; fi

CARGO_DEB_VERSION=3.8.0
if ! cargo deb --version >/dev/null 2>&1; then
  say "installing cargo-deb $CARGO_DEB_VERSION (once, into ~/.cargo/bin)"
  cargo install --quiet --locked --version "$CARGO_DEB_VERSION" cargo-deb >&2
fi

# The packaged build: no path into this checkout (build.rs), and the libvosk it links is the
# one it ships.
export ANNEXD_PACKAGE=1
unset ANNEXD_VOSK_LIB_DIR
if [ -z "$CROSS" ]; then
  # The paths below (and cargo-deb's) are in this checkout's target/.
  export CARGO_TARGET_DIR="$ROOT/target"
  VOSK_DIR="$ROOT/.deps/vosk"
  say "building (cargo build --profile deb)"
  cargo build --quiet --locked --profile deb >&2
  BIN="$ROOT/target/deb/annexd"
  RUN=()
  DEB_TARGET=()
else
  # Built for aarch64 in target/cross/ (scripts/cross.sh), run here under qemu.
  export CARGO_TARGET_DIR="$ROOT/target/cross"
  VOSK_DIR="$ROOT/.deps/vosk-aarch64"
  say "building for aarch64 (cargo build --profile deb, scripts/cross.sh)"
  scripts/cross.sh cargo aarch64 build --quiet --locked --profile deb >&2
  BIN="$ROOT/target/cross/aarch64-unknown-linux-gnu/deb/annexd"
  RUN=(qemu-aarch64)
  DEB_TARGET=(--target aarch64-unknown-linux-gnu)
fi
# The package's libvosk is the target's (Cargo.toml's assets name this place).
mkdir -p "$ROOT/target/package-libs"
if ! cmp -s "$VOSK_DIR/libvosk.so" "$ROOT/target/package-libs/libvosk.so"; then
  cp "$VOSK_DIR/libvosk.so" "$ROOT/target/package-libs/libvosk.so"
fi

# The program finds libvosk only where the package puts it; here it is still in .deps/.
DOCS="$ROOT/target/generated-docs"
if [ ! -f "$DOCS/man/annexd.1" ] || [ "$BIN" -nt "$DOCS/man/annexd.1" ]; then
  say "generating manual pages and completions"
  rm -rf "$DOCS"
  LD_LIBRARY_PATH="$VOSK_DIR" "${RUN[@]}" "$BIN" generate-docs --out "$DOCS" >/dev/null
fi

PKGID=$(cargo pkgid --quiet -p annexd)   # path+file:///…#annexd@0.1.0
VERSION=${PKGID##*[#@]}

# Debian wants a changelog: one entry for this version, dated by the last commit (so that
# the same tree gives the same package), rewritten only when it changes.
MAINTAINER=$(sed -n 's/^maintainer = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
DATE=$(git log -1 --format=%aD 2>/dev/null || date -R)
CHANGES="$ROOT/target/generated-changelog"
printf 'annexd (%s-1) unstable; urgency=medium\n\n  * annexd %s, built from %s.\n\n -- %s  %s\n' \
  "$VERSION" "$VERSION" "$(git describe --always --dirty 2>/dev/null || echo 'a source tree')" \
  "$MAINTAINER" "$DATE" > "$CHANGES.new"
if cmp -s "$CHANGES.new" "$CHANGES"; then rm "$CHANGES.new"; else mv "$CHANGES.new" "$CHANGES"; fi

DEB="$ROOT/target/debian/annexd_${VERSION}-1_${ARCH}.deb"
INPUTS=("$BIN" "$ROOT/target/package-libs/libvosk.so" voices "$DOCS" "$CHANGES" README.md docs
        models/README.md Cargo.toml)
if [ -f "$DEB" ] && [ -z "$(find "${INPUTS[@]}" -newer "$DEB" -print -quit)" ]; then
  say "up to date"
else
  say "making the package (cargo deb)"
  mkdir -p "$(dirname "$DEB")"
  # dpkg-shlibdeps (depends = "$auto") finds the private libvosk through LD_LIBRARY_PATH.
  LD_LIBRARY_PATH="$VOSK_DIR" cargo deb --quiet --locked --profile deb --no-build \
    "${DEB_TARGET[@]}" --output "$DEB" >&2
  # cargo-deb only warns when dpkg-shlibdeps fails: a package without Depends is no package.
  if [ -z "$(dpkg-deb -f "$DEB" Depends)" ]; then
    say "dpkg-shlibdeps found no Depends for $DEB (see the warnings above)"
    rm -f "$DEB"
    exit 1
  fi
fi
echo "$DEB"
