# The smoke test's program for bench/aligned-lock/run.sh (PROGRAMS_SH): tiny.c, beside this
# file; nothing fetched. Same interface as bench/aligned-lock/programs.sh.
TINY_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tiny_source() { echo "$TINY_DIR"; }
tiny_build() { local s=$1 o=$2; shift 2; "$HERE/build-c.sh" "$s" "$o" tiny.c "$@"; }
tiny_link() { lc_link "$@"; }
tiny_prepare() { :; }
tiny_workload() { echo 1500; echo 700; }
# crc: p is never NULL, so the new return never runs (and the compiler cannot drop it).
tiny_edit() {
  sed -i 's|^  unsigned c = ~0u;$|&\n  if (!p) return 1; /* bench edit: never true */|' "$1/tiny.c"
  grep -q 'bench edit' "$1/tiny.c"
}

# tinybad: tiny whose edit changes what it prints (the smoke test's twin: run.sh must refuse to
# measure binaries that do different work).
same_program tinybad tiny
tinybad_prepare() { :; }
tinybad_workload() { tiny_workload; }
tinybad_edit() { sed -i 's|c = c \* 31 + crc(|c = c * 37 + crc(|' "$1/tiny.c"; grep -q 'c \* 37' "$1/tiny.c"; }
