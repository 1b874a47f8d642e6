//===- ApplyCommand.cpp - hotlayout apply: put locked functions in place --===//
//
// The shell of `hotlayout apply BINARY --lock layout.lock -o OUT [--profile
// P.fdata] [--smoke CMD]` (the work is runApply in Apply.h): options to
// ApplyConfig, run, print the report. Exit 0: every locked function at its
// offset; 1: some are not (OUT is still written); 2: errors (OUT is not
// written).
//
//===----------------------------------------------------------------------===//

#include "CommandOptions.h"
#include "Commands.h"

#include "hotlayout/Support/HotLoopRules.h"
#include "hotlayout/Tool/Apply/Apply.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace llvm;

namespace hotlayout {

cl::SubCommand ApplySubcommand(
    "apply", "Drive llvm-bolt to put each function of a layout lock at its "
             "locked offset in the hot text, and report which landed there "
             "(exit 1 when some did not, 2 on errors)");

static cl::OptionCategory ApplyCategory(
    "hotlayout apply options",
    "The binary needs .symtab and static relocations (-Wl,--emit-relocs). "
    "OUT is written atomically; the input is never modified.");

static cl::opt<std::string> BinaryPath(cl::Positional, cl::Required,
                                       cl::desc("<binary>"),
                                       cl::sub(ApplySubcommand),
                                       cl::cat(ApplyCategory));

static cl::opt<std::string> LockPath("lock", cl::Required,
                                     cl::desc("Layout lock (hotlayout plan)"),
                                     cl::value_desc("file"),
                                     cl::sub(ApplySubcommand),
                                     cl::cat(ApplyCategory));

static cl::opt<std::string> OutputPath("o", cl::Required,
                                       cl::desc("Binary to write"),
                                       cl::value_desc("file"),
                                       cl::sub(ApplySubcommand),
                                       cl::cat(ApplyCategory));

static cl::opt<std::string> ProfilePath(
    "profile",
    cl::desc("BOLT profile of BINARY or of an earlier build of it (hotlayout "
             "profile): BOLT then orders each function's blocks by it "
             "(ext-tsp) and moves never-run blocks out of the hot text; "
             "without it blocks keep their order"),
    cl::value_desc("fdata"), cl::sub(ApplySubcommand), cl::cat(ApplyCategory));

// BOLT's output size of a function can depend on where the functions before
// it landed, so one correction is not always the last (with --profile on
// Lua, padding to the exact end of each space, a function emitted 3 bytes
// more once its predecessors sat at their offsets and 262 of 289 functions
// after it moved; padding to mid-line made that moot, the loop stays).
static cl::opt<unsigned> MaxBoltRuns(
    "max-bolt-runs",
    cl::desc("Run llvm-bolt at most this many times in all (the runs that "
             "place hot loops again included), each time padding by the "
             "sizes the previous run emitted, until every locked function "
             "lands on its offset (default 4)"),
    cl::init(4), cl::sub(ApplySubcommand), cl::cat(ApplyCategory));

static cl::opt<std::string> SmokeCommand(
    "smoke",
    cl::desc("Shell command run on the result before it is renamed to the "
             "-o file: {} is replaced by its path (else the path is "
             "appended); a non-zero exit is an error and nothing is written"),
    cl::value_desc("command"), cl::sub(ApplySubcommand),
    cl::cat(ApplyCategory));

static cl::opt<bool> PlaceLoops(
    "place-loops",
    cl::desc("Start each locked function where the lock says, or with "
             "--profile where its hot loops need the fewest lines; off: "
             "every one at its input line offset, as the compiler placed "
             "it (default on)"),
    cl::init(true), cl::sub(ApplySubcommand), cl::cat(ApplyCategory));

// The thresholds check, diff and loops take, applied to the output's loops.
static HotCountOptions HotCounts(ApplySubcommand, ApplyCategory);

static cl::opt<std::string> WriteLock(
    "write-lock",
    cl::desc("Write the lock with the choices made (each placed function's "
             "shift, emitted size and relocation-masked code hash) to this "
             "file, which may be the --lock file: the next build whose "
             "functions are unchanged is placed in one llvm-bolt run"),
    cl::value_desc("file"), cl::sub(ApplySubcommand), cl::cat(ApplyCategory));

static cl::opt<bool> NoHugePages(
    "no-huge-pages",
    cl::desc("Pass -no-huge-pages to llvm-bolt: segments aligned to 4 KiB "
             "instead of 2 MiB, so the output file is megabytes smaller (the "
             "zero fill) with the same code; huge pages only help with "
             "-hugify or a kernel mapping text with THP (default off)"),
    cl::init(false), cl::sub(ApplySubcommand), cl::cat(ApplyCategory));

static cl::opt<bool> Verbose(
    "verbose",
    cl::desc("Print each llvm-bolt command line to stderr as it starts"),
    cl::init(false), cl::sub(ApplySubcommand), cl::cat(ApplyCategory));

static cl::opt<bool>
    Time("time",
         cl::desc("Report the wall time apply spent reading its inputs, in "
                  "llvm-bolt, and verifying the output (default off)"),
         cl::init(false), cl::sub(ApplySubcommand), cl::cat(ApplyCategory));

static BoltToolOptions BoltTool(ApplySubcommand, ApplyCategory);

int runApplyCommand() {
  ApplyConfig Config;
  Config.BinaryPath = BinaryPath;
  Config.LockPath = LockPath;
  Config.OutputPath = OutputPath;
  Config.ProfilePath = ProfilePath;
  Config.MaxBoltRuns = MaxBoltRuns;
  Config.SmokeCommand = SmokeCommand;
  Config.BoltDir = BoltTool.Dir;
  Config.BoltTimeout = BoltTool.Timeout;
  Config.PlaceLoops = PlaceLoops;
  Config.MinCount = HotCounts.MinCount;
  Config.HotCoverage = HotCounts.HotCoverage;
  Config.WriteLockPath = WriteLock;
  Config.NoHugePages = NoHugePages;
  Config.Verbose = Verbose;
  Config.Time = Time;
  Expected<ApplyResult> R = runApply(Config);
  if (!R)
    return reportError("apply", R.takeError());
  printApplyReport(*R, outs());
  return R->allPlaced() && !R->straddling() ? ExitClean : ExitFindings;
}

} // namespace hotlayout
