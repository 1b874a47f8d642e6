# bench/common/recipe.sh - sourced by the bench drivers (bash) that build with hotlayout's recipe.
# bench_recipe HOTLAYOUT CLANG ARGS...: the words `HOTLAYOUT flags --cc CLANG ARGS...` prints
# (shell-quoted, one line), into the array RECIPE; exits 1 with flags' error when it fails (no
# plugin for CLANG's major, a missing profile). Builds thus measure what users get by default.
bench_recipe() {
  local h=$1 cc=$2 words
  shift 2
  words=$("$h" flags --cc "$cc" "$@") || { echo "bench: '$h flags --cc $cc $*' failed" >&2; exit 1; }
  eval "RECIPE=($words)"
}

# bench_recipe_links HOTLAYOUT CLANG WORDS: exits 1 unless the recipe's link flags (`flags --ldflags`)
# are WORDS, which the bench's link scripts write out (they are shared with benches that do not build
# with the recipe), so that a change of the recipe cannot leave a bench behind.
bench_recipe_links() {
  bench_recipe "$1" "$2" --ldflags
  [ "${RECIPE[*]}" = "$3" ] ||
    { echo "bench: the recipe links with '${RECIPE[*]}', the link scripts with '$3': update them" >&2; exit 1; }
}
