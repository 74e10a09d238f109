#!/usr/bin/env bash
# Builds the Debian package of annexd and prints the .deb's path as its last line.
#
#   scripts/package.sh                then: sudo apt install ./target/debian/annexd_…_amd64.deb
#   scripts/package.sh --arch arm64   the package for a Raspberry Pi (aarch64), built here
#                                     with scripts/cross.sh: target/debian/annexd_…_arm64.deb
#   scripts/package.sh --install-tool only cargo-deb (compiled from source once)
#   scripts/package.sh --tournament   the tournament build: the same program without the
#                                     feature `engine` (no chess engine code; no network code
#                                     exists in either), which `annexd fairplay` says:
#                                     target/debian/annexd-tournament_…_amd64.deb (it
#                                     conflicts with annexd: both are /usr/bin/annexd)
#   scripts/package.sh --build-only   (with the others) only compile what the package holds
#                                     (scripts/test.sh compiles ahead, beside other steps)
#
# The package holds /usr/bin/annexd (it finds its private libraries through the RUNPATH
# $ORIGIN/../lib/annexd only), libvosk (and, for amd64, the Whisper engine's libctranslate2)
# in /usr/lib/annexd/, the shipped voices in /usr/share/annexd/voices/, manual pages and
# shell completions generated from the command line definition, and the docs
# (docs/install.md). It installs what it needs (scripts/setup.sh, cargo-deb into
# ~/.cargo/bin) and redoes only what is out of date: the build is cargo's, in its own profile
# (target/deb/; for arm64 scripts/cross.sh's, in target/cross/), the test command's own, so
# that the package holds the very program the tests ran (only its RUNPATH is set, with
# patchelf, to the package's folder); the .deb is made again only when one of its inputs is
# newer than it.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

say() { printf 'package: %s\n' "$*" >&2; }

# cargo-deb, the tool that makes the .deb, compiled from source once into ~/.cargo/bin.
CARGO_DEB_VERSION=3.8.0
install_tool() {
  if ! cargo deb --version >/dev/null 2>&1; then
    say "installing cargo-deb $CARGO_DEB_VERSION (once, into ~/.cargo/bin)"
    cargo install --quiet --locked --version "$CARGO_DEB_VERSION" cargo-deb >&2
  fi
}

ARCH=$(dpkg --print-architecture)
TOURNAMENT=""
BUILD_ONLY=""
while [ $# -gt 0 ]; do
  case "$1" in
    # Only the tool, nothing else (scripts/test.sh compiles it while its setup downloads).
    --install-tool) install_tool; exit 0 ;;
    --arch) ARCH=${2:?--arch needs amd64 or arm64}; shift 2 ;;
    --arch=*) ARCH=${1#--arch=}; shift ;;
    --tournament) TOURNAMENT=1; shift ;;
    --build-only) BUILD_ONLY=1; shift ;;
    *) say "unknown option $1"; exit 2 ;;
  esac
done
case "$ARCH" in
  "$(dpkg --print-architecture)") CROSS="" ;;
  arm64) CROSS=aarch64 ;;
  *) say "no package for $ARCH here (amd64 or arm64)"; exit 2 ;;
esac
# The tournament build: the default features but `engine` (Cargo.toml), its own manual pages
# (no `annexd engine`) and its own package name (Cargo.toml's deb variant "tournament").
FEATURES=()
VARIANT=()
PACKAGE=annexd
DOCS="$ROOT/target/generated-docs"
if [ -n "$TOURNAMENT" ]; then
  [ -z "$CROSS" ] || { say "the tournament build is made for $(dpkg --print-architecture) only"; exit 2; }
  FEATURES=(--no-default-features --features tts,recognition,whisper,ble)
  VARIANT=(--variant tournament)
  PACKAGE=annexd-tournament
  DOCS="$ROOT/target/generated-docs-tournament"
fi

# Everything below but the last line goes to standard error: the last line is the .deb.
scripts/setup.sh >&2
if [ -n "$CROSS" ]; then scripts/cross.sh setup "$CROSS" >&2; fi

install_tool

if [ -z "$CROSS" ]; then
  # The paths below (and cargo-deb's) are in this checkout's target/.
  export CARGO_TARGET_DIR="$ROOT/target"
  PROFILE=deb
  if [ -z "$TOURNAMENT" ]; then
    # The very build of the test command's tests (scripts/test.sh: `cargo test --workspace
    # --profile deb`): the same packages and targets give the same features to every crate,
    # so after the tests nothing is compiled again, and the program packaged is the one the
    # tests ran. (`-p annexd --bin annexd` alone would leave out the core's dev-dependencies,
    # which change its features: the core and annexd compiled a second time.)
    say "building (cargo test --workspace --profile $PROFILE --no-run)"
    cargo test --quiet --locked --workspace --profile "$PROFILE" --no-run >&2
  else
    # The tournament build: annexd and its core without two features (compiled on their own,
    # in target/deb/ beside the other build; switching between them only links again). Built
    # beside a target that has the dev-dependencies (one small benchmark, not the 240 tests
    # of tests/it: 75 s against 88 s after a change in the library), so that the
    # dependencies keep the features the tests gave them and none is compiled again.
    say "building (cargo build --profile $PROFILE ${FEATURES[*]})"
    cargo build --quiet --locked --profile "$PROFILE" "${FEATURES[@]}" \
      -p annexd --bin annexd --bench clock_realtime >&2
  fi
  BIN="$ROOT/target/$PROFILE/annexd"
  # The private libraries the program links: libvosk, and libctranslate2 (feature `whisper`).
  LIBS=("$ROOT/.deps/vosk/libvosk.so" "$ROOT"/.deps/ctranslate2/lib/libctranslate2-*.so.*
        "$ROOT"/.deps/ctranslate2/lib/libgomp-*.so.*)
  RUN=()
  DEB_TARGET=()
else
  # Built for aarch64 in target/cross/aarch64/ by scripts/cross.sh, with its features (no
  # Whisper, no Bluetooth LE: docs/install.md) and in its profile, which
  # scripts/test-aarch64.sh shares; run here under qemu.
  PROFILE=$(scripts/cross.sh profile)
  CROSS_DIR=$(scripts/cross.sh target-dir aarch64)
  # The build of scripts/test-aarch64.sh's tests (the same packages and targets, so the
  # same features): nothing is compiled again after it, and the program packaged is the one
  # its tests ran under qemu.
  say "building for aarch64 (cargo test --profile $PROFILE --no-run, scripts/cross.sh)"
  scripts/cross.sh cargo aarch64 test --quiet --locked --profile "$PROFILE" --no-run \
    -p annexd-core -p annexd --lib --test it >&2
  BIN="$CROSS_DIR/aarch64-unknown-linux-gnu/$PROFILE/annexd"
  LIBS=("$ROOT/.deps/vosk-aarch64/libvosk.so")
  RUN=(qemu-aarch64)
  DEB_TARGET=(--target aarch64-unknown-linux-gnu)
fi
[ -z "$BUILD_ONLY" ] || exit 0
# The program the tests ran, staged where cargo-deb looks for it (a target folder of its own
# for each package, so that cargo's files are left alone), with the package's RUNPATH
# instead of the checkout's: the package holds no path into this checkout. Staged again only
# when cargo's file is another (cargo links the build of the features asked for in place).
STAGE="$ROOT/target/package-stage/$PACKAGE-$ARCH"
STAGED="$STAGE/${DEB_TARGET[1]:+${DEB_TARGET[1]}/}$PROFILE/annexd"
SOURCE_ID=$(stat -L -c '%i %s %Y' "$BIN")
if [ ! -f "$STAGED" ] || [ "$(cat "$STAGED.from" 2>/dev/null)" != "$SOURCE_ID" ]; then
  mkdir -p "$(dirname "$STAGED")"
  cp "$BIN" "$STAGED.new"
  patchelf --set-rpath '$ORIGIN/../lib/annexd' "$STAGED.new"
  mv "$STAGED.new" "$STAGED"
  echo "$SOURCE_ID" > "$STAGED.from"
fi

# The package's private libraries are the target's (Cargo.toml's assets name this folder),
# copied only when they differ, so that the package is not made again for nothing.
LIBDIR="$ROOT/target/package-libs"
mkdir -p "$LIBDIR"
for lib in "$LIBDIR"/*; do
  [ -e "$lib" ] || continue
  keep=0
  for want in "${LIBS[@]}"; do [ "$(basename "$want")" = "$(basename "$lib")" ] && keep=1; done
  [ "$keep" = 1 ] || rm -f "$lib"
done
PRIVATE_LIBS=""
for lib in "${LIBS[@]}"; do
  [ -f "$lib" ] || { say "$lib is missing (scripts/setup.sh, scripts/cross.sh setup)"; exit 1; }
  cmp -s "$lib" "$LIBDIR/$(basename "$lib")" || cp "$lib" "$LIBDIR/"
  PRIVATE_LIBS="${PRIVATE_LIBS:+$PRIVATE_LIBS:}$(dirname "$lib")"
done

# The program finds libvosk only where the package puts it; here it is still in .deps/.
if [ ! -f "$DOCS/man/annexd.1" ] || [ "$BIN" -nt "$DOCS/man/annexd.1" ]; then
  say "generating manual pages and completions"
  rm -rf "$DOCS"
  LD_LIBRARY_PATH="$PRIVATE_LIBS" "${RUN[@]}" "$BIN" generate-docs --out "$DOCS" >/dev/null
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

# ANNEXD_PACKAGE_FAST=1 (the test command's packages, which are unpacked and thrown away):
# the same files, compressed faster into a larger .deb.
FAST=()
if [ "${ANNEXD_PACKAGE_FAST:-}" = 1 ]; then FAST=(--fast); fi

DEB="$ROOT/target/debian/${PACKAGE}_${VERSION}-1_${ARCH}.deb"
INPUTS=("$STAGED" "$LIBDIR" voices "$DOCS" "$CHANGES" README.md docs models/README.md Cargo.toml
        scripts/package.sh)
if [ -f "$DEB" ] && [ -z "$(find "${INPUTS[@]}" -newer "$DEB" -print -quit)" ]; then
  say "up to date"
else
  say "making the package (cargo deb)"
  mkdir -p "$(dirname "$DEB")"
  # dpkg-shlibdeps (depends = "$auto") finds the private libraries through LD_LIBRARY_PATH.
  # They come with the package and no Debian package describes them (libctranslate2 has a
  # SONAME, so dpkg-shlibdeps would give up on the whole program): cargo-deb calls it from
  # PATH, and here it is told to pass over them. tests: scripts/test-package.sh checks that
  # every other library the program links is named in Depends.
  SHIM="$ROOT/target/package-tools"
  mkdir -p "$SHIM"
  printf '#!/bin/sh\nexec %s --ignore-missing-info "$@"\n' "$(command -v dpkg-shlibdeps)" \
    > "$SHIM/dpkg-shlibdeps"
  chmod +x "$SHIM/dpkg-shlibdeps"
  PATH="$SHIM:$PATH" LD_LIBRARY_PATH="$PRIVATE_LIBS" \
    CARGO_TARGET_DIR="$STAGE" \
    cargo deb --quiet --locked --profile "$PROFILE" --no-build "${DEB_TARGET[@]}" "${FAST[@]}" \
    "${VARIANT[@]}" --output "$DEB" >&2
  # cargo-deb only warns when dpkg-shlibdeps fails: a package without Depends is no package.
  if [ -z "$(dpkg-deb -f "$DEB" Depends)" ]; then
    say "dpkg-shlibdeps found no Depends for $DEB (see the warnings above)"
    rm -f "$DEB"
    exit 1
  fi
fi
echo "$DEB"
