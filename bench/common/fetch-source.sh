#!/bin/sh
# fetch-source.sh PACKAGE [DEST]: unpack Debian's source package PACKAGE under DEST
# (default bench/work/src) with `apt-get source`, enabling deb-src first if no entry has it,
# and print the unpacked directory. Nothing fetched is ever committed (bench/work is ignored).
# Safe to run twice: an unpacked tree is reused.
set -eu
PKG=$1
DEST=${2:-$(cd "$(dirname "$0")/.." && pwd)/work/src}
mkdir -p "$DEST"
# Absolute: the lock's trap runs after the cd below.
DEST=$(cd "$DEST" && pwd)
if ! grep -rqs '^Types:.*deb-src\|^deb-src' /etc/apt/sources.list /etc/apt/sources.list.d/; then
  echo "fetch-source.sh: enabling deb-src in /etc/apt/sources.list.d/debian-src.sources" >&2
  sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources \
    > /etc/apt/sources.list.d/debian-src.sources
  apt-get update -qq
fi
cd "$DEST"
# One lock for every package: the unpacked tree is the directory that was not there before.
until mkdir .fetch.lock 2>/dev/null; do sleep 1; done
trap 'rmdir "$DEST/.fetch.lock"' EXIT
if [ ! -f "$PKG.unpacked" ]; then
  # Some mirrors lack the .debian.tar part: apt-get then fails after fetching the upstream
  # tarball, which is all the benches need (Debian's patches are packaging fixes).
  ls -d */ 2>/dev/null | sort > .dirs-before || true
  apt-get source --download-only "$PKG" >&2 || echo "fetch-source.sh: apt-get source $PKG failed; trying the upstream tarball it fetched" >&2
  if ! dpkg-source -x "$(ls -t "$PKG"_*.dsc | head -1)" >/dev/null 2>&1; then
    ORIG=$(ls -t "$PKG"_*.orig.tar.* 2>/dev/null | head -1)
    [ -n "$ORIG" ] || { echo "fetch-source.sh: no source of $PKG could be fetched" >&2; exit 1; }
    tar xf "$ORIG"
  fi
  DIR=$(ls -d */ | sort | comm -13 .dirs-before - | head -1)
  rm -f .dirs-before
  [ -n "$DIR" ] || { echo "fetch-source.sh: $PKG unpacked to no new directory" >&2; exit 1; }
  echo "${DIR%/}" > "$PKG.unpacked"
fi
echo "$DEST/$(cat "$PKG.unpacked")"
