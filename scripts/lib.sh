# scripts/lib.sh - shared by setup.sh, test.sh and fuzz.sh (sourced, not run).
#
# Installs what hotlayout needs on Debian bookworm and builds one tree per LLVM
# major: build/ (LLVM 22: the plugin and the CLI) and build-19/ (LLVM 19: the
# plugin only). Override the directories with HOTLAYOUT_BUILD22 /
# HOTLAYOUT_BUILD19 (relative to the repository).

HL_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
HL_MAJORS=(22 19)
HL_PACKAGES=(
  clang-22 llvm-22-dev lld-22 bolt-22 llvm-22-tools libclang-rt-22-dev
  clang-19 llvm-19-dev lld-19 bolt-19 llvm-19-tools libclang-rt-19-dev
  clang-format-22 cmake ninja-build libgtest-dev python3 valgrind libtool-bin
  autoconf automake pkgconf man-db
)

hl_log() { printf '==> %s\n' "$*" >&2; }
hl_err() { printf 'error: %s\n' "$*" >&2; }

# Where a major's build tree lives (absolute).
hl_build_dir() {
  local dir
  case "$1" in
    22) dir="${HOTLAYOUT_BUILD22:-build}" ;;
    19) dir="${HOTLAYOUT_BUILD19:-build-19}" ;;
    *) hl_err "no build directory for LLVM $1"; return 1 ;;
  esac
  case "$dir" in /*) echo "$dir" ;; *) echo "$HL_ROOT/$dir" ;; esac
}

hl_llvm_prefix() { echo "/usr/lib/llvm-$1"; }

# lit ships with llvm-22-tools as bin/lit; LLVM 19's packages only carry the
# source tree's lit.py.
hl_lit() {
  local prefix; prefix="$(hl_llvm_prefix "$1")"
  if [ -x "$prefix/bin/lit" ]; then
    echo "$prefix/bin/lit"
  elif [ -f "$prefix/build/utils/lit/lit.py" ]; then
    echo "$prefix/build/utils/lit/lit.py"
  else
    hl_err "no lit for LLVM $1 (expected $prefix/bin/lit or $prefix/build/utils/lit/lit.py; install llvm-$1-tools)"
    return 1
  fi
}

# Installs the missing packages of "$@" (default: HL_PACKAGES); does nothing
# (no apt-get at all) when dpkg-query already shows every one installed.
hl_install_deps() {
  local missing=() pkg pkgs=("$@")
  [ $# -gt 0 ] || pkgs=("${HL_PACKAGES[@]}")
  for pkg in "${pkgs[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' ||
      missing+=("$pkg")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    hl_log "dependencies: all ${#pkgs[@]} packages installed"
    return 0
  fi
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo=(sudo)
    else
      hl_err "missing packages (${missing[*]}) and not root; run as root or install them: apt-get install ${missing[*]}"
      return 1
    fi
  fi
  hl_log "dependencies: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update </dev/null || { hl_err "apt-get update failed"; return 1; }
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
      --no-install-recommends "${missing[@]}" </dev/null || {
    hl_err "apt-get install failed; LLVM 19 comes from bookworm main, LLVM 22 from bookworm-security: check /etc/apt/sources.list.d/"
    return 1
  }
}

# The major whose tree builds the CLI (CMakeLists.txt: HOTLAYOUT_TOOL_LLVM_MAJOR);
# the others build only their plugin.
HL_CLI_MAJOR=22

# The CMake options that tie the trees together: the CLI's tree knows the
# plugin-only trees (installed and packaged with it), and each plugin-only tree
# knows the CLI its tests judge its plugin with.
hl_tree_options() {
  local major="$1" other
  if [ "$major" = "$HL_CLI_MAJOR" ]; then
    local builds=()
    for other in "${HL_MAJORS[@]}"; do
      [ "$other" = "$HL_CLI_MAJOR" ] || builds+=("$(hl_build_dir "$other")")
    done
    local IFS=';'
    echo "-DHOTLAYOUT_PLUGIN_BUILDS=${builds[*]}"
  else
    echo "-DHOTLAYOUT_CLI=$(hl_build_dir "$HL_CLI_MAJOR")/bin/hotlayout"
  fi
}

# Configures (Ninja, the same major's clang as compiler, so no gcc is needed)
# and builds the tree for LLVM major $1.
hl_build() {
  local major="$1" dir prefix
  dir="$(hl_build_dir "$major")" || return 1
  prefix="$(hl_llvm_prefix "$major")"
  hl_log "LLVM $major: configuring $dir"
  cmake -S "$HL_ROOT" -B "$dir" -G Ninja \
      -DLLVM_DIR="$prefix/lib/cmake/llvm" \
      -DCMAKE_C_COMPILER="$prefix/bin/clang" \
      -DCMAKE_CXX_COMPILER="$prefix/bin/clang++" \
      "$(hl_tree_options "$major")" ||
    { hl_err "LLVM $major: cmake configure of $dir failed (output above)"; return 1; }
  hl_log "LLVM $major: building $dir"
  ninja -C "$dir" || { hl_err "LLVM $major: build failed in $dir"; return 1; }
}
