//===- ABCompare.cpp - hotlayout ab: a code change or layout noise? -------===//
//
// See ABCompare.h for the steps. Variants are files under one temporary
// directory: <tmp>/<name>/<basename of the binary>, so a program that
// prints its own file name prints the same in every variant.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/ABCompare.h"

#include "hotlayout/Tool/Apply.h"
#include "hotlayout/Tool/BinaryFile.h"
#include "hotlayout/Tool/BoltDriver.h"
#include "hotlayout/Tool/Error.h"
#include "hotlayout/Tool/LayoutVariants.h"
#include "hotlayout/Tool/Process.h"
#include "hotlayout/Tool/TempFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cstdlib>

using namespace llvm;

namespace hotlayout {

std::string ABVariant::name() const {
  std::string S(1, char(Side - 'A' + 'a'));
  return Locked ? S + "-lock" : S + std::to_string(Seed);
}

namespace {
/// A variant ready to run: its file, and what it must print.
struct Runnable {
  std::string Path;
  std::string Original; ///< The binary it was made from.
  uint64_t ExpectedHash = 0;
};

/// Runs commands for one comparison and checks their outcome.
class Runner {
public:
  Runner(const ABConfig &C, const TempDir &Tmp)
      : C(C), Out(Tmp.file("stdout.txt")), Err(Tmp.file("stderr.txt")) {}

  /// What running the file \p Path means: the file itself with the
  /// arguments (argv[0] as the user named \p Original), or the --run
  /// command with {} replaced by \p Path.
  TimedSpec spec(StringRef Path, StringRef Original, unsigned EnvPad) const {
    TimedSpec S;
    S.StdoutPath = Out;
    S.StderrPath = Err;
    S.Env =
        currentEnvironment({"HOTLAYOUT_AB_PAD=" + std::string(EnvPad, 'x')});
    if (C.RunCommand.empty()) {
      S.Program = Path.str();
      S.Argv = {Original.str()};
      S.Argv.insert(S.Argv.end(), C.Args.begin(), C.Args.end());
      return S;
    }
    // Absolute: LD_PRELOAD=lib.so (no slash) would search the library
    // path, not the working directory, and the run would go on without it.
    SmallString<256> Abs(Path);
    sys::fs::make_absolute(Abs);
    std::string Cmd = commandWithPath(C.RunCommand, Abs);
    for (const std::string &A : C.Args)
      Cmd += " " + shellQuote(A);
    S.Program = "/bin/sh";
    S.Argv = {"sh", "-c", Cmd};
    return S;
  }

  /// Runs \p R; an error when it fails or prints other than expected.
  /// \p Label names it in messages.
  Expected<TimedResult> run(const Runnable &R, unsigned EnvPad,
                            StringRef Label) const {
    auto Result = runTimed(spec(R.Path, R.Original, EnvPad));
    if (!Result || Result->Interrupted)
      return Result;
    if (Result->ExitCode != 0)
      return makeError(Label + " exited with status " +
                       Twine(Result->ExitCode) + " where '" + R.Original +
                       "' itself exits 0: llvm-bolt's rewrite broke it, and a "
                       "broken variant is an error, not a data point (report "
                       "the binary to BOLT, or try other --seed values)" +
                       stderrTail());
    if (C.CheckOutput && hashFile(Out) != R.ExpectedHash)
      return makeError(Label + " printed other output than '" + R.Original +
                       "' itself: llvm-bolt's rewrite changed what it does (or "
                       "the program prints something that changes from run to "
                       "run: then pass --check-output=false)");
    return Result;
  }

  /// Runs \p Binary as it is; returns the hash of what it printed.
  Expected<uint64_t> reference(StringRef Binary) const {
    auto Result = runTimed(spec(Binary, Binary, 0));
    if (!Result)
      return Result.takeError();
    if (Result->Interrupted)
      return 0;
    if (Result->ExitCode != 0)
      return fileError(Binary, "exited with status " + Twine(Result->ExitCode) +
                                   " when run as it is; ab times a program "
                                   "that succeeds: check the arguments after "
                                   "-- (and --run)" +
                                   stderrTail());
    return hashFile(Out);
  }

private:
  /// The last lines of the child's stderr, quoted for a message.
  std::string stderrTail() const {
    auto Buffer = MemoryBuffer::getFile(Err, /*IsText=*/true);
    if (!Buffer)
      return "";
    SmallVector<StringRef, 16> Lines;
    (*Buffer)->getBuffer().split(Lines, '\n', -1, /*KeepEmpty=*/false);
    std::string S;
    for (StringRef L : ArrayRef(Lines).take_back(3))
      S += "\n  " + L.str();
    return S.empty() ? S : "; its stderr ends:" + S;
  }

  const ABConfig &C;
  std::string Out, Err;
};
} // namespace

/// "CPU model name x N" from /proc/cpuinfo, or "unknown machine".
static std::string machineName() {
  // /proc files report size 0: read them as a stream.
  auto Buffer = MemoryBuffer::getFileAsStream("/proc/cpuinfo");
  if (!Buffer)
    return "unknown machine";
  std::string Model;
  unsigned CPUs = 0;
  for (StringRef L : split((*Buffer)->getBuffer(), '\n')) {
    if (L.starts_with("processor"))
      ++CPUs;
    if (Model.empty() && L.starts_with("model name"))
      Model = L.split(':').second.trim().str();
  }
  return (Model.empty() ? "unknown CPU" : Model) + " x " + std::to_string(CPUs);
}

static double loadAverage() {
  double L = 0;
  return getloadavg(&L, 1) == 1 ? L : 0;
}

/// apply's library call: the lock applied to \p Binary, written to \p Output
/// whether or not every function landed; returns apply's summary ("N locked
/// functions: M at their offsets").
static Expected<std::string> applyLock(const ABConfig &C, StringRef Binary,
                                       StringRef Output) {
  ApplyConfig A;
  A.BinaryPath = Binary.str();
  A.LockPath = C.LockPath;
  A.OutputPath = Output.str();
  A.BoltDir = C.BoltDir;
  A.BoltTimeout = C.BoltTimeout;
  auto R = runApply(A);
  if (!R)
    return makeError("--lock: applying '" + C.LockPath + "' to '" + Binary +
                     "' failed: " + toString(R.takeError()));
  return std::to_string(R->Verdicts.size()) +
         " locked functions: " + std::to_string(R->placed()) +
         " at their offsets";
}

/// <tmp>/<variant name>/<basename of Binary>, its directory created.
static Expected<std::string> variantPath(const TempDir &Tmp, const ABVariant &V,
                                         StringRef Binary) {
  std::string Dir = Tmp.file(V.name());
  if (std::error_code EC = sys::fs::create_directory(Dir))
    return fileError(Dir, "cannot be created: " + EC.message());
  SmallString<256> Out(Dir);
  sys::path::append(Out, sys::path::filename(Binary));
  return std::string(Out);
}

/// Step 1 for one side: what its variants are made from and must print.
struct SideInput {
  char Side = 'A';
  std::string Binary;
  std::vector<std::string> Functions;
  std::string SkipArgument; ///< skipLabelsArgument()'s.
  uint64_t ExpectedHash = 0;
};

static Expected<SideInput> prepareSide(const ABConfig &C, char Side,
                                       StringRef Binary, const TempDir &Tmp,
                                       const Runner &Run) {
  auto File = BinaryFile::open(Binary);
  if (!File)
    return File.takeError();
  if (C.RunCommand.empty() && (*File)->kind() == BinaryKind::SharedObject)
    return fileError(Binary, "is a shared object: say how to run it with "
                             "--run 'CMD {}', {} standing for each layout's "
                             "path (e.g. --run 'env LD_PRELOAD={} ./driver')");
  SideInput In;
  In.Side = Side;
  In.Binary = Binary.str();
  auto Functions = movableFunctions(**File);
  if (!Functions)
    return Functions.takeError();
  In.Functions = std::move(*Functions);
  auto Hash = Run.reference(Binary);
  if (!Hash)
    return Hash.takeError();
  In.ExpectedHash = *Hash;
  std::string SkipFile(1, char(Side - 'A' + 'a'));
  auto Skip = skipLabelsArgument(untypedCodeLabels(**File),
                                 Tmp.file(SkipFile + "-skip-funcs.txt"));
  if (!Skip)
    return Skip.takeError();
  In.SkipArgument = *Skip;
  return In;
}

/// Step 2 for one side: K layouts (and the locked variant), appended to
/// Result.Variants and \p Runs in the same order (runAB checks them).
static Error makeVariants(const ABConfig &C, const Diagnostics &Diag,
                          const SideInput &In, const BoltTools &Tools,
                          const TempDir &Tmp, ABResult &Result,
                          std::vector<Runnable> &Runs) {
  StringRef Binary = In.Binary;
  char Side = In.Side;
  for (unsigned K = 0; K < C.Layouts && !InterruptGuard::interrupted(); ++K) {
    LayoutPerturbation L = seededLayout(In.Functions, C.Seed + K);
    ABVariant V;
    V.Side = Side;
    V.Seed = L.Seed;
    V.EnvPadBytes = L.EnvPadBytes;
    auto Out = variantPath(Tmp, V, Binary);
    if (!Out)
      return Out.takeError();
    Diag.progress("layout " + V.name() + " of '" + Binary + "'");
    if (Error E = writeLayoutVariant(Tools, Binary, L, In.SkipArgument,
                                     sys::path::parent_path(*Out), *Out))
      return E;
    Result.Variants.push_back(V);
    Runs.push_back({*Out, Binary.str(), In.ExpectedHash});
  }
  if (!C.LockPath.empty() && !InterruptGuard::interrupted()) {
    ABVariant V;
    V.Side = Side;
    V.Locked = true;
    auto Out = variantPath(Tmp, V, Binary);
    if (!Out)
      return Out.takeError();
    Diag.progress("applying '" + C.LockPath + "' to '" + Binary + "'");
    auto Summary = applyLock(C, Binary, *Out);
    if (!Summary)
      return Summary.takeError();
    (Side == 'A' ? Result.LockSummaryA : Result.LockSummaryB) = *Summary;
    Result.Variants.push_back(V);
    Runs.push_back({*Out, Binary.str(), In.ExpectedHash});
  }
  return Error::success();
}

static std::string label(const ABVariant &V, const Runnable &R) {
  std::string What = V.Locked ? "the locked variant " + V.name()
                              : "layout variant " + V.name() + " (seed " +
                                    std::to_string(V.Seed) + ")";
  return What + " of '" + R.Original + "'";
}

/// Step 3: the rounds. A round cut short by a signal is dropped, so every
/// variant keeps the same rounds.
static Error runRounds(const ABConfig &C, const Diagnostics &Diag,
                       const Runner &Run, const std::vector<Runnable> &Runs,
                       ABResult &Result) {
  std::vector<size_t> Order(Runs.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  ab::Random Rng(C.Seed);
  for (unsigned R = 0; R < C.Rounds && !InterruptGuard::interrupted(); ++R) {
    Rng.shuffle(Order);
    for (size_t I : Order) {
      ABVariant &V = Result.Variants[I];
      auto P = Run.run(Runs[I], V.EnvPadBytes, label(V, Runs[I]));
      if (!P)
        return P.takeError();
      if (P->Interrupted)
        break;
      V.Wall.push_back(P->WallSeconds);
      V.CPU.push_back(P->CPUSeconds);
    }
    if (InterruptGuard::interrupted())
      break;
    Result.CompleteRounds = R + 1;
    Diag.progress("round " + Twine(R + 1) + "/" + Twine(C.Rounds) + " done");
  }
  for (ABVariant &V : Result.Variants) {
    V.Wall.resize(std::min<size_t>(V.Wall.size(), Result.CompleteRounds));
    V.CPU.resize(std::min<size_t>(V.CPU.size(), Result.CompleteRounds));
  }
  return Error::success();
}

/// --keep-layouts: a copy of every variant, named as in the table.
static Error keepVariants(StringRef Dir, ArrayRef<ABVariant> Variants,
                          ArrayRef<Runnable> Runs) {
  if (std::error_code EC = sys::fs::create_directories(Dir))
    return fileError(Dir, "cannot be created: " + EC.message());
  for (size_t I = 0; I < Variants.size(); ++I) {
    SmallString<256> To(Dir);
    sys::path::append(To, Variants[I].name());
    if (std::error_code EC = sys::fs::copy_file(Runs[I].Path, To))
      return fileError(To, "cannot be written: " + EC.message());
    sys::fs::setPermissions(To, sys::fs::all_read | sys::fs::all_exe |
                                    sys::fs::owner_write);
  }
  return Error::success();
}

/// Step 4.
static void conclude(ABResult &Result) {
  ab::SideSamples A, B, LockA, LockB;
  for (const ABVariant &V : Result.Variants) {
    const std::vector<double> &X =
        Result.Config.Metric == ABMetric::Wall ? V.Wall : V.CPU;
    (V.Locked ? (V.Side == 'A' ? LockA : LockB) : (V.Side == 'A' ? A : B))
        .push_back(X);
  }
  ab::StatsOptions Opts;
  Opts.Seed = Result.Config.Seed;
  Result.Layouts = ab::compare(A, B, Opts, Result.Why);
  std::string LockWhy;
  if (!LockA.empty() && !LockB.empty())
    Result.Lock = ab::compare(LockA, LockB, Opts, LockWhy);
}

Expected<ABResult> runAB(const ABConfig &C, const Diagnostics &Diag) {
  if (C.Layouts == 0 || C.Rounds == 0)
    return makeError("--layouts and --rounds must be at least 1");
  auto Tools = BoltTools::find(C.BoltDir, /*NeedInstrumentationRuntime=*/false,
                               C.BoltTimeout);
  if (!Tools)
    return Tools.takeError();
  ABResult Result;
  Result.Config = C;
  Result.Machine = machineName();
  Result.LoadStart = loadAverage();
  InterruptGuard Guard;
  auto TmpOr = TempDir::createInSystemTemp("hotlayout-ab");
  if (!TmpOr)
    return TmpOr.takeError();
  const TempDir &Tmp = *TmpOr;
  Runner Run(C, Tmp);
  std::vector<Runnable> Runs;
  // Both sides are checked before any layout is built.
  auto InA = prepareSide(C, 'A', C.BinaryA, Tmp, Run);
  if (!InA)
    return InA.takeError();
  auto InB = prepareSide(C, 'B', C.BinaryB, Tmp, Run);
  if (!InB)
    return InB.takeError();
  for (const SideInput *In : {&*InA, &*InB})
    if (Error E = makeVariants(C, Diag, *In, *Tools, Tmp, Result, Runs))
      return std::move(E);
  if (!C.KeepDir.empty())
    if (Error E = keepVariants(C.KeepDir, Result.Variants, Runs))
      return std::move(E);
  // The untimed check run of every variant.
  for (size_t I = 0; I < Runs.size() && !InterruptGuard::interrupted(); ++I) {
    auto P = Run.run(Runs[I], Result.Variants[I].EnvPadBytes,
                     label(Result.Variants[I], Runs[I]));
    if (!P)
      return P.takeError();
  }
  if (!InterruptGuard::interrupted())
    if (Error E = runRounds(C, Diag, Run, Runs, Result))
      return std::move(E);
  Result.InterruptSignal = InterruptGuard::signal();
  if (Result.CompleteRounds)
    conclude(Result);
  else
    Result.Why = "no complete round of runs";
  Result.LoadEnd = loadAverage();
  return Result;
}

} // namespace hotlayout
