//===- ProfileCommand.cpp - hotlayout profile: record a BOLT profile ------===//
//
// The shell of `hotlayout profile` (the work is runProfile in Profile.h):
//   hotlayout profile -o P.fdata [options] -- PROGRAM [ARGS...]
//   hotlayout profile -o P.fdata --perf-data perf.data BINARY
//   hotlayout profile -o P.fdata --library LIB.so [--preload] -- PROGRAM ...
// Progress lines go to stderr as each step starts (--quiet silences them).
// Exit 0 when the profile was written, 2 on errors (nothing is written).
//
//===----------------------------------------------------------------------===//

#include "CommandOptions.h"
#include "Commands.h"

#include "hotlayout/Tool/Profile/Profile.h"

#include "llvm/Support/CommandLine.h"

#include <string>

using namespace llvm;

namespace hotlayout {

cl::SubCommand ProfileSubcommand(
    "profile", "Record a BOLT branch profile (.fdata) of a program by "
               "instrumenting it with llvm-bolt and running it (of a shared "
               "library: through a program that loads it), or convert perf "
               "data with perf2bolt (exit 2 on errors)");

static cl::OptionCategory ProfileCategory(
    "hotlayout profile options",
    "Usage: hotlayout profile -o P.fdata [options] -- PROGRAM [ARGS...]\n"
    "       hotlayout profile -o P.fdata --perf-data perf.data BINARY\n"
    "       hotlayout profile -o P.fdata --library LIB.so [--preload] -- "
    "PROGRAM [ARGS...]\n"
    "PROGRAM (or LIB.so) must be an unstripped x86-64 ELF linked with "
    "-Wl,--emit-relocs.");

static cl::opt<std::string> OutputPath("o", cl::Required,
                                       cl::desc("Write the profile here"),
                                       cl::value_desc("P.fdata"),
                                       cl::sub(ProfileSubcommand),
                                       cl::cat(ProfileCategory));

static cl::opt<unsigned>
    Runs("runs", cl::init(1),
         cl::desc("Run the program this many times and merge the profiles "
                  "(default 1)"),
         cl::sub(ProfileSubcommand), cl::cat(ProfileCategory));

static cl::opt<bool>
    Append("append",
           cl::desc("Merge into the profile already in -o instead of "
                    "replacing it (default off)"),
           cl::sub(ProfileSubcommand), cl::cat(ProfileCategory));

static cl::opt<bool> Quiet("quiet",
                           cl::desc("Print no progress lines (default off)"),
                           cl::sub(ProfileSubcommand),
                           cl::cat(ProfileCategory));

static cl::opt<bool> AllowFailingRuns(
    "allow-failing-runs",
    cl::desc("Keep the profile of runs that exit with a non-zero status "
             "(default off: such a run is an error and nothing is written)"),
    cl::sub(ProfileSubcommand), cl::cat(ProfileCategory));

static BoltToolOptions BoltTool(ProfileSubcommand, ProfileCategory);

static cl::opt<std::string> PerfData(
    "perf-data",
    cl::desc("Convert this perf.data (recorded with branch stacks: perf "
             "record -e cycles:u -j any,u) with perf2bolt instead of "
             "instrumenting (default: instrument)"),
    cl::value_desc("perf.data"), cl::sub(ProfileSubcommand),
    cl::cat(ProfileCategory));

static cl::opt<std::string> Library(
    "library",
    cl::desc("Instrument this shared library instead of PROGRAM, and run "
             "PROGRAM with the instrumented copy first on LD_LIBRARY_PATH, "
             "under the library's SONAME and file name (default: profile "
             "PROGRAM itself)"),
    cl::value_desc("LIB.so"), cl::sub(ProfileSubcommand),
    cl::cat(ProfileCategory));

static cl::opt<bool> Preload(
    "preload",
    cl::desc("With --library: load the instrumented copy with LD_PRELOAD "
             "instead, as an allocator or other interposing library is run, "
             "or when PROGRAM finds the library by a path or DT_RPATH "
             "(default off)"),
    cl::sub(ProfileSubcommand), cl::cat(ProfileCategory));

static cl::opt<std::string> ProgramName(cl::Positional, cl::desc("PROGRAM"),
                                        cl::sub(ProfileSubcommand),
                                        cl::cat(ProfileCategory));

static cl::list<std::string> ProgramArgs(cl::ConsumeAfter,
                                         cl::desc("[ARGS...]"),
                                         cl::sub(ProfileSubcommand),
                                         cl::cat(ProfileCategory));

int runProfileCommand() {
  ProfileConfig Config;
  Config.OutputPath = OutputPath;
  Config.Program = ProgramName;
  Config.ProgramArgs.assign(ProgramArgs.begin(), ProgramArgs.end());
  if (Runs.getNumOccurrences())
    Config.Runs = Runs;
  Config.Append = Append;
  Config.AllowFailingRuns = AllowFailingRuns;
  Config.BoltDir = BoltTool.Dir;
  Config.BoltTimeout = BoltTool.Timeout;
  Config.PerfData = PerfData;
  Config.Library = Library;
  Config.Preload = Preload;
  if (Error E = runProfile(
          Config, commandDiagnostics("profile", /*ShowProgress=*/!Quiet)))
    return reportError("profile", std::move(E));
  return ExitClean;
}

} // namespace hotlayout
