# lit configuration for hotlayout's opt / clang / ld.lld / CLI tests.
#
# Substitutions (use these, never paths, in RUN lines):
#   %opt %clang %lld %llc     LLVM tools of the major the plugin was built for
#   %plugin                   <build>/lib/libHotLayout.so
#   %hotlayout                <build>/bin/hotlayout
#   %rtlib                    <build>/lib (holds libhotlayout_rt.a)
#   %rtinc                    runtime/ (holds hotlayout_rt.h)
#   %src                      the repository root
#   %unsupported_llvm_dir     an installed LLVM CMake dir of another major
#   %python                   the Python that configured the build (for drivers)
# Features: llvm-<major>, x86_64-host, clflushopt (host CPU has it),
#           aarch64-registered (llc can target AArch64).
import os
import platform
import subprocess

import lit.formats
import lit.util

config.name = "hotlayout"
config.test_format = lit.formats.ShTest(not lit.util.which("bash"))
config.suffixes = [".ll", ".c", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.hotlayout_obj_root, "test", "lit")

tools = config.llvm_tools_dir
obj = config.hotlayout_obj_root
config.environment["PATH"] = os.pathsep.join(
    [tools, os.path.join(obj, "bin"), config.environment.get("PATH", os.environ["PATH"])])
# Tests must not see a developer's option overrides.
config.environment.pop("HOTLAYOUT_OPTIONS", None)

def tool(name):
    return os.path.join(tools, name)

config.substitutions.append(("%opt", tool("opt")))
config.substitutions.append(("%clang", tool("clang")))
config.substitutions.append(("%lld", tool("ld.lld")))
config.substitutions.append(("%llc", tool("llc")))
config.substitutions.append(("%plugin", os.path.join(obj, "lib", "libHotLayout.so")))
config.substitutions.append(("%hotlayout", os.path.join(obj, "bin", "hotlayout")))
config.substitutions.append(("%rtlib", os.path.join(obj, "lib")))
config.substitutions.append(("%rtinc", os.path.join(config.hotlayout_src_root, "runtime")))
config.substitutions.append(("%src", config.hotlayout_src_root))
config.substitutions.append(("%python", config.python_executable))

config.available_features.add("llvm-%d" % config.llvm_version_major)
if platform.machine() in ("x86_64", "AMD64"):
    config.available_features.add("x86_64-host")
    try:
        with open("/proc/cpuinfo") as f:
            if " clflushopt" in f.read():
                config.available_features.add("clflushopt")
    except OSError:
        pass
# Some other LLVM's CMake package, to show configure refuses it.
for other in (14, 15, 16, 17, 18):
    cmake_dir = "/usr/lib/llvm-%d/lib/cmake/llvm" % other
    if os.path.isdir(cmake_dir):
        config.available_features.add("unsupported-llvm-cmake")
        config.substitutions.append(("%unsupported_llvm_dir", cmake_dir))
        break
try:
    targets = subprocess.run([tool("llc"), "--version"], capture_output=True,
                             text=True).stdout
    if "aarch64" in targets:
        config.available_features.add("aarch64-registered")
except OSError:
    pass
