//===- Profile.cpp - Recording a BOLT profile -----------------------------===//
//
// By instrumentation:
//  1. Find PROGRAM (PATH lookup) and check it is a linked x86-64 ELF with
//     .symtab and relocations (BOLT's instrumentation needs -Wl,--emit-relocs);
//     find llvm-bolt and merge-fdata of the LLVM hotlayout was built with,
//     or in the configured directory (BoltDriver.h: always by real path,
//     which is what makes BOLT find its runtime library).
//  2. llvm-bolt -instrument into a temporary directory; every process of the
//     instrumented program writes <tmp>/prof.fdata.<pid>.fdata on exit.
//  3. Run it Runs times with its arguments, stdin/stdout/stderr passed
//     through. A run that exits non-zero, dies of a signal or writes no
//     profile is an error (nothing is written) unless AllowFailingRuns keeps
//     the profiles of runs that exited non-zero.
//  4. When the binary carries the compiler's PGO analysis map
//     (PGOAnalysisProfile.h), records for the functions BOLT could not
//     instrument, computed from this run's profiles only, so that --append
//     adds them like the rest.
//  5. merge-fdata every run's files, step 4's (and the existing output with
//     Append) into a temporary file beside the output, then rename it over
//     it.
//
// From perf: perf2bolt converts the recording instead of steps 2-3. It needs
// branch stacks (LBR): the header is checked first, so a recording without
// them is a clear error rather than a no_lbr profile check cannot use.
//
// The temporary directory is always removed (issue 14: a failed run left
// it behind); when a BOLT tool fails, the error quotes its log.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/Profile.h"

#include "hotlayout/Tool/BoltDriver.h"
#include "hotlayout/Tool/Hotness.h"
#include "hotlayout/Tool/OutputRule.h"
#include "hotlayout/Tool/PGOAnalysisProfile.h"
#include "hotlayout/Tool/Process.h"
#include "hotlayout/Tool/TempFiles.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace llvm;

namespace hotlayout {

namespace {
/// One run of runProfile(): the configuration and where progress goes.
class Profiler {
public:
  Profiler(const ProfileConfig &C, const Diagnostics &Diag)
      : C(C), Diag(Diag), Runs(C.Runs.value_or(1)) {}

  Error run();

private:
  Error checkOptions() const;
  Expected<std::string> findProgram() const;
  Expected<AtomicOutput> openOutput() const;
  Expected<std::vector<std::string>>
  recordByInstrumentation(const BoltTools &Tools, const BinaryFile &File,
                          TempDir &Tmp);
  Expected<std::vector<std::string>> runOnce(StringRef Instrumented,
                                             unsigned Run, const TempDir &Tmp,
                                             StringSet<> &Seen) const;
  Expected<std::vector<std::string>>
  convertPerf(const BoltTools &Tools, StringRef Binary, TempDir &Tmp) const;
  Expected<std::optional<std::string>>
  recordFromPGOMap(const BinaryFile &File,
                   const std::vector<std::string> &Profiles,
                   const TempDir &Tmp) const;
  Error writeMerged(const BoltTools &Tools, std::vector<std::string> Inputs,
                    const TempDir &Tmp, AtomicOutput &Out) const;
  std::string commandLine() const;

  const ProfileConfig &C;
  const Diagnostics &Diag;
  unsigned Runs;
};
} // namespace

Error Profiler::checkOptions() const {
  if (C.Program.empty())
    return makeError(
        C.PerfData.empty()
            ? "no program given; usage: hotlayout profile -o "
              "P.fdata -- PROGRAM [ARGS...]"
            : "no binary given; usage: hotlayout profile -o P.fdata "
              "--perf-data perf.data BINARY");
  if (Runs == 0)
    return makeError("--runs must be at least 1");
  if (!C.PerfData.empty() && (!C.ProgramArgs.empty() || C.Runs))
    return makeError("--perf-data converts a recording of BINARY; it takes no "
                     "program arguments and no --runs");
  // merge-fdata would refuse a damaged profile to append to only after the
  // runs, naming it inside its own quoted message: check it first.
  if (C.Append && sys::fs::exists(C.OutputPath))
    if (auto Existing = BranchProfile::read(C.OutputPath); !Existing)
      return makeError("--append: " + toString(Existing.takeError()) +
                       "; or write a new profile without --append");
  return Error::success();
}

/// The executable the command line names: the program itself when its name
/// contains a '/', else the first match on PATH, as a shell runs it. With
/// --perf-data nothing is run: BINARY is a file name, as for llvm-bolt, so
/// `--perf-data p prog` reads ./prog.
Expected<std::string> Profiler::findProgram() const {
  StringRef Name = C.Program;
  if (!C.PerfData.empty()) {
    if (!sys::fs::exists(Name))
      return fileError(Name, "does not exist; pass the path of the binary "
                             "the perf data was recorded from");
    return Name.str();
  }
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

/// The profile written through a temporary file beside the output, created
/// now so that a bad output path fails before the long steps.
Expected<AtomicOutput> Profiler::openOutput() const {
  if (sys::fs::is_directory(C.OutputPath))
    return fileError(C.OutputPath, "is a directory; -o takes the profile's "
                                   "file name");
  return AtomicOutput::create(C.OutputPath);
}

/// "a, b, c" of the first \p Max of \p Names, "and N more" for the rest.
static std::string nameList(ArrayRef<std::string> Names, size_t Max) {
  std::string S;
  for (size_t I = 0; I < Names.size() && I < Max; ++I)
    S += (I ? ", " : "") + Names[I];
  if (Names.size() > Max)
    S += " and " + std::to_string(Names.size() - Max) + " more";
  return S;
}

/// Step 4: the file of records \p File's PGO analysis map adds to
/// \p Profiles, if it adds any.
Expected<std::optional<std::string>>
Profiler::recordFromPGOMap(const BinaryFile &File,
                           const std::vector<std::string> &Profiles,
                           const TempDir &Tmp) const {
  if (!File.hasBBAddrMap())
    return std::nullopt;
  auto Profile = BranchProfile::readAll(Profiles);
  // The runs' profiles are temporary files the user never named: the
  // error is the program's (a damaged symbol name written back by BOLT's
  // instrumentation), with the reader's words about the line.
  if (!Profile)
    return fileError(File.path(),
                     "was instrumented, and its run wrote a profile llvm-bolt "
                     "cannot read back (" +
                         toString(Profile.takeError()) +
                         "); its symbols may be damaged: rebuild it");
  auto Records = recordsFromPGOMap(File, *Profile);
  if (!Records)
    return Records.takeError();
  size_t Skipped = Records->NotEntered.size();
  if (Skipped)
    Diag.progress(Twine(Skipped) + " function" + (Skipped == 1 ? "" : "s") +
                  " with a PGO map and no record, not entered in the run "
                  "(nothing scales the map): " +
                  nameList(Records->NotEntered, 5));
  size_t Profiled = Records->Profiled.size();
  if (!Profiled)
    return std::nullopt;
  Diag.progress(Twine(Profiled) + " function" + (Profiled == 1 ? "" : "s") +
                " profiled from the compiler's PGO map (BOLT could not "
                "instrument " +
                (Profiled == 1 ? "it" : "them") +
                "): " + nameList(Records->Profiled, Profiled));
  if (!Records->Inconsistent.empty())
    Diag.warning(fileError(
        File.path(),
        "has PGO map frequencies that do not conserve flow in " +
            nameList(Records->Inconsistent, Records->Inconsistent.size()) +
            " (block frequency inference approximates irreducible control "
            "flow, such as a computed goto): their loop counts are guesses; "
            "compile with -mllvm -use-iterative-bfi-inference"));
  std::string Path = Tmp.file("pgo-map.fdata");
  if (Error E =
          writeTextFile(Path, [&](raw_ostream &OS) { OS << Records->Fdata; }))
    return std::move(E);
  return Path;
}

/// Merges \p Inputs (and the existing output with Append) into the output
/// and renames it into place (step 5).
Error Profiler::writeMerged(const BoltTools &Tools,
                            std::vector<std::string> Inputs, const TempDir &Tmp,
                            AtomicOutput &Out) const {
  if (C.Append && sys::fs::exists(C.OutputPath))
    Inputs.push_back(C.OutputPath);
  else if (C.Append)
    Diag.progress("--append: '" + C.OutputPath +
                  "' does not exist yet; starting it");
  Diag.progress("merging " + Twine(Inputs.size()) + " profile" +
                (Inputs.size() == 1 ? "" : "s") + " into " + C.OutputPath);
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
std::string Profiler::commandLine() const {
  std::string S = C.Program;
  for (const std::string &A : C.ProgramArgs)
    S += " " + A;
  return S;
}

/// Runs the instrumented binary once (step 3) and returns the profiles it
/// wrote.
Expected<std::vector<std::string>> Profiler::runOnce(StringRef Instrumented,
                                                     unsigned Run,
                                                     const TempDir &Tmp,
                                                     StringSet<> &Seen) const {
  Diag.progress("run " + Twine(Run) + "/" + Twine(Runs) + ": " + commandLine());
  // argv[0] stays what the user typed: some programs look at it.
  SmallVector<StringRef, 8> Argv = {C.Program};
  Argv.append(C.ProgramArgs.begin(), C.ProgramArgs.end());
  ProcessResult P = runProcess(Instrumented, Argv);
  std::string Which = ("run " + Twine(Run) + " of " + Twine(Runs)).str();
  if (P.ExecFailed)
    return makeError("cannot run the instrumented copy of '" + C.Program +
                     "' (" + Which + "): " + P.ErrMsg);
  if (P.Status < 0)
    return fileError(C.Program, "did not exit normally in " + Which + " (" +
                                    P.ErrMsg + "); nothing was written to '" +
                                    C.OutputPath + "'");
  if (P.Status > 0 && !C.AllowFailingRuns)
    return fileError(
        C.Program,
        "exited with status " + Twine(P.Status) + " in " + Which +
            "; nothing was written to '" + C.OutputPath +
            "'. Fix the run, or pass --allow-failing-runs to keep the "
            "profile of runs that exit non-zero");
  if (P.Status > 0)
    Diag.progress("run " + Twine(Run) + " exited with status " +
                  Twine(P.Status) +
                  "; keeping its profile (--allow-failing-runs)");
  auto Files = newProfiles(Tmp, Seen);
  if (!Files)
    return Files.takeError();
  if (Files->empty())
    return fileError(
        C.Program,
        "wrote no profile in " + Which +
            ": BOLT's runtime writes it when the program exits through "
            "exit() or by returning from main; _exit(), exec() and "
            "fatal signals skip it");
  return Files;
}

/// Steps 2-3: the profiles of every run.
Expected<std::vector<std::string>>
Profiler::recordByInstrumentation(const BoltTools &Tools,
                                  const BinaryFile &File, TempDir &Tmp) {
  StringRef Binary = File.path();
  std::string Instrumented = Tmp.file("instrumented");
  Diag.progress("instrumenting " + Binary + " with " + Tools.LLVMBolt);
  std::vector<std::string> Labels = untypedCodeLabels(File);
  if (!Labels.empty())
    Diag.progress("leaving " + Twine(Labels.size()) + " untyped code label" +
                  (Labels.size() == 1 ? "" : "s") + " uninstrumented (e.g. '" +
                  Labels.front() +
                  "'): code between such labels may be copied by address");
  auto Skip = skipLabelsArgument(Labels, Tmp.file("skip-funcs.txt"));
  if (!Skip)
    return Skip.takeError();
  if (Error E = instrument(Tools, Binary, Tmp.file("prof.fdata"), Instrumented,
                           Tmp.file("instrument.log"), *Skip)) {
    return std::move(E);
  }
  StringSet<> Seen;
  std::vector<std::string> Profiles;
  for (unsigned Run = 1; Run <= Runs; ++Run) {
    auto Files = runOnce(Instrumented, Run, Tmp, Seen);
    if (!Files)
      return Files.takeError();
    Profiles.insert(Profiles.end(), Files->begin(), Files->end());
  }
  return Profiles;
}

/// perf2bolt instead of steps 2-3.
Expected<std::vector<std::string>> Profiler::convertPerf(const BoltTools &Tools,
                                                         StringRef Binary,
                                                         TempDir &Tmp) const {
  Diag.progress("converting " + C.PerfData + " with " + Tools.Perf2Bolt);
  std::string Converted = Tmp.file("perf.fdata");
  if (Error E = convertPerfData(Tools, C.PerfData, Binary, Converted,
                                Tmp.file("perf2bolt.log"))) {
    return std::move(E);
  }
  return std::vector<std::string>{Converted};
}

Error Profiler::run() {
  if (Error E = checkOptions())
    return E;
  bool FromPerf = !C.PerfData.empty();
  auto Binary = findProgram();
  if (!Binary)
    return Binary.takeError();
  // --append reads the output too, by design: it is not on this list.
  if (Error E = checkOutputNotInput("profile", C.OutputPath,
                                    {{FromPerf ? "binary" : "program", *Binary},
                                     {"perf data", C.PerfData}}))
    return E;
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
                         C.OutputPath + " --perf-data perf.data " + C.Program);
  auto Tools = BoltTools::find(
      C.BoltDir, /*NeedInstrumentationRuntime=*/!FromPerf, C.BoltTimeout);
  if (!Tools)
    return Tools.takeError();
  if (FromPerf) {
    auto Info = readPerfDataHeader(C.PerfData);
    if (!Info)
      return Info.takeError();
    if (!Info->HasBranchStack)
      return fileError(C.PerfData,
                       "has no branch stacks (LBR), and a profile without "
                       "them has no branch counts; record with perf record -e "
                       "cycles:u -j any,u -- PROGRAM on a CPU with LBR, or "
                       "profile by instrumentation: hotlayout profile -o " +
                           C.OutputPath + " -- PROGRAM ARGS...");
  }

  auto Out = openOutput();
  if (!Out)
    return Out.takeError();
  auto Tmp = TempDir::createInSystemTemp("hotlayout-profile");
  if (!Tmp)
    return Tmp.takeError();
  auto Profiles = FromPerf ? convertPerf(*Tools, *Binary, *Tmp)
                           : recordByInstrumentation(*Tools, **File, *Tmp);
  if (!Profiles)
    return Profiles.takeError();
  auto FromMap = recordFromPGOMap(**File, *Profiles, *Tmp);
  if (!FromMap)
    return FromMap.takeError();
  if (*FromMap)
    Profiles->push_back(**FromMap);
  if (Error E = writeMerged(*Tools, std::move(*Profiles), *Tmp, *Out)) {
    return E;
  }
  Diag.progress("wrote " + C.OutputPath);
  return Error::success();
}

Error runProfile(const ProfileConfig &Config, const Diagnostics &Diag) {
  return Profiler(Config, Diag).run();
}

} // namespace hotlayout
