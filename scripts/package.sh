#!/usr/bin/env bash
# Builds the Debian package of annexd and prints the .deb's path as its last line.
#
#   scripts/package.sh                then: sudo apt install ./target/debian/annexd_…_amd64.deb
#   scripts/package.sh --arch arm64   the package for a Raspberry Pi (aarch64), built here
#                                     with scripts/cross.sh: target/debian/annexd_…_arm64.deb
#   scripts/package.sh --tournament   the tournament build: the same program without the
#                                     features `engine` and `online` (no chess engine code,
#                                     no network code), which `annexd fairplay` says:
#                                     target/debian/annexd-tournament_…_amd64.deb (it
#                                     conflicts with annexd: both are /usr/bin/annexd)
#   scripts/package.sh --build-only   (with the others) only compile what the package holds
#                                     (scripts/test.sh compiles ahead, beside other steps)
#   scripts/package.sh --built        (with the others) compile nothing: the build is done
#                                     (scripts/test.sh makes the arm64 package while the
#                                     arm64 tests, which hold cargo's lock, run)
#
# The package holds /usr/bin/annexd (it finds its private libraries through the RUNPATH
# $ORIGIN/../lib/annexd only), libvosk (and, for amd64, the Whisper engine's libctranslate2)
# in /usr/lib/annexd/, the shipped voices in /usr/share/annexd/voices/, manual pages and
# shell completions generated from the command line definition, and the docs
# (docs/install.md). It installs what it needs (scripts/setup.sh) and redoes only what is
# out of date: the build is cargo's, in its own profile (target/deb/; for arm64
# scripts/cross.sh's, in target/cross/), the test command's own, so that the package holds
# the very program the tests ran (only its RUNPATH is set, with patchelf, to the package's
# folder); the .deb is made again only when one of its inputs is newer than it. The .deb is
# made by Debian's own tools (dpkg-shlibdeps, dpkg-deb) from scripts/debian/: nothing to
# compile for it.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

say() { printf 'package: %s\n' "$*" >&2; }

ARCH=$(dpkg --print-architecture)
TOURNAMENT=""
BUILD_ONLY=""
BUILT=""
while [ $# -gt 0 ]; do
  case "$1" in
    --arch) ARCH=${2:?--arch needs amd64 or arm64}; shift 2 ;;
    --arch=*) ARCH=${1#--arch=}; shift ;;
    --tournament) TOURNAMENT=1; shift ;;
    --build-only) BUILD_ONLY=1; shift ;;
    --built) BUILT=1; shift ;;
    *) say "unknown option $1"; exit 2 ;;
  esac
done
case "$ARCH" in
  "$(dpkg --print-architecture)") CROSS="" ;;
  arm64) CROSS=aarch64 ;;
  *) say "no package for $ARCH here (amd64 or arm64)"; exit 2 ;;
esac
# The tournament build: the default features but `engine` and `online` (Cargo.toml), its
# own manual pages (no `annexd engine`) and its own package name and description
# (scripts/debian/).
FEATURES=()
PACKAGE=annexd
DOCS="$ROOT/target/generated-docs"
if [ -n "$TOURNAMENT" ]; then
  [ -z "$CROSS" ] || { say "the tournament build is made for $(dpkg --print-architecture) only"; exit 2; }
  FEATURES=(--no-default-features --features tts,recognition,whisper,ble)
  PACKAGE=annexd-tournament
  DOCS="$ROOT/target/generated-docs-tournament"
fi

# Everything below but the last line goes to standard error: the last line is the .deb.
scripts/setup.sh >&2
if [ -n "$CROSS" ]; then scripts/cross.sh setup "$CROSS" >&2; fi

if [ -z "$CROSS" ]; then
  # The paths below are in this checkout's target/.
  export CARGO_TARGET_DIR="$ROOT/target"
  PROFILE=deb
  if [ -z "$TOURNAMENT" ]; then
    # The very build of the test command's tests (scripts/test.sh: `cargo test --workspace
    # --profile deb`): the same packages and targets give the same features to every crate,
    # so after the tests nothing is compiled again, and the program packaged is the one the
    # tests ran. (`-p annexd --bin annexd` alone would leave out the core's dev-dependencies,
    # which change its features: the core and annexd compiled a second time.)
    say "building (cargo test --workspace --profile $PROFILE --no-run)"
    [ -n "$BUILT" ] || cargo test --quiet --locked --workspace --profile "$PROFILE" --no-run >&2
  else
    # The tournament build: annexd and its core without two features (compiled on their own,
    # in target/deb/ beside the other build; switching between them only links again). Built
    # beside a target that has the dev-dependencies (one small benchmark, not the 240 tests
    # of tests/it: 75 s against 88 s after a change in the library), so that the
    # dependencies keep the features the tests gave them and none is compiled again.
    say "building (cargo build --profile $PROFILE ${FEATURES[*]})"
    [ -n "$BUILT" ] || cargo build --quiet --locked --profile "$PROFILE" "${FEATURES[@]}" \
      -p annexd --bin annexd --bench clock_realtime >&2
  fi
  BIN="$ROOT/target/$PROFILE/annexd"
  # The private libraries the program links: libvosk, and libctranslate2 (feature `whisper`).
  LIBS=("$ROOT/.deps/vosk/libvosk.so" "$ROOT"/.deps/ctranslate2/lib/libctranslate2-*.so.*
        "$ROOT"/.deps/ctranslate2/lib/libgomp-*.so.*)
  RUN=()
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
  [ -n "$BUILT" ] || scripts/cross.sh cargo aarch64 test --quiet --locked --profile "$PROFILE" --no-run \
    -p annexd-core -p annexd --lib --test it >&2
  BIN="$CROSS_DIR/aarch64-unknown-linux-gnu/$PROFILE/annexd"
  LIBS=("$ROOT/.deps/vosk-aarch64/libvosk.so")
  RUN=(qemu-aarch64)
fi
if [ -n "$BUILT" ] && [ ! -x "$BIN" ]; then
  say "--built, but $BIN is not there: build it first (scripts/package.sh --build-only)"
  exit 1
fi
[ -z "$BUILD_ONLY" ] || exit 0
# The program the tests ran, copied (so that cargo's files are left alone) with the package's
# RUNPATH instead of the checkout's: the package holds no path into this checkout. Copied
# again only when cargo's file is another (cargo links the build of the features asked for
# in place).
STAGE="$ROOT/target/package/$PACKAGE-$ARCH"
STAGED="$STAGE/program/annexd"
SOURCE_ID=$(stat -L -c '%i %s %Y' "$BIN")
if [ ! -f "$STAGED" ] || [ "$(cat "$STAGED.from" 2>/dev/null)" != "$SOURCE_ID" ]; then
  mkdir -p "$(dirname "$STAGED")"
  cp "$BIN" "$STAGED.new"
  patchelf --set-rpath '$ORIGIN/../lib/annexd' "$STAGED.new"
  mv "$STAGED.new" "$STAGED"
  echo "$SOURCE_ID" > "$STAGED.from"
fi

# The package's private libraries are the target's, copied only when they differ, so that
# the package is not made again for nothing.
LIBDIR="$STAGE/libs"
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
MAINTAINER=$(sed -n 's/^Maintainer: //p' "scripts/debian/$PACKAGE.control")
DATE=$(git log -1 --format=%aD 2>/dev/null || date -R)
CHANGES="$ROOT/target/generated-changelog"
printf 'annexd (%s-1) unstable; urgency=medium\n\n  * annexd %s, built from %s.\n\n -- %s  %s\n' \
  "$VERSION" "$VERSION" "$(git describe --always --dirty 2>/dev/null || echo 'a source tree')" \
  "$MAINTAINER" "$DATE" > "$CHANGES.new"
if cmp -s "$CHANGES.new" "$CHANGES"; then rm "$CHANGES.new"; else mv "$CHANGES.new" "$CHANGES"; fi

# make_deb: the package's files in a tree of their own (target/package/*/tree), its control
# file from scripts/debian/PACKAGE.control, and the .deb made of them by Debian's own tools:
# dpkg-shlibdeps for the Depends, dpkg-deb for the archive (owned by root, every file dated
# by the last commit, so that the same tree gives the same files).
make_deb() {
  local tree="$STAGE/tree" doc="usr/share/doc/$PACKAGE" page size depends epoch
  rm -rf "$tree"
  mkdir -p "$tree/DEBIAN" "$tree/usr/bin" "$tree/usr/lib/annexd" "$tree/usr/share/annexd" \
    "$tree/usr/share/man/man1" "$tree/usr/share/bash-completion/completions" \
    "$tree/usr/share/zsh/vendor-completions" "$tree/usr/share/fish/vendor_completions.d" \
    "$tree/$doc" "$tree/usr/share/doc/annexd/docs" "$tree/usr/share/doc/annexd/models"
  install -m 755 "$STAGED" "$tree/usr/bin/annexd"
  install -m 644 "$LIBDIR"/* "$tree/usr/lib/annexd/"
  cp -r voices "$tree/usr/share/annexd/voices"
  for page in "$DOCS"/man/*.1; do
    gzip -9n < "$page" > "$tree/usr/share/man/man1/$(basename "$page").gz"
  done
  install -m 644 "$DOCS/completions/bash/annexd" "$tree/usr/share/bash-completion/completions/"
  install -m 644 "$DOCS/completions/zsh/_annexd" "$tree/usr/share/zsh/vendor-completions/"
  install -m 644 "$DOCS/completions/fish/annexd.fish" "$tree/usr/share/fish/vendor_completions.d/"
  # The documents are annexd's in both builds (one folder, whichever is installed).
  install -m 644 README.md "$tree/usr/share/doc/annexd/"
  install -m 644 docs/*.md "$tree/usr/share/doc/annexd/docs/"
  install -m 644 models/README.md "$tree/usr/share/doc/annexd/models/"
  install -m 644 scripts/debian/copyright "$tree/$doc/copyright"
  gzip -9n < "$CHANGES" > "$tree/$doc/changelog.Debian.gz"
  find "$tree" -type d -exec chmod 755 {} +
  find "$tree/usr/share/annexd/voices" -type f -exec chmod 644 {} +

  # The libraries the program and its private libraries link, as Debian's packages that hold
  # them. The private ones (libvosk, libctranslate2 and its OpenMP runtime) come with the
  # package and no Debian package describes them: found through LD_LIBRARY_PATH and passed
  # over (--ignore-missing-info). scripts/test-package.sh checks that every other library
  # the program links is named in Depends.
  local work="$STAGE/shlibdeps"
  rm -rf "$work"
  mkdir -p "$work/debian"
  printf 'Source: annexd\n\nPackage: %s\nArchitecture: any\n' "$PACKAGE" > "$work/debian/control"
  depends=$(cd "$work" && LD_LIBRARY_PATH="$PRIVATE_LIBS" dpkg-shlibdeps --ignore-missing-info \
    -O "$tree/usr/bin/annexd" "$tree"/usr/lib/annexd/* 2> shlibdeps.log | sed -n 's/^shlibs:Depends=//p') \
    || { cat "$work/shlibdeps.log" >&2; say "dpkg-shlibdeps failed (above)"; exit 1; }
  if [ -z "$depends" ]; then
    cat "$work/shlibdeps.log" >&2
    say "dpkg-shlibdeps found no Depends for $PACKAGE (above): a package without them is no package"
    exit 1
  fi
  size=$(du -sk --exclude=DEBIAN "$tree" | cut -f1)
  sed -e "s|@VERSION@|$VERSION-1|" -e "s|@ARCH@|$ARCH|" -e "s|@SIZE@|$size|" \
    -e "s|@DEPENDS@|$depends|" "scripts/debian/$PACKAGE.control" > "$tree/DEBIAN/control"
  (cd "$tree" && find usr -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum) \
    > "$tree/DEBIAN/md5sums"
  chmod 644 "$tree/DEBIAN/control" "$tree/DEBIAN/md5sums"
  epoch=$(git log -1 --format=%ct 2>/dev/null || date +%s)
  find "$tree" -exec touch -h -d "@$epoch" {} +
  mkdir -p "$(dirname "$DEB")"
  SOURCE_DATE_EPOCH="$epoch" dpkg-deb --root-owner-group "${COMPRESS[@]}" --build "$tree" \
    "$DEB.new" >&2
  mv "$DEB.new" "$DEB"
  # The tree is made afresh each time: once in the .deb, it is only a second copy on disk.
  rm -rf "$tree"
}

# ANNEXD_PACKAGE_FAST=1 (the test command's packages, which are unpacked and thrown away):
# the same files, compressed fast (gzip -1) into a larger .deb; otherwise xz, as Debian's.
COMPRESS=(-Zxz)
if [ "${ANNEXD_PACKAGE_FAST:-}" = 1 ]; then COMPRESS=(-Zgzip -z1); fi

DEB="$ROOT/target/debian/${PACKAGE}_${VERSION}-1_${ARCH}.deb"
INPUTS=("$STAGED" "$LIBDIR" voices "$DOCS" "$CHANGES" README.md docs models/README.md
        scripts/debian scripts/package.sh)
if [ -f "$DEB" ] && [ -z "$(find "${INPUTS[@]}" -newer "$DEB" -print -quit)" ]; then
  say "up to date"
else
  say "making the package (dpkg-deb)"
  make_deb
fi
echo "$DEB"
