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
// A shared library (--library LIB.so -- HOST ARGS...) cannot be run, so
// step 2 instruments the library (llvm-bolt hooks its DT_INIT and DT_FINI:
// BOLT's runtime starts when the library is loaded and writes the profile
// when it is unloaded, at the host's exit) into <tmp>/lib/, under its file
// name and its SONAME (a symlink) when they differ, and step 3 runs HOST
// with the copy in the library's place:
//  - by default with <tmp>/lib first on LD_LIBRARY_PATH: the loader finds
//    the copy where it would have found the library (DT_NEEDED, or dlopen
//    by name), and symbols resolve in the same order as in a normal run;
//  - with --preload, first on LD_PRELOAD: how an interposing library (an
//    allocator: mimalloc, jemalloc, Hoard) is run, and the way that also
//    reaches a host that finds the library by a path or through DT_RPATH
//    (searched before LD_LIBRARY_PATH).
// Not both by default: a preloaded library is loaded into every process
// whether it uses it or not (so a host that never loads the library would
// still write a profile, of its initialization alone), and it interposes
// its symbols ahead of the host's own libraries; the library path changes
// neither. A run that writes no profile never loaded the copy: the error
// says so and names the likely causes. Runs whose profiles hold only the
// library's start-up and tear-down code loaded it and never called it (a
// preloaded library in a program that does not use it): a warning. The
// user's library and host are only read.
//
// From perf: perf2bolt converts the recording instead of steps 2-3. It needs
// branch stacks (LBR): the header is checked first, so a recording without
// them is a clear error rather than a no_lbr profile check cannot use.
//
// The temporary directory is always removed (a failed run once left
// it behind); when a BOLT tool fails, the error quotes its log.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/Profile/Profile.h"

#include "hotlayout/Tool/Bolt/BoltDriver.h"
#include "hotlayout/Tool/Profile/Fdata.h"
#include "hotlayout/Tool/Profile/PGOAnalysisProfile.h"
#include "hotlayout/Tool/Support/OutputRule.h"
#include "hotlayout/Tool/Support/Process.h"
#include "hotlayout/Tool/Support/TempFiles.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace llvm;

namespace hotlayout {

namespace {
/// How step 3 starts the program.
struct Launch {
  std::string Executable;
  /// The whole environment; none: this process's.
  std::optional<std::vector<std::string>> Env;
};

/// One run of runProfile(): the configuration and where progress goes.
class Profiler {
public:
  Profiler(const ProfileConfig &C, const Diagnostics &Diag)
      : C(C), Diag(Diag), Runs(C.Runs.value_or(1)) {}

  Error run();

private:
  Error checkOptions() const;
  Expected<std::string> findProgram() const;
  Expected<std::string> findLibrary() const;
  Expected<AtomicOutput> openOutput() const;
  Expected<std::vector<std::string>>
  recordByInstrumentation(const BoltTools &Tools, const BinaryFile &File,
                          StringRef Program, TempDir &Tmp);
  Expected<Launch> libraryLaunch(const BinaryFile &File, StringRef Instrumented,
                                 StringRef Host) const;
  Expected<std::vector<std::string>> runOnce(const Launch &L, unsigned Run,
                                             const TempDir &Tmp,
                                             StringSet<> &Seen) const;
  Error notLoaded(const Twine &Which) const;
  Error warnIfLibraryUnused(const std::vector<std::string> &Profiles) const;
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
  if (!C.PerfData.empty() && !C.Library.empty())
    return makeError("--perf-data converts a recording for BINARY, which may "
                     "be a shared library: hotlayout profile -o P.fdata "
                     "--perf-data perf.data " +
                     C.Library + " (no --library)");
  if (C.Preload && C.Library.empty())
    return makeError("--preload loads the instrumented copy of the --library "
                     "into the program: pass --library LIB.so");
  if (C.Program.empty() && !C.Library.empty())
    return makeError("no program given; --library profiles the library "
                     "through a program that loads it: hotlayout profile -o "
                     "P.fdata --library " +
                     C.Library + " -- PROGRAM [ARGS...]");
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

/// The --library file, which must exist.
Expected<std::string> Profiler::findLibrary() const {
  if (!sys::fs::exists(C.Library))
    return fileError(C.Library, "does not exist; --library takes the path of "
                                "the shared library to profile");
  return C.Library;
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
  if (!Profile) {
    std::string Why = toString(Profile.takeError());
    for (const std::string &Path : Profiles)
      Why = withoutTempPath(std::move(Why), Path, "the profile");
    return fileError(File.path(),
                     "was instrumented, and its run wrote a profile llvm-bolt "
                     "cannot read back (" +
                         Why + "); its symbols may be damaged: rebuild it");
  }
  auto Records = recordsFromPGOMap(File, *Profile);
  if (!Records)
    return Records.takeError();
  // A call is recorded only from an instrumented function: a function
  // that ran but whose every caller BOLT could not read either (xz 5.4.1's
  // final build, without hotalign-jt-base: lzma_lzma_encode, called from
  // lzma2_encode, both with jump tables) looks the same as one never called.
  size_t Skipped = Records->NotEntered.size();
  if (Skipped)
    Diag.progress(Twine(Skipped) + " function" + (Skipped == 1 ? "" : "s") +
                  " with a PGO map and no record, not entered in the run "
                  "or only from code BOLT could not instrument either "
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
Expected<std::vector<std::string>> Profiler::runOnce(const Launch &L,
                                                     unsigned Run,
                                                     const TempDir &Tmp,
                                                     StringSet<> &Seen) const {
  Diag.progress("run " + Twine(Run) + "/" + Twine(Runs) + ": " + commandLine());
  // argv[0] stays what the user typed: some programs look at it.
  SmallVector<StringRef, 8> Argv = {C.Program};
  Argv.append(C.ProgramArgs.begin(), C.ProgramArgs.end());
  std::optional<SmallVector<StringRef, 0>> Env;
  if (L.Env)
    Env.emplace(L.Env->begin(), L.Env->end());
  ProcessResult P =
      runProcess(L.Executable, Argv, /*Redirects=*/{},
                 Env ? std::optional<ArrayRef<StringRef>>(*Env) : std::nullopt);
  std::string Which = ("run " + Twine(Run) + " of " + Twine(Runs)).str();
  if (P.ExecFailed)
    return makeError(
        "cannot run " +
        Twine(C.Library.empty() ? "the instrumented copy of " : "") + "'" +
        C.Program + "' (" + Which + "): " + P.ErrMsg);
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
  if (Files->empty() && !C.Library.empty())
    return notLoaded(Which);
  if (Files->empty())
    return fileError(
        C.Program,
        "wrote no profile in " + Which +
            ": BOLT's runtime writes it when the program exits through "
            "exit() or by returning from main; _exit(), exec() and "
            "fatal signals skip it");
  return Files;
}

/// The error for a run of the host that wrote no profile: the instrumented
/// library was never loaded (or never unloaded: it writes at exit).
Error Profiler::notLoaded(const Twine &Which) const {
  std::string Causes =
      C.Preload
          ? "the loader ignores LD_PRELOAD in a statically linked or setuid "
            "program"
          : "the program is linked statically, does not load this library, "
            "loads it by a path (a DT_NEEDED or dlopen name with a '/') or "
            "finds it through its DT_RPATH, which comes before "
            "LD_LIBRARY_PATH (pass --preload for the last two)";
  return fileError(C.Library,
                   "was never loaded by '" + C.Program + "' in " + Which +
                       ": no profile was written. Likely causes: " + Causes +
                       "; or the program ended by _exit() or a fatal signal, "
                       "which skip the library's finalization, where BOLT "
                       "writes the profile. Nothing was written to '" +
                       C.OutputPath + "'");
}

/// The library's DT_SONAME, or "" when it has none.
static Expected<std::string> readSoname(const BinaryFile &File) {
  const auto *Obj = dyn_cast<object::ELF64LEObjectFile>(&File.object());
  if (!Obj)
    return std::string();
  const object::ELF64LEFile &ELF = Obj->getELFFile();
  auto Sections = ELF.sections();
  if (!Sections)
    return fileError(File.path(), "has damaged section headers: " +
                                      toString(Sections.takeError()));
  for (const object::ELF64LE::Shdr &Sec : *Sections) {
    if (Sec.sh_type != ELF::SHT_DYNAMIC)
      continue;
    auto Entries = ELF.getSectionContentsAsArray<object::ELF64LE::Dyn>(Sec);
    if (!Entries)
      return fileError(File.path(), "has a damaged dynamic section: " +
                                        toString(Entries.takeError()));
    auto Strings = ELF.getLinkAsStrtab(Sec);
    if (!Strings)
      return fileError(File.path(), "has a damaged dynamic string table: " +
                                        toString(Strings.takeError()));
    for (const object::ELF64LE::Dyn &D : *Entries) {
      if (D.d_tag != ELF::DT_SONAME)
        continue;
      if (D.getVal() >= Strings->size())
        return fileError(File.path(), "has a DT_SONAME outside its dynamic "
                                      "string table");
      return Strings->drop_front(D.getVal()).split('\0').first.str();
    }
  }
  return std::string();
}

/// Where step 3 runs \p Host: with the directory of \p Instrumented, the
/// instrumented copy of \p File, first on LD_LIBRARY_PATH and the copy
/// there under File's SONAME too, or with the copy first on LD_PRELOAD.
Expected<Launch> Profiler::libraryLaunch(const BinaryFile &File,
                                         StringRef Instrumented,
                                         StringRef Host) const {
  // Both variables split at ':' (LD_PRELOAD at spaces too), and a path in
  // them is looked up from the host's current directory: an absolute path
  // without separators is the only one that names the copy.
  SmallString<256> Path(Instrumented);
  if (std::error_code EC = sys::fs::make_absolute(Path))
    return makeError("cannot make '" + Instrumented +
                     "' absolute: " + EC.message());
  StringRef Dir = sys::path::parent_path(Path);
  if (Path.str().find_first_of(": \t\n") != StringRef::npos)
    return makeError("the temporary directory '" + Dir +
                     "' has a ':' or a space, which split LD_LIBRARY_PATH "
                     "and LD_PRELOAD: set TMPDIR to a directory without them");
  Launch L{Host.str(), std::nullopt};
  if (C.Preload) {
    L.Env = environmentWithPathFirst("LD_PRELOAD", Path);
    Diag.progress("loading it into " + C.Program + " first on LD_PRELOAD");
    return L;
  }
  auto Soname = readSoname(File);
  if (!Soname)
    return Soname.takeError();
  StringRef Name = sys::path::filename(Path);
  std::string Names = "'" + Name.str() + "'";
  // A SONAME with a '/' is never searched for on a path: nothing to add.
  if (!Soname->empty() && *Soname != Name &&
      !StringRef(*Soname).contains('/')) {
    SmallString<256> Link(Dir);
    sys::path::append(Link, *Soname);
    if (std::error_code EC = sys::fs::create_link(Name, Link))
      return makeError("cannot link '" + Link + "' to '" + Name +
                       "': " + EC.message());
    Names += " and its SONAME '" + *Soname + "'";
  }
  L.Env = environmentWithPathFirst("LD_LIBRARY_PATH", Dir);
  Diag.progress("loading it into " + C.Program +
                " first on LD_LIBRARY_PATH, as " + Names);
  return L;
}

/// True for the code every library carries and runs when loaded and
/// unloaded, called or not (crti's _init and _fini, crtstuff's frame_dummy
/// and the rest), by BOLT's name for it (a local function is NAME/N), and
/// for the PLT stubs it calls (__cxa_finalize@PLT).
static bool isStartupCode(StringRef BoltName) {
  StringRef Name = BoltName.split('/').first;
  return Name.ends_with("@PLT") ||
         is_contained({"_init", "_fini", "frame_dummy", "register_tm_clones",
                       "deregister_tm_clones", "__do_global_dtors_aux"},
                      Name);
}

/// Warns when \p Profiles, of a library's runs, hold nothing but
/// isStartupCode(): the host loaded the library and never called it.
Error Profiler::warnIfLibraryUnused(
    const std::vector<std::string> &Profiles) const {
  auto Profile = BranchProfile::readAll(Profiles);
  if (!Profile)
    return Profile.takeError();
  if (!all_of(Profile->boltNames(),
              [](const std::string &Name) { return isStartupCode(Name); }))
    return Error::success();
  Diag.warning(fileError(
      C.Library,
      "was loaded by '" + C.Program +
          "' but no function of its own ran, only its start-up and "
          "tear-down code: the profile says nothing about its code. Run a "
          "workload that calls it" +
          (C.Preload ? " (--preload loads it into any program, whether the "
                       "program uses it or not)"
                     : "")));
  return Error::success();
}

/// Steps 2-3: the profiles of every run.
Expected<std::vector<std::string>>
Profiler::recordByInstrumentation(const BoltTools &Tools,
                                  const BinaryFile &File, StringRef Program,
                                  TempDir &Tmp) {
  StringRef Binary = File.path();
  std::string Instrumented = Tmp.file("instrumented");
  if (!C.Library.empty()) {
    // Its own directory: LD_LIBRARY_PATH then holds nothing else.
    std::string Dir = Tmp.file("lib");
    if (std::error_code EC = sys::fs::create_directory(Dir))
      return makeError("cannot create '" + Dir + "': " + EC.message());
    SmallString<256> Path(Dir);
    sys::path::append(Path, sys::path::filename(Binary));
    Instrumented = Path.str().str();
  }
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
  Launch L{Instrumented, std::nullopt};
  if (!C.Library.empty()) {
    auto ForLibrary = libraryLaunch(File, Instrumented, Program);
    if (!ForLibrary)
      return ForLibrary.takeError();
    L = std::move(*ForLibrary);
  }
  StringSet<> Seen;
  std::vector<std::string> Profiles;
  for (unsigned Run = 1; Run <= Runs; ++Run) {
    auto Files = runOnce(L, Run, Tmp, Seen);
    if (!Files)
      return Files.takeError();
    Profiles.insert(Profiles.end(), Files->begin(), Files->end());
  }
  if (!C.Library.empty())
    if (Error E = warnIfLibraryUnused(Profiles))
      return std::move(E);
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
  bool ForLibrary = !C.Library.empty();
  auto Program = findProgram();
  if (!Program)
    return Program.takeError();
  // What is instrumented: the library, else the program itself.
  auto Binary = ForLibrary ? findLibrary() : Expected<std::string>(*Program);
  if (!Binary)
    return Binary.takeError();
  // --append reads the output too, by design: it is not on this list.
  if (Error E =
          checkOutputNotInput("profile", C.OutputPath,
                              {{FromPerf ? "binary" : "program", *Program},
                               {"library", C.Library},
                               {"perf data", C.PerfData}}))
    return E;
  BoltRequirements Req;
  Req.Relocations = !FromPerf;
  auto File = openForBolt(*Binary, Req);
  if (!File)
    return File.takeError();
  bool IsLibrary = (*File)->kind() == BinaryKind::SharedObject;
  if (ForLibrary && !IsLibrary)
    return fileError(*Binary,
                     "is not a shared object: --library names the library "
                     "the program after -- loads. Profile a program by "
                     "itself: hotlayout profile -o " +
                         C.OutputPath + " -- " + C.Library + " ARGS...");
  if (!FromPerf && !ForLibrary && IsLibrary)
    return fileError(*Binary,
                     "is a shared object, not a program: hotlayout profile "
                     "runs the binary it instruments. Profile it through a "
                     "program that loads it: hotlayout profile -o " +
                         C.OutputPath + " --library " + C.Program +
                         " -- PROGRAM ARGS... (add --preload for a library "
                         "run by LD_PRELOAD), or convert a perf recording of "
                         "that program: hotlayout profile -o " +
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
  auto Profiles = FromPerf
                      ? convertPerf(*Tools, *Binary, *Tmp)
                      : recordByInstrumentation(*Tools, **File, *Program, *Tmp);
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
