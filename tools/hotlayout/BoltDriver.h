//===- BoltDriver.h - Finding and running llvm-bolt, perf2bolt, merge-fdata
//===//
//
// BOLT ships as command-line tools only (no headers), so hotlayout drives
// them as child processes. This file finds the tools of the LLVM major
// hotlayout was built with (or of --bolt-dir), checks that a binary is one
// BOLT can instrument, and runs each tool with its output captured, turning
// a failure into an llvm::Error that quotes BOLT's own error lines.
// `profile` uses it today; `plan` and `apply` are meant to reuse it.
//
// The runtime-library problem: llvm-bolt -instrument links
// libbolt_rt_instr.a, which it looks for in <dir of argv[0]>/../lib. Run via
// a symlink such as /usr/bin/llvm-bolt-19, that is /usr/lib, where it is not
// (BOLT 19 fails; 22 happens to work). So the tools are always run by their
// real path, and the library is checked for before BOLT is started.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOLS_BOLTDRIVER_H
#define HOTLAYOUT_TOOLS_BOLTDRIVER_H

#include "BinaryFile.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hotlayout {

/// The directory hotlayout looks for BOLT in when --bolt-dir is not given:
/// the bin directory of the LLVM it was built with (/usr/lib/llvm-N/bin).
llvm::StringRef defaultBoltDir();

/// Paths of the BOLT tools, all in one directory, each resolved to its real
/// path (never a symlink).
struct BoltTools {
  std::string Dir;
  std::string LLVMBolt;
  std::string Perf2Bolt;
  std::string MergeFdata;

  /// Finds the tools in \p Dir (empty: defaultBoltDir()). With
  /// \p NeedInstrumentationRuntime, also requires libbolt_rt_instr.a where
  /// llvm-bolt will look for it. Errors name the directory and the package
  /// to install or the option to pass.
  static llvm::Expected<BoltTools> find(llvm::StringRef Dir,
                                        bool NeedInstrumentationRuntime);
};

/// The executable a command line names: \p Name itself when it contains a
/// '/', else the first match on PATH. Fails with a message naming \p Name.
llvm::Expected<std::string> findCommand(llvm::StringRef Name);

/// True when a relocation section applies to code: what -Wl,--emit-relocs
/// (-q) leaves, and what llvm-bolt needs to instrument a binary or move its
/// functions. Dynamic relocations (.rela.dyn, .rela.plt) do not count.
bool hasCodeRelocations(const llvm::object::ELFObjectFileBase &Obj);

/// What BOLT needs of a binary to read or instrument it.
struct BoltRequirements {
  /// Static relocations against code (-Wl,--emit-relocs): llvm-bolt
  /// -instrument refuses a binary without them.
  bool Relocations = false;
};

/// An error unless \p File has relocations against code, which llvm-bolt
/// needs to move functions (apply, ab): the message says to relink with
/// -Wl,--emit-relocs.
llvm::Error checkMovable(const BinaryFile &File);

/// The -pad-funcs pattern for the function \p Name. BOLT matches
/// -pad-funcs against its own names as an anchored regex, and names a
/// function the linker made local NAME/N (or NAME/file/N), while
/// -function-order takes the plain name: the pattern allows the suffix.
/// Without it, every local function's padding was silently dropped (Lua:
/// 287 of 289 locked functions off their offsets). Plan leaves out locals
/// that share a name, so the suffix cannot pick up another function.
std::string padFunctionPattern(llvm::StringRef Name);

/// Opens \p Path and checks it is something BOLT can work on: a linked
/// ELF64 x86-64 executable or shared object (not a script: the message says
/// to name the binary the script runs), with .symtab function symbols (not
/// stripped), and with relocations when \p Req asks for them (the message
/// says to relink with -Wl,--emit-relocs).
llvm::Expected<std::unique_ptr<BinaryFile>> openForBolt(llvm::StringRef Path,
                                                        BoltRequirements Req);

/// Global or local symbols without a type (STT_NOTYPE) in code sections
/// that do not start a typed function: labels in assembly such as RandomX's
/// JIT templates (randomx_program_prologue ... randomx_program_loop_begin),
/// whose bytes the program copies from one label to the next. BOLT takes
/// each for a function and moves them apart, and the copied code crashes
/// (RandomX's light mode: a segmentation fault at start-up, after apply
/// reported every locked function in place). Assembler temporaries (.L*)
/// and AArch64 mapping symbols ($x, $d) are left out.
std::vector<std::string> untypedCodeLabels(const BinaryFile &File);

/// Writes \p Labels, one per line, to \p Path and returns the llvm-bolt
/// argument that keeps them where the linker put them
/// (-skip-funcs-file=Path), or "" when there are none.
llvm::Expected<std::string>
skipLabelsArgument(llvm::ArrayRef<std::string> Labels, llvm::StringRef Path);

/// Runs \p Args (Args[0] is the program path) with stdout and stderr
/// written to \p LogPath. On failure the error says "\p What failed",
/// quotes the BOLT-ERROR lines (or the log's last lines) and names the log.
llvm::Error runTool(llvm::ArrayRef<std::string> Args, llvm::StringRef LogPath,
                    const llvm::Twine &What);

/// llvm-bolt \p Binary -instrument: writes \p Instrumented, which on exit
/// writes its profile to <ProfilePrefix>.<pid>.fdata. \p SkipArgument, if
/// not empty, is skipLabelsArgument()'s.
llvm::Error instrument(const BoltTools &Tools, llvm::StringRef Binary,
                       llvm::StringRef ProfilePrefix,
                       llvm::StringRef Instrumented, llvm::StringRef LogPath,
                       llvm::StringRef SkipArgument);

/// Writes \p Names, one a line, to \p Path: an order for -function-order.
llvm::Error writeFunctionOrder(llvm::StringRef Path,
                               llvm::ArrayRef<std::string> Names);

/// What reorderFunctions() asks of llvm-bolt.
struct LayoutRequest {
  std::string OrderFile; ///< -function-order: one function name a line.
  /// -pad-funcs: bytes of padding after each named function.
  std::vector<std::pair<std::string, unsigned>> Padding;
  unsigned FunctionAlignment = 16;
  std::string SkipArgument; ///< skipLabelsArgument()'s, or "".
};

/// llvm-bolt \p Binary -o \p Output with every function it can move
/// (-lite=0) in the order of \p Req's file, aligned to
/// Req.FunctionAlignment, with Req's padding: one layout of the same code.
/// Blocks keep their order.
llvm::Error reorderFunctions(const BoltTools &Tools, llvm::StringRef Binary,
                             const LayoutRequest &Req, llvm::StringRef Output,
                             llvm::StringRef LogPath);

/// merge-fdata \p Inputs -o \p Output.
llvm::Error mergeProfiles(const BoltTools &Tools,
                          llvm::ArrayRef<std::string> Inputs,
                          llvm::StringRef Output, llvm::StringRef LogPath);

/// What the header of a perf.data file says.
struct PerfDataInfo {
  bool HasBranchStack = false; ///< Some event sampled PERF_SAMPLE_BRANCH_STACK.
};

/// Reads the header of \p Path (perf's "PERFILE2" file format). Fails for a
/// missing file or one that is not perf.data.
llvm::Expected<PerfDataInfo> readPerfDataHeader(llvm::StringRef Path);

/// perf2bolt -p \p PerfData -o \p Output \p Binary. perf2bolt reads the
/// samples through `perf script`, so `perf` must be on PATH.
llvm::Error convertPerfData(const BoltTools &Tools, llvm::StringRef PerfData,
                            llvm::StringRef Binary, llvm::StringRef Output,
                            llvm::StringRef LogPath);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOLS_BOLTDRIVER_H
