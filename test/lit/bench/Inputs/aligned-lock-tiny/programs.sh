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

# tinylib: tiny.c as a shared library (tiny_main), preloaded into tinyhost (workload.sh's
# library flow), with no edit (run.sh's nopl, in, in.bolt, in.apply only, as for the
# programs built by their own build systems); tinyhost's pid line is dropped by
# tinylib_output. Its twin tinylibpid keeps that line: run.sh must refuse it.
tinylib_source() { echo "$TINY_DIR"; }
tinylib_build() { local s=$1 o=$2; shift 2; "$HERE/build-c.sh" "$s" "$o" tiny.c -fPIC -Dmain=tiny_main "$@"; }
tinylib_link() { local o=$1 out=$2; shift 2; "$CLANG" -O2 -shared -fuse-ld=lld -Wl,--emit-relocs "$@" -o "$out" "$o"/*.o; }
tinylib_prepare() { "$CLANG" -O2 "$TINY_DIR/tinyhost.c" -o "$2/tinyhost"; }
tinylib_host() { echo data/tinyhost; }
tinylib_workload() { tiny_workload; }
tinylib_output() { grep -v '^pid '; }
for f in source build link prepare host workload; do eval "tinylibpid_$f() { tinylib_$f \"\$@\"; }"; done
