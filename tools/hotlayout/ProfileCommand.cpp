//===- ProfileCommand.cpp - hotlayout profile: record a BOLT profile
//-------===//
//
// `hotlayout profile -o P.fdata -- PROGRAM ARGS...` records where a program
// branches, as a BOLT .fdata profile that `check --profile` and llvm-bolt
// read. By instrumentation, which needs no hardware support:
//
//  1. Find PROGRAM (PATH lookup) and check it is a linked x86-64 ELF with
//     .symtab and relocations (BOLT's instrumentation needs -Wl,--emit-relocs);
//     find llvm-bolt and merge-fdata of the LLVM hotlayout was built with,
//     or in --bolt-dir (BoltDriver.h: always by real path, which is what
//     makes BOLT find its runtime library).
//  2. llvm-bolt -instrument into a temporary directory; every process of the
//     instrumented program writes <tmp>/prof.fdata.<pid>.fdata on exit.
//  3. Run it --runs times with ARGS, stdin/stdout/stderr passed through.
//     A run that exits non-zero, dies of a signal or writes no profile is an
//     error (nothing is written) unless --allow-failing-runs keeps the
//     profiles of runs that exited non-zero.
//  4. merge-fdata every run's files (and the existing output with
//     --append) into a temporary file beside -o, then rename it over -o.
//
// From perf: `hotlayout profile --perf-data perf.data -o P.fdata BINARY`
// converts with perf2bolt instead of steps 2-3. It needs branch stacks
// (LBR): the header is checked first, so a recording without them is a
// clear error rather than a no_lbr profile check cannot use.
//
// Progress lines go to stderr ("--quiet" silences them). The temporary
// directory is removed, except when a BOLT tool failed: its log is there.
//
//===----------------------------------------------------------------------===//

#include "Commands.h"
#include "hotlayout/Tool/BoltDriver.h"
#include "hotlayout/Tool/Error.h"
#include "hotlayout/Tool/Process.h"
#include "hotlayout/Tool/TempFiles.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

using namespace llvm;

namespace hotlayout {

cl::SubCommand ProfileSubcommand(
    "profile", "Record a BOLT branch profile (.fdata) of a program by "
               "instrumenting it with llvm-bolt and running it, or convert "
               "perf data with perf2bolt (exit 2 on errors)");

static cl::OptionCategory ProfileCategory(
    "hotlayout profile options",
    "Usage: hotlayout profile -o P.fdata [options] -- PROGRAM [ARGS...]\n"
    "       hotlayout profile -o P.fdata --perf-data perf.data BINARY\n"
    "PROGRAM must be an unstripped x86-64 ELF linked with -Wl,--emit-relocs.");

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

static cl::opt<std::string> BoltDir(
    "bolt-dir",
    cl::desc("Directory holding llvm-bolt, perf2bolt and merge-fdata "
             "(default: the bin directory of the LLVM hotlayout was built "
             "with)"),
    cl::value_desc("dir"), cl::sub(ProfileSubcommand),
    cl::cat(ProfileCategory));

static cl::opt<std::string> PerfData(
    "perf-data",
    cl::desc("Convert this perf.data (recorded with branch stacks: perf "
             "record -e cycles:u -j any,u) with perf2bolt instead of "
             "instrumenting (default: instrument)"),
    cl::value_desc("perf.data"), cl::sub(ProfileSubcommand),
    cl::cat(ProfileCategory));

static cl::opt<std::string> ProgramName(cl::Positional, cl::desc("PROGRAM"),
                                        cl::sub(ProfileSubcommand),
                                        cl::cat(ProfileCategory));

static cl::list<std::string> ProgramArgs(cl::ConsumeAfter,
                                         cl::desc("[ARGS...]"),
                                         cl::sub(ProfileSubcommand),
                                         cl::cat(ProfileCategory));

static void progress(const Twine &Line) {
  if (!Quiet)
    errs() << "hotlayout profile: " << Line << '\n';
}

/// The profile written through a temporary file beside -o, created now so
/// that a bad output path fails before the long steps.
static Expected<AtomicOutput> openOutput() {
  if (sys::fs::is_directory(OutputPath))
    return fileError(OutputPath, "is a directory; -o takes the profile's file "
                                 "name");
  return AtomicOutput::create(OutputPath);
}

/// The existing profile to merge with (--append), if there is one.
static std::vector<std::string> appendedProfile() {
  if (!Append)
    return {};
  if (!sys::fs::exists(OutputPath)) {
    progress("--append: '" + OutputPath + "' does not exist yet; starting it");
    return {};
  }
  return {OutputPath};
}

/// Merges \p Inputs into the output and renames it into place (step 4).
static Error writeMerged(const BoltTools &Tools,
                         std::vector<std::string> Inputs, const TempDir &Tmp,
                         AtomicOutput &Out) {
  std::vector<std::string> Old = appendedProfile();
  Inputs.insert(Inputs.end(), Old.begin(), Old.end());
  progress("merging " + Twine(Inputs.size()) + " profile" +
           (Inputs.size() == 1 ? "" : "s") + " into " + Out.finalPath());
  if (Error E =
          mergeProfiles(Tools, Inputs, Out.tempPath(), Tmp.file("merge.log")))
    return E;
  return Out.commit();
}

/// The profile files (prof.fdata.<pid>.fdata) in \p Dir not in \p Seen,
/// which they are then added to.
static Expected<std::vector<std::string>> newProfiles(const TempDir &Dir,
                                                      StringSet<> &Seen) {
  std::vector<std::string> Found;
  std::error_code EC;
  for (sys::fs::directory_iterator It(Dir.path(), EC), End; It != End && !EC;
       It.increment(EC)) {
    StringRef Name = sys::path::filename(It->path());
    if (Name.starts_with("prof.fdata.") && Name.ends_with(".fdata") &&
        Seen.insert(It->path()).second)
      Found.push_back(It->path());
  }
  if (EC)
    return makeError("cannot list '" + Dir.path() + "': " + EC.message());
  llvm::sort(Found);
  return Found;
}

/// "prog a b" for progress lines.
static std::string commandLine() {
  std::string S = ProgramName;
  for (const std::string &A : ProgramArgs)
    S += " " + A;
  return S;
}

/// Runs the instrumented binary once (step 3) and returns the profiles it
/// wrote.
static Expected<std::vector<std::string>> runOnce(StringRef Instrumented,
                                                  unsigned Run,
                                                  const TempDir &Tmp,
                                                  StringSet<> &Seen) {
  progress("run " + Twine(Run) + "/" + Twine(Runs) + ": " + commandLine());
  // argv[0] stays what the user typed: some programs look at it.
  SmallVector<StringRef, 8> Argv = {ProgramName};
  for (const std::string &A : ProgramArgs)
    Argv.push_back(A);
  ProcessResult P = runProcess(Instrumented, Argv);
  int RC = P.Status;
  const std::string &ErrMsg = P.ErrMsg;
  std::string Which = ("run " + Twine(Run) + " of " + Twine(Runs)).str();
  if (P.ExecFailed)
    return makeError("cannot run the instrumented copy of '" + ProgramName +
                     "' (" + Which + "): " + ErrMsg);
  if (RC < 0)
    return fileError(ProgramName, "did not exit normally in " + Which + " (" +
                                      ErrMsg + "); nothing was written to '" +
                                      OutputPath + "'");
  if (RC > 0 && !AllowFailingRuns)
    return fileError(
        ProgramName,
        "exited with status " + Twine(RC) + " in " + Which +
            "; nothing was written to '" + OutputPath +
            "'. Fix the run, or pass --allow-failing-runs to keep the "
            "profile of runs that exit non-zero");
  if (RC > 0)
    progress("run " + Twine(Run) + " exited with status " + Twine(RC) +
             "; keeping its profile (--allow-failing-runs)");
  auto Files = newProfiles(Tmp, Seen);
  if (!Files)
    return Files.takeError();
  if (Files->empty())
    return fileError(
        ProgramName,
        "wrote no profile in " + Which +
            ": BOLT's runtime writes it when the program exits through "
            "exit() or by returning from main; _exit(), exec() and "
            "fatal signals skip it");
  return Files;
}

/// The executable a command line names: \p Name itself when it contains a
/// '/', else the first match on PATH.
static Expected<std::string> findCommand(StringRef Name) {
  if (Name.empty())
    return makeError("no command given; usage: hotlayout profile -o P.fdata "
                     "-- PROGRAM [ARGS...]");
  if (Name.contains('/')) {
    if (!sys::fs::exists(Name))
      return fileError(Name, "does not exist; pass the path of the program "
                             "to profile");
    return Name.str();
  }
  ErrorOr<std::string> Found = sys::findProgramByName(Name);
  if (!Found)
    return fileError(Name, "is not a file and was not found on PATH; pass "
                           "the path of the program to profile");
  return *Found;
}

static Error profileByInstrumentation(const BoltTools &Tools,
                                      const BinaryFile &File) {
  StringRef Binary = File.path();
  auto Out = openOutput();
  if (!Out)
    return Out.takeError();
  auto Tmp = TempDir::createInSystemTemp("hotlayout-profile");
  if (!Tmp)
    return Tmp.takeError();
  std::string Instrumented = Tmp->file("instrumented");
  progress("instrumenting " + Binary + " with " + Tools.LLVMBolt);
  std::vector<std::string> Labels = untypedCodeLabels(File);
  if (!Labels.empty())
    progress("leaving " + Twine(Labels.size()) + " untyped code label" +
             (Labels.size() == 1 ? "" : "s") + " uninstrumented (e.g. '" +
             Labels.front() +
             "'): code between such labels may be copied "
             "by address");
  auto Skip = skipLabelsArgument(Labels, Tmp->file("skip-funcs.txt"));
  if (!Skip)
    return Skip.takeError();
  if (Error E = instrument(Tools, Binary, Tmp->file("prof.fdata"), Instrumented,
                           Tmp->file("instrument.log"), *Skip)) {
    Tmp->keep(); // The error names the log in it.
    return E;
  }

  StringSet<> Seen;
  std::vector<std::string> Profiles;
  for (unsigned Run = 1; Run <= Runs; ++Run) {
    auto Files = runOnce(Instrumented, Run, *Tmp, Seen);
    if (!Files)
      return Files.takeError();
    Profiles.insert(Profiles.end(), Files->begin(), Files->end());
  }
  if (Error E = writeMerged(Tools, std::move(Profiles), *Tmp, *Out)) {
    Tmp->keep();
    return E;
  }
  progress("wrote " + OutputPath);
  return Error::success();
}

static Error profileFromPerf(const BoltTools &Tools, StringRef Binary) {
  auto Info = readPerfDataHeader(PerfData);
  if (!Info)
    return Info.takeError();
  if (!Info->HasBranchStack)
    return fileError(PerfData,
                     "has no branch stacks (LBR), and a profile without "
                     "them has no branch counts; record with perf record -e "
                     "cycles:u -j any,u -- PROGRAM on a CPU with LBR, or "
                     "profile by instrumentation: hotlayout profile -o " +
                         OutputPath + " -- PROGRAM ARGS...");
  auto Out = openOutput();
  if (!Out)
    return Out.takeError();
  auto Tmp = TempDir::createInSystemTemp("hotlayout-profile");
  if (!Tmp)
    return Tmp.takeError();
  progress("converting " + PerfData + " with " + Tools.Perf2Bolt);
  std::string Converted = Tmp->file("perf.fdata");
  Error E = convertPerfData(Tools, PerfData, Binary, Converted,
                            Tmp->file("perf2bolt.log"));
  if (!E)
    E = writeMerged(Tools, {Converted}, *Tmp, *Out);
  if (E) {
    Tmp->keep(); // The error names the log in it.
    return E;
  }
  progress("wrote " + OutputPath);
  return Error::success();
}

static Error profile() {
  if (ProgramName.empty())
    return makeError(
        PerfData.empty()
            ? "no program given; usage: hotlayout profile -o "
              "P.fdata -- PROGRAM [ARGS...]"
            : "no binary given; usage: hotlayout profile -o P.fdata "
              "--perf-data perf.data BINARY");
  if (Runs == 0)
    return makeError("--runs must be at least 1");
  bool FromPerf = !PerfData.empty();
  if (FromPerf && (!ProgramArgs.empty() || Runs.getNumOccurrences()))
    return makeError("--perf-data converts a recording of BINARY; it takes no "
                     "program arguments and no --runs");

  auto Binary = findCommand(ProgramName);
  if (!Binary)
    return Binary.takeError();
  BoltRequirements Req;
  Req.Relocations = !FromPerf;
  auto File = openForBolt(*Binary, Req);
  if (!File)
    return File.takeError();
  if (!FromPerf && (*File)->kind() == BinaryKind::SharedObject)
    return fileError(*Binary,
                     "is a shared object, not a program: hotlayout profile "
                     "runs the binary it instruments. Profile the program "
                     "that loads it, or record that program with perf on a "
                     "CPU with LBR and convert the recording for the "
                     "library: hotlayout profile -o " +
                         OutputPath + " --perf-data perf.data " + ProgramName);
  auto Tools =
      BoltTools::find(BoltDir, /*NeedInstrumentationRuntime=*/!FromPerf);
  if (!Tools)
    return Tools.takeError();
  return FromPerf ? profileFromPerf(*Tools, *Binary)
                  : profileByInstrumentation(*Tools, **File);
}

int runProfileCommand() {
  if (Error E = profile())
    return reportError("profile", std::move(E));
  return ExitClean;
}

} // namespace hotlayout
