#!/bin/sh
# Fetch Debian's lua5.4 source into $1 (default bench/work/lock/src), enabling deb-src if needed.
set -eu
DEST=${1:-$(cd "$(dirname "$0")/.." && pwd)/work/lock/src}
mkdir -p "$DEST"
if ! grep -rqs '^Types:.*deb-src\|^deb-src' /etc/apt/sources.list /etc/apt/sources.list.d/; then
  echo "enabling deb-src in /etc/apt/sources.list.d/debian-src.sources" >&2
  sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources > /etc/apt/sources.list.d/debian-src.sources
  apt-get update -qq
fi
cd "$DEST"
if ! ls -d lua5.4-*/src >/dev/null 2>&1; then
  apt-get source --download-only lua5.4
  dpkg-source -x lua5.4_*.dsc >/dev/null 2>&1 || { tar xf lua5.4_*.orig.tar.*; }
fi
ls -d "$DEST"/lua5.4-*/ 2>/dev/null || ls -d "$DEST"/lua-5.4*/
