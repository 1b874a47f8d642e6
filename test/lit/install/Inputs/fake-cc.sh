#!/bin/sh
# A compiler of any make, for `hotlayout flags --cc`: `--version` prints
# $FAKE_CC_VERSION (e.g. "clang version 18.1.8" or "gcc (Debian 12.2.0) 12.2.0").
[ "$1" = --version ] || { echo "fake-cc.sh: only --version" >&2; exit 1; }
printf '%s\n' "$FAKE_CC_VERSION"
