//===- Bolt/BoltDriver.h - llvm-bolt, perf2bolt, merge-fdata --------------===//
//
// BOLT ships as command-line tools only (no headers), so hotlayout drives
// them as child processes. This file finds the tools of the LLVM major
// hotlayout was built with (or of --bolt-dir), checks that a binary is one
// BOLT can work on, and holds every BOLT command line the tool runs:
// instrumentation (profile), profile merging and perf conversion (profile),
// and the ordered, aligned, padded rewrite (apply). Each runs with its output
// in a log, and a failure becomes an llvm::Error quoting BOLT's own error
// lines.
//
// The runtime-library problem: llvm-bolt -instrument links
// libbolt_rt_instr.a, which it looks for in <dir of argv[0]>/../lib. Run via
// a symlink such as /usr/bin/llvm-bolt-19, that is /usr/lib, where it is not
// (BOLT 19 fails; 22 happens to work). So the tools are always run by their
// real path, and the library is checked for before BOLT is started.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_BOLTDRIVER_H
#define HOTLAYOUT_TOOL_BOLTDRIVER_H

#include "hotlayout/Tool/Binary/BinaryFile.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hotlayout {

/// The directory hotlayout looks for BOLT in when no other is given: the
/// bin directory of the LLVM it was built with (/usr/lib/llvm-N/bin).
llvm::StringRef defaultBoltDir();

/// How long one run of a BOLT tool may take by default (--bolt-timeout):
/// an hour. llvm-bolt hangs on some damaged binaries, and its output goes
/// to a log, so without a limit a script or CI job waits forever; a limit
/// must still never stop a healthy run. Measured on this project's 2-core
/// VM, loaded: llvm-bolt rewrites Lua (0.27 MB of code) with apply's
/// options in 0.35 s of CPU, 1.6-1.9 s wall, and bzip2 (0.1 MB) in under
/// 1 s; llvm-bolt -lite=0 on cargo (31.5 MB of code, 40,000 functions)
/// took 33 s of CPU, 124 s wall, 3.3 GB. At 1-1.5 s of CPU per MB and 4x
/// that in wall time, the largest binaries BOLT is used on (100-200 MB of
/// code, such as HHVM or clang) take up to ~20 minutes on such a machine:
/// an hour leaves a margin of 3 or more. A
/// perf2bolt conversion of a very large perf.data can take longer: raise
/// the limit, or pass 0.
inline constexpr unsigned DefaultBoltTimeoutSeconds = 3600;

/// Paths of the BOLT tools, all in one directory, each resolved to its real
/// path (never a symlink).
struct BoltTools {
  std::string Dir;
  std::string LLVMBolt;
  std::string Perf2Bolt;
  std::string MergeFdata;
  /// Dir is the bin directory of the LLVM hotlayout was built with.
  bool BuildLLVM = false;
  /// Each run of a tool is stopped after this many seconds (0: no limit).
  unsigned TimeoutSeconds = DefaultBoltTimeoutSeconds;

  /// Finds the tools in \p Dir (empty: defaultBoltDir()), to be run with
  /// a limit of \p TimeoutSeconds each. With \p NeedInstrumentationRuntime,
  /// also requires libbolt_rt_instr.a where llvm-bolt will look for it.
  /// Errors name the directory and the package to install or the option to
  /// pass.
  static llvm::Expected<BoltTools>
  find(llvm::StringRef Dir, bool NeedInstrumentationRuntime,
       unsigned TimeoutSeconds = DefaultBoltTimeoutSeconds);
};

/// True when a relocation section applies to code: what -Wl,--emit-relocs
/// (-q) leaves, and what llvm-bolt needs to instrument a binary or move its
/// functions. Dynamic relocations (.rela.dyn, .rela.plt) do not count.
bool hasCodeRelocations(const llvm::object::ELFObjectFileBase &Obj);

/// An error when \p File has no static relocations against code: BOLT
/// cannot move its functions. plan, apply and ab give this same error, so a
/// binary apply will refuse gets no lock either.
llvm::Error requireCodeRelocations(const BinaryFile &File);

/// The largest section alignment handed to llvm-bolt: 2 MiB, a huge page.
inline constexpr uint64_t MaxBoltSectionAlignment = uint64_t(1) << 21;

/// An error when a section of \p File is aligned past
/// MaxBoltSectionAlignment: llvm-bolt lays the sections it rewrites out at
/// their alignment, zero-filling the file up to it, so one damaged
/// sh_addralign (2^31 - 1 on .comment) had it write a 2 GiB output over
/// most of a minute. apply and profile check it before llvm-bolt runs.
llvm::Error requireSaneSectionAlignments(const BinaryFile &File);

/// What BOLT needs of a binary to read or instrument it.
struct BoltRequirements {
  /// Static relocations against code (-Wl,--emit-relocs): llvm-bolt
  /// -instrument refuses a binary without them.
  bool Relocations = false;
};

/// Opens \p Path and checks it is something BOLT can work on: a linked
/// ELF64 x86-64 executable or shared object (not a script: the message says
/// to name the binary the script runs), with .symtab function symbols (not
/// stripped), and with relocations when \p Req asks for them (the message
/// says to relink with -Wl,--emit-relocs).
llvm::Expected<std::unique_ptr<BinaryFile>> openForBolt(llvm::StringRef Path,
                                                        BoltRequirements Req);

/// Writes \p Labels, one per line, to \p Path and returns the llvm-bolt
/// argument that keeps them where the linker put them
/// (-skip-funcs-file=Path), or "" when there are none.
llvm::Expected<std::string>
skipLabelsArgument(llvm::ArrayRef<std::string> Labels, llvm::StringRef Path);

/// llvm-bolt \p Binary -instrument: writes \p Instrumented, which on exit
/// writes its profile to <ProfilePrefix>.<pid>.fdata. \p SkipArgument, if
/// not empty, is skipLabelsArgument()'s.
llvm::Error instrument(const BoltTools &Tools, llvm::StringRef Binary,
                       llvm::StringRef ProfilePrefix,
                       llvm::StringRef Instrumented, llvm::StringRef LogPath,
                       llvm::StringRef SkipArgument);

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

/// One llvm-bolt rewrite that lays the code out in a given function order:
/// what apply runs to put locked functions at their offsets.
struct BoltRewrite {
  std::string Input;
  std::string Output;
  /// -reorder-functions=user: these functions first, in this order; BOLT
  /// places the others after them.
  std::vector<std::string> FunctionOrder;
  /// Where the order file is written (-function-order).
  std::string FunctionOrderPath;
  /// When not 0, every function starts at a multiple of it, small ones too.
  uint64_t FunctionAlignment = 0;
  /// Bytes of padding after a function, by its name in the symbol table
  /// (-pad-funcs).
  std::vector<std::pair<std::string, uint64_t>> Padding;
  /// Bytes of zeros before a function, after its alignment
  /// (-pad-funcs-before, llvm-bolt 22 and later).
  std::vector<std::pair<std::string, uint64_t>> PaddingBefore;
  /// Align to FunctionAlignment only by the 2-byte minimum
  /// (-align-functions-max-bytes=0): padding alone places functions
  /// (PadMode::ExactGaps).
  bool ExactGaps = false;
  /// Write BOLT address translation (-enable-bat) so the output's code can
  /// be mapped back to the input profile.
  bool AddressTranslation = false;
  /// Keep 4 KiB instead of 2 MiB segment alignment (-no-huge-pages): a
  /// smaller file, the same code.
  bool NoHugePages = false;
  /// Emit the code of functions without a profile exactly as the input
  /// has it: keep its nops (a compiler's loop alignment), do not shorten
  /// instructions or drop unreachable blocks (either moves the code after
  /// it). Functions with a profile are still laid out by it.
  bool KeepInputCode = false;
  /// A profile (-data): blocks in profile order, never-run blocks split
  /// out of the function; empty: blocks keep their order.
  std::string Profile;
  /// skipLabelsArgument()'s, or empty.
  std::string SkipArgument;
  /// -funcs-file-no-regex: the functions llvm-bolt processes (its own
  /// names: a local function is NAME/N), written to OnlyFunctionsPath;
  /// empty: all. The others stay where they were. llvm-bolt matches every
  /// function it emits against every -pad-funcs pattern, a regex it builds
  /// per function and pattern, so emitting only these saves that.
  std::vector<std::string> OnlyFunctions;
  std::string OnlyFunctionsPath;
  /// -lite=0 without a profile too: move every function, not only those
  /// with a profile (ab's layouts have none). With a profile it is always
  /// passed.
  bool AllFunctions = false;
};

/// The -pad-funcs pattern for the function \p Name: BOLT matches it as an
/// anchored regex against its own names, which for a function the linker
/// made local are NAME/N (or NAME/file/N).
std::string padFunctionPattern(llvm::StringRef Name);

/// Whether llvm-bolt of LLVM \p Major takes -pad-funcs-before, where that
/// is known without asking it: yes from 22 (checked), no up to 19
/// (checked: unknown option); none for the majors between, never checked.
std::optional<bool> padBeforeByMajor(unsigned Major);

/// True when \p Tools' llvm-bolt takes -pad-funcs-before. The LLVM
/// hotlayout was built with answers by its major (padBeforeByMajor); any
/// other llvm-bolt is asked for its hidden options, written to
/// \p ScratchPath.
bool supportsPadBefore(const BoltTools &Tools, llvm::StringRef ScratchPath);

/// The llvm-bolt command line (program path first) for \p R.
std::vector<std::string> rewriteArguments(const BoltTools &Tools,
                                          const BoltRewrite &R);

/// Writes R.FunctionOrder to R.FunctionOrderPath and runs llvm-bolt with
/// rewriteArguments(), its output in \p LogPath.
llvm::Error rewrite(const BoltTools &Tools, const BoltRewrite &R,
                    llvm::StringRef LogPath);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_BOLTDRIVER_H
