# lit configuration for every hotlayout suite under test/lit (opt, llc, clang,
# ld.lld, the hotlayout CLI, the bench scripts, the build).
#
# Every substitution and feature that more than one suite uses is defined here
# and only here; test/lit/README.md lists them with what each means. A suite's
# lit.local.cfg may add its own inputs (paths into its Inputs/), never load
# another suite's configuration.
#
# Substitutions are plain text replaced in list order, so a name that is a
# prefix of another (%link-c, %link-c-norelocs) must come after it.
import os
import platform
import re
import shutil
import subprocess

import lit.formats
import lit.util

config.name = "hotlayout"
config.test_format = lit.formats.ShTest(not lit.util.which("bash"))
config.suffixes = [".ll", ".c", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.hotlayout_obj_root, "test", "lit")
# The CLI is built once, in the LLVM 22 tree: its suites (and those that are
# the same whatever the plugin's major: the bench scripts, the demo, the
# install and format checks) run there only. A plugin-only tree runs the
# plugin's suites.
cli_suites = ["ab", "apply", "bench", "check", "diff", "examples", "format",
              "install", "layout-lock", "loops", "plan", "profile",
              "cli-fuzz-smoke.test"]
if not config.hotlayout_builds_cli:
    config.excludes += cli_suites

tools = config.llvm_tools_dir
obj = config.hotlayout_obj_root
src = config.hotlayout_src_root
inputs = os.path.join(config.test_source_root, "Inputs")
config.environment["PATH"] = os.pathsep.join(
    [tools, os.path.join(obj, "bin"),
     config.environment.get("PATH", os.environ["PATH"])])
# Tests must not see a developer's option overrides.
config.environment.pop("HOTLAYOUT_OPTIONS", None)


def tool(name):
    return os.path.join(tools, name)


def python_script(path):
    return "%s %s" % (config.python_executable, path)


subst = config.substitutions

# LLVM tools of the major the plugin was built for (never the PATH's).
# %clangxx first: %clang, replaced before it, would take its prefix.
subst.append(("%clangxx", tool("clang++")))
for name in ("opt", "llc", "clang", "yaml2obj", "llvm-strip", "llvm-nm",
             "llvm-objdump", "llvm-readobj", "llvm-bolt", "merge-fdata",
             "perf2bolt", "llvm-profdata"):
    subst.append(("%" + name, tool(name)))
subst.append(("%lld", tool("ld.lld")))

# What this build made, and where its sources are.
subst.append(("%plugin", os.path.join(obj, "lib", "libHotLayout.so")))
# The CLI: this tree's, or in a plugin-only tree the one HOTLAYOUT_CLI names
# (feature hotlayout-cli), which judges this plugin's binaries.
if config.hotlayout_cli:
    if not os.path.exists(config.hotlayout_cli):
        lit_config.fatal("no hotlayout CLI at %s: build that tree first "
                         "(HOTLAYOUT_CLI)" % config.hotlayout_cli)
    config.available_features.add("hotlayout-cli")
    subst.append(("%hotlayout", config.hotlayout_cli))
subst.append(("%rtlib", os.path.join(obj, "lib")))
subst.append(("%rtinc", os.path.join(src, "runtime")))
subst.append(("%src", src))
subst.append(("%bench", os.path.join(src, "bench")))
subst.append(("%inputs", inputs))
subst.append(("%python", config.python_executable))

# Linking test programs. Assembly without libc, so no libc code adds loops of
# its own: `%link-x86-asm a.s -o a`. C with libc through lld; BOLT needs the
# relocations -Wl,--emit-relocs keeps, and -norelocs is the twin without them.
for name, target in (("%link-x86-asm", "x86_64-linux-gnu"),
                     ("%link-a64-asm", "aarch64-linux-gnu")):
    subst.append((name, "%s --target=%s -nostdlib -static -fuse-ld=lld"
                  % (tool("clang"), target)))
subst.append(("%link-c-norelocs", "%s -O1 -fuse-ld=lld" % tool("clang")))
subst.append(("%link-c", "%s -O1 -fuse-ld=lld -Wl,--emit-relocs"
              % tool("clang")))
# Programs with the compiler's PGO data kept in .llvm_bb_addr_map, which
# `hotlayout profile` turns into records for functions BOLT cannot instrument:
# `%clang ... %pgo-map-flags %computed-goto-c` (an interpreter BOLT leaves
# uninstrumented; `computed-goto N`).
subst.append(("%pgo-map-flags", "-fbasic-block-address-map -mllvm "
              "-pgo-analysis-map=func-entry-count,bb-freq,br-prob"))
subst.append(("%computed-goto-c", os.path.join(inputs, "computed-goto.c")))
# `%expect-exit N CMD...`: lit's `not` accepts any non-zero status, but the
# CLI's 1 (a finding) and 2 (an error) must be told apart.
subst.append(("%expect-exit",
              python_script(os.path.join(inputs, "expect-exit.py"))))
# `%hostile CMD ...`: damaged copies of good inputs made in RUN lines, and
# `%hostile limit MIB -- CMD...` for a memory ceiling (Inputs/hostile.py).
subst.append(("%hostile", python_script(os.path.join(inputs, "hostile.py"))))
# `%block-ranges FUNCTION [CLUSTERS] < readobj-bb-addr-map`: a function's
# block IDs per address range, and whether a block order reorders them.
subst.append(("%block-ranges",
              python_script(os.path.join(inputs, "block-ranges.py"))))
# `%interrupt [--group] INT|TERM|HUP MARKER -- CMD...`: a signal sent, once
# MARKER exists, the way a terminal sends it (SIGINT left at its default).
subst.append(("%interrupt",
              python_script(os.path.join(inputs, "interrupt.py"))))
# `--bolt-dir %hung-bolt-dir`: BOLT's tools, where llvm-bolt hangs (as it
# can on a damaged binary) with a child of its own, whose pid it writes to
# $HUNG_BOLT_CHILD_PID; `%process-gone PIDFILE`: that process has ended.
subst.append(("%hung-bolt-dir", os.path.join(inputs, "hung-bolt")))
subst.append(("%process-gone",
              python_script(os.path.join(inputs, "process-gone.py"))))

# The plugin-only trees of other majors (HOTLAYOUT_PLUGIN_BUILDS, the CLI's
# tree only): per major N, %llvmN-clang (that tree's clang; not %clangN, as
# %clang, replaced first, would take its prefix) and feature llvmN-clang, so
# the CLI is tested on what that clang writes; feature plugin-llvm-N once the
# tree's plugin is built (lib/hotlayout/llvm-N/), for the install tests.
for tree in config.hotlayout_plugin_builds:
    try:
        with open(os.path.join(tree, "test", "lit", "lit.site.cfg.py")) as f:
            m = re.search(r'^config.llvm_tools_dir = "(.*)"$', f.read(), re.M)
    except OSError:
        m = None
    root = os.path.join(tree, "lib", "hotlayout")
    for name in sorted(os.listdir(root)) if m and os.path.isdir(root) else []:
        major = name[len("llvm-"):]
        if not name.startswith("llvm-"):
            continue
        subst.append(("%llvm" + major + "-clang",
                      os.path.join(m.group(1), "clang")))
        config.available_features.add("llvm" + major + "-clang")
        if os.path.exists(os.path.join(root, name, "libHotLayout.so")):
            config.available_features.add("plugin-llvm-" + major)

# Features.
config.available_features.add("llvm-%d" % config.llvm_version_major)
if platform.machine() in ("x86_64", "AMD64"):
    config.available_features.add("x86_64-host")
    try:
        with open("/proc/cpuinfo") as f:
            if " clflushopt" in f.read():
                config.available_features.add("clflushopt")
    except OSError:
        pass
try:
    targets = subprocess.run([tool("llc"), "--version"], capture_output=True,
                             text=True).stdout
except OSError:
    targets = ""
# `llc --version` lists each registered target as "  NAME - Description".
registered = {line.split()[0] for line in targets.splitlines()
              if " - " in line and line.startswith("    ")}
if "x86-64" in registered:
    config.available_features.add("x86-registered")
if "aarch64" in registered:
    config.available_features.add("aarch64-registered")
# The targets hotalign does not support, on which the plugin must change
# nothing (hotalign/other-targets-*): FEATURE is NAME-registered.
for name in ("riscv64", "arm", "ppc64le", "systemz", "loongarch64"):
    if name in registered:
        config.available_features.add(name + "-registered")
if os.path.exists(tool("llvm-bolt")):
    config.available_features.add("bolt")
# valgrind: the callgrind judge (bench/common/callgrind_loops.py) runs programs
# under it.
if shutil.which("valgrind"):
    config.available_features.add("valgrind")
# Build systems the remark tests run through: libtool (Debian: libtool-bin),
# CMake with Ninja.
if shutil.which("libtool"):
    config.available_features.add("libtool")
if shutil.which("cmake") and shutil.which("ninja"):
    config.available_features.add("cmake")
# matplotlib: `hotlayout ab --plot` draws its PNG with it.
if subprocess.run([config.python_executable, "-c", "import matplotlib"],
                  capture_output=True).returncode == 0:
    config.available_features.add("matplotlib")
# Some other LLVM's CMake package, to show configure refuses it.
for other in (14, 15, 16, 17, 18):
    cmake_dir = "/usr/lib/llvm-%d/lib/cmake/llvm" % other
    if os.path.isdir(cmake_dir):
        config.available_features.add("unsupported-llvm-cmake")
        subst.append(("%unsupported_llvm_dir", cmake_dir))
        break
