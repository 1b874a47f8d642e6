# examples/demo-lib.sh - sourced by the examples' demo.sh scripts (bash):
# finding what a build tree holds, the same way and with the same errors.

demo_fail() {
  echo "error: $*" >&2
  exit 1
}

# demo_build_tree DIR: sets build (DIR, absolute), plugin, hotlayout and tools
# (the bin directory of the LLVM the tree was built for, as CMake wrote it for
# lit: the plugin loads only into that major's clang), or exits 1 saying what
# to do.
demo_build_tree() {
  build="$(cd "$1" 2>/dev/null && pwd)" ||
    demo_fail "no build directory '$1'; run scripts/setup.sh first"
  plugin="$build/lib/libHotLayout.so"
  hotlayout="$build/bin/hotlayout"
  [ -f "$plugin" ] || demo_fail "$plugin not found; build first (scripts/setup.sh)"
  tools="$(sed -n 's/^config.llvm_tools_dir = "\(.*\)"$/\1/p' \
    "$build/test/lit/lit.site.cfg.py" 2>/dev/null)" || :
  [ -n "$tools" ] && [ -x "$tools/clang" ] ||
    demo_fail "cannot find the clang of the LLVM that $build was built for (from $build/test/lit/lit.site.cfg.py); re-run cmake"
}
