//===- AB.cpp - hotlayout ab: a code change or layout noise? --------------===//
//
// See AB.h for the steps. Variants are files under one temporary
// directory: <tmp>/<name>/<basename of the binary>, so a program that
// prints its own file name prints the same in every variant.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/AB/AB.h"

#include "hotlayout/Tool/AB/LayoutVariants.h"
#include "hotlayout/Tool/Apply/Apply.h"
#include "hotlayout/Tool/Binary/BinaryFile.h"
#include "hotlayout/Tool/Bolt/BoltDriver.h"
#include "hotlayout/Tool/Support/Error.h"
#include "hotlayout/Tool/Support/Process.h"
#include "hotlayout/Tool/Support/TempFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <chrono>
#include <cstdlib>
#include <tuple>

using namespace llvm;

namespace hotlayout {

double ABConfig::threshold() const {
  double P = Threshold > 0 ? Threshold : CITarget;
  return P > 0 ? P / 100 : ab::DefaultThreshold;
}

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

/// Where one comparison stands while it runs: the variants so far and how
/// to run them, pairs by seed, and the clock.
struct Session {
  Session(const ABConfig &C, const Diagnostics &Diag, const Runner &Run,
          const BoltTools &Tools, const TempDir &Tmp, ABResult &Result)
      : C(C), Diag(Diag), Run(Run), Tools(Tools), Tmp(Tmp), Result(Result),
        Start(std::chrono::steady_clock::now()) {}

  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         Start)
        .count();
  }

  const ABConfig &C;
  const Diagnostics &Diag;
  const Runner &Run;
  const BoltTools &Tools;
  const TempDir &Tmp;
  ABResult &Result;
  std::chrono::steady_clock::time_point Start;
  std::vector<Runnable> Runs; ///< Parallel to Result.Variants.
  /// Indices into Runs of each seed's A and B layouts, in seed order.
  std::vector<std::pair<size_t, size_t>> Pairs;
  std::optional<std::pair<size_t, size_t>> LockPair;
  unsigned SeedsBuilt = 0;
  double LayoutSeconds = 0, RunSeconds = 0; ///< Spent so far.
  unsigned TimedRuns = 0;
  ab::StopState Stop; ///< The looks so far, and the rest at the last.
};

static std::string label(const ABVariant &V, const Runnable &R) {
  std::string What = V.Locked ? "the locked variant " + V.name()
                              : "layout variant " + V.name() + " (seed " +
                                    std::to_string(V.Seed) + ")";
  return What + " of '" + R.Original + "'";
}

/// Appends \p V, made at \p Path from \p In's binary, to the session, copies
/// it for --keep-layouts, and runs it once, untimed: a variant that exits
/// otherwise or prints something else is an error before it is timed.
static Expected<size_t> addVariant(Session &S, const SideInput &In,
                                   const ABVariant &V, StringRef Path) {
  S.Result.Variants.push_back(V);
  S.Runs.push_back({Path.str(), In.Binary, In.ExpectedHash});
  if (!S.C.KeepDir.empty()) {
    if (std::error_code EC = sys::fs::create_directories(S.C.KeepDir))
      return fileError(S.C.KeepDir, "cannot be created: " + EC.message());
    SmallString<256> To(S.C.KeepDir);
    sys::path::append(To, V.name());
    if (std::error_code EC = sys::fs::copy_file(Path, To))
      return fileError(To, "cannot be written: " + EC.message());
    sys::fs::setPermissions(To, sys::fs::all_read | sys::fs::all_exe |
                                    sys::fs::owner_write);
  }
  size_t I = S.Runs.size() - 1;
  if (!InterruptGuard::interrupted()) {
    auto P = S.Run.run(S.Runs[I], V.EnvPadBytes, label(V, S.Runs[I]));
    if (!P)
      return P.takeError();
  }
  return I;
}

/// Step 2 for \p In's layout of seed \p Seed; returns its index.
static Expected<size_t> addLayout(Session &S, const SideInput &In,
                                  uint64_t Seed) {
  LayoutPerturbation L = seededLayout(In.Functions, Seed);
  ABVariant V;
  V.Side = In.Side;
  V.Seed = L.Seed;
  V.EnvPadBytes = L.EnvPadBytes;
  V.FirstRound = S.Result.CompleteRounds;
  auto Out = variantPath(S.Tmp, V, In.Binary);
  if (!Out)
    return Out.takeError();
  S.Diag.progress("layout " + V.name() + " of '" + In.Binary + "'");
  if (Error E = writeLayoutVariant(S.Tools, In.Binary, L, In.SkipArgument,
                                   sys::path::parent_path(*Out), *Out))
    return std::move(E);
  return addVariant(S, In, V, *Out);
}

/// \p E, or no error when a signal arrived: the guard's signal also stops
/// the llvm-bolt run in progress (runLimited()), which then fails, and that
/// failure is the interruption, not a broken tool: the caller stops and
/// reports the complete rounds.
static Error unlessInterrupted(Error E) {
  if (E && InterruptGuard::interrupted()) {
    consumeError(std::move(E));
    return Error::success();
  }
  return E;
}

/// Step 2 for \p N more seeds, A's and B's layout of each, timed for the
/// stopping rule's cost of a layout. Stops early (no error) on a signal.
static Error addSeeds(Session &S, const SideInput &InA, const SideInput &InB,
                      unsigned N) {
  auto T0 = std::chrono::steady_clock::now();
  for (unsigned I = 0; I < N && !InterruptGuard::interrupted(); ++I) {
    uint64_t Seed = S.C.Seed + S.SeedsBuilt;
    auto A = addLayout(S, InA, Seed);
    if (!A)
      return unlessInterrupted(A.takeError());
    if (InterruptGuard::interrupted())
      break;
    auto B = addLayout(S, InB, Seed);
    if (!B)
      return unlessInterrupted(B.takeError());
    S.Pairs.push_back({*A, *B});
    ++S.SeedsBuilt;
  }
  S.LayoutSeconds +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
          .count();
  return Error::success();
}

/// Step 2 for the lock: apply's runApply() of it to \p In's binary.
static Expected<size_t> addLocked(Session &S, const SideInput &In) {
  ABVariant V;
  V.Side = In.Side;
  V.Locked = true;
  auto Out = variantPath(S.Tmp, V, In.Binary);
  if (!Out)
    return Out.takeError();
  S.Diag.progress("applying '" + S.C.LockPath + "' to '" + In.Binary + "'");
  auto Summary = applyLock(S.C, In.Binary, *Out);
  if (!Summary)
    return Summary.takeError();
  (In.Side == 'A' ? S.Result.LockSummaryA : S.Result.LockSummaryB) = *Summary;
  return addVariant(S, In, V, *Out);
}

/// Step 2 for the lock on both sides: S.LockPair once both are built.
static Error addLockPair(Session &S, const SideInput &InA,
                         const SideInput &InB) {
  auto LA = addLocked(S, InA);
  if (!LA)
    return LA.takeError();
  auto LB = addLocked(S, InB);
  if (!LB)
    return LB.takeError();
  S.LockPair = {*LA, *LB};
  return Error::success();
}

/// Whether layout variant \p V counts in the statistics: a layout added on
/// the way counts once it has run --rounds rounds, as many as the first
/// ones had at the first check (ABStopping.h's StopState).
static bool counts(const ABConfig &C, const ABVariant &V) {
  const std::vector<double> &X = C.Metric == ABMetric::Wall ? V.Wall : V.CPU;
  return !V.Locked && !X.empty() && (V.FirstRound == 0 || X.size() >= C.Rounds);
}

/// The compared metric of every seed's layouts that counts, side by side;
/// returns how many seeds do not count yet.
static unsigned layoutSamples(const Session &S, ab::SideSamples &A,
                              ab::SideSamples &B) {
  bool Wall = S.C.Metric == ABMetric::Wall;
  unsigned Pending = 0;
  for (auto [IA, IB] : S.Pairs) {
    const ABVariant &VA = S.Result.Variants[IA], &VB = S.Result.Variants[IB];
    if (!counts(S.C, VA)) {
      ++Pending;
      continue;
    }
    A.push_back(Wall ? VA.Wall : VA.CPU);
    B.push_back(Wall ? VB.Wall : VB.CPU);
  }
  return Pending;
}

/// Runs so far, of every variant.
static size_t totalRuns(const Session &S) {
  size_t N = 0;
  for (const ABVariant &V : S.Result.Variants)
    N += V.Wall.size();
  return N;
}

/// Takes back the runs of a round cut short, so that the two layouts of
/// every seed keep the same rounds.
static void dropRuns(Session &S, const std::vector<size_t> &Ran) {
  for (size_t I : Ran) {
    S.Result.Variants[I].Wall.pop_back();
    S.Result.Variants[I].CPU.pop_back();
  }
}

/// One round (step 3) of the seeds with fewer than \p RoundsEach rounds (0:
/// every seed) and the lock pair: false when a signal cut it short.
static Expected<bool> runRound(Session &S, ab::Random &Rng,
                               unsigned RoundsEach) {
  std::vector<std::pair<size_t, size_t>> Order;
  for (auto Pair : S.Pairs)
    if (!RoundsEach || S.Result.Variants[Pair.first].Wall.size() < RoundsEach)
      Order.push_back(Pair);
  if (S.LockPair)
    Order.push_back(*S.LockPair);
  Rng.shuffle(Order);
  std::vector<size_t> Ran;
  for (auto [First, Second] : Order) {
    if (Rng.below(2))
      std::swap(First, Second);
    for (size_t I : {First, Second}) {
      ABVariant &V = S.Result.Variants[I];
      auto P = S.Run.run(S.Runs[I], V.EnvPadBytes, label(V, S.Runs[I]));
      if (!P)
        return P.takeError();
      if (P->Interrupted) {
        dropRuns(S, Ran);
        return false;
      }
      V.Wall.push_back(P->WallSeconds);
      V.CPU.push_back(P->CPUSeconds);
      Ran.push_back(I);
    }
  }
  if (InterruptGuard::interrupted()) {
    dropRuns(S, Ran);
    return false;
  }
  return true;
}

/// The statistics' settings: the looks' confidence with --ci-target.
static ab::StatsOptions statsOptions(const ABConfig &C) {
  return ab::statsOptions(C.CITarget > 0, C.threshold(), C.Seed);
}

/// Step 4 after a complete round: what next (the interval goes into the
/// history).
static ab::LoopStep decide(Session &S) {
  ab::SideSamples A, B;
  S.Stop.PendingLayouts = layoutSamples(S, A, B);
  S.Stop.ElapsedSeconds = S.elapsed();
  S.Stop.CompleteRounds = S.Result.CompleteRounds;
  ab::StopGoal Goal;
  Goal.Sequential = S.C.CITarget > 0;
  Goal.Rounds = S.C.Rounds;
  Goal.MaxSeconds = S.C.MaxSeconds;
  Goal.MaxLayouts = std::max(S.C.MaxLayouts, S.C.Layouts);
  ab::RunCosts Costs;
  Costs.RunSeconds = S.TimedRuns ? S.RunSeconds / S.TimedRuns : 0;
  Costs.LayoutSeconds = S.SeedsBuilt ? S.LayoutSeconds / S.SeedsBuilt : 0;
  Costs.ExtraRunsPerRound = S.LockPair ? 2 : 0;
  std::string Why;
  ab::LoopStep Step =
      ab::afterRound(A, B, S.Stop, Goal, Costs, statsOptions(S.C), Why);
  if (Step.D)
    S.Result.History.push_back({S.Result.CompleteRounds, unsigned(A.size()),
                                S.elapsed(), Step.D->Now.Ratio,
                                Step.D->Now.CILow, Step.D->Now.CIHigh});
  return Step;
}

static std::string roundsProgress(const Session &S) {
  std::string Line = "round " + std::to_string(S.Result.CompleteRounds);
  if (S.C.CITarget <= 0 || S.Result.History.empty())
    return Line + "/" + std::to_string(S.C.Rounds) + " done";
  const ABStep &H = S.Result.History.back();
  double Half = std::max(H.Ratio / H.CILow, H.CIHigh / H.Ratio) - 1;
  return Line + " done, " + std::to_string(H.Layouts) + " layouts: +-" +
         formatv("{0:f2}", 100 * Half).str() + "% (look " +
         std::to_string(S.Stop.Looks) + " of " + std::to_string(ab::MaxLooks) +
         ")";
}

/// Steps 3 and 4. A round cut short by a signal is dropped, so the two
/// layouts of every seed keep the same rounds.
static Error runRounds(Session &S, const SideInput &InA, const SideInput &InB) {
  ab::Random Rng(S.C.Seed);
  ABResult &Result = S.Result;
  unsigned RoundsEach = 0; // The last decision's: every seed at first.
  while (!InterruptGuard::interrupted()) {
    auto T0 = std::chrono::steady_clock::now();
    size_t Before = totalRuns(S);
    auto Complete = runRound(S, Rng, RoundsEach);
    if (!Complete)
      return Complete.takeError();
    if (!*Complete)
      break;
    S.RunSeconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
            .count();
    S.TimedRuns += totalRuns(S) - Before;
    ++Result.CompleteRounds;
    ab::LoopStep Step = decide(S);
    S.Diag.progress(roundsProgress(S));
    if (Step.D) {
      Result.ToTarget = Step.D->ToTarget;
      Result.Confidence = Step.D->Confidence;
    }
    if (Step.Stop == ab::StopReason::Resolved)
      Result.Stop = ABStop::Target;
    else if (Step.Stop == ab::StopReason::Looks)
      Result.Stop = ABStop::Looks;
    else if (Step.Stop == ab::StopReason::MaxTime)
      Result.Stop = ABStop::MaxTime;
    if (Step.Stop != ab::StopReason::None)
      break;
    RoundsEach = Step.RoundsEach;
    if (Step.NewLayouts)
      if (Error E = addSeeds(S, InA, InB, Step.NewLayouts))
        return E;
  }
  return Error::success();
}

/// Step 5.
static void conclude(ABResult &Result) {
  ab::SideSamples A, B, LockA, LockB;
  // Variants are in build order (a1 b1 a2 b2 ..., a-lock b-lock): A's and
  // B's layouts of one seed land at the same index of A and B.
  const ABConfig &C = Result.Config;
  for (const ABVariant &V : Result.Variants) {
    const std::vector<double> &X = C.Metric == ABMetric::Wall ? V.Wall : V.CPU;
    if (V.Locked && !X.empty())
      (V.Side == 'A' ? LockA : LockB).push_back(X);
    else if (counts(C, V))
      (V.Side == 'A' ? A : B).push_back(X);
    else if (!V.Locked && V.Side == 'A')
      ++Result.LayoutsPending;
  }
  Result.LayoutsUsed = unsigned(A.size());
  // The last decision's confidence: with --ci-target, its look's.
  ab::StatsOptions Opts = statsOptions(C);
  Opts.Confidence = Result.Confidence;
  Result.Layouts = ab::compare(A, B, Opts, Result.Why);
  std::string Why;
  if (!LockA.empty() && !LockB.empty())
    Result.Lock = ab::compare(LockA, LockB, Opts, Why);
  Result.TaxA = ab::layoutTax(A, Opts, Result.TaxWhy);
  Result.TaxB = ab::layoutTax(B, Opts, Result.TaxWhy);
}

/// Result.Variants in the order the report lists them (ABResult's).
static void sortVariants(ABResult &Result) {
  // (Side, Locked, Seed) names one variant: any sort gives one order.
  std::sort(Result.Variants.begin(), Result.Variants.end(),
            [](const ABVariant &X, const ABVariant &Y) {
              return std::tuple(X.Side, X.Locked, X.Seed) <
                     std::tuple(Y.Side, Y.Locked, Y.Seed);
            });
}

Expected<ABResult> runAB(const ABConfig &C, const Diagnostics &Diag) {
  if (C.Layouts == 0 || C.Rounds == 0)
    return makeError("--layouts and --rounds must be at least 1");
  if (C.CITarget > 0 && C.Layouts < ab::MinTrustedLayouts)
    return makeError("--ci-target needs --layouts " +
                     Twine(ab::MinTrustedLayouts) +
                     " or more: with fewer, the interval is too rough to "
                     "stop on");
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
  Session S(C, Diag, Run, *Tools, Tmp, Result);
  // Both sides are checked before any layout is built.
  auto InA = prepareSide(C, 'A', C.BinaryA, Tmp, Run);
  if (!InA)
    return InA.takeError();
  auto InB = prepareSide(C, 'B', C.BinaryB, Tmp, Run);
  if (!InB)
    return InB.takeError();
  if (Error E = addSeeds(S, *InA, *InB, C.Layouts))
    return std::move(E);
  if (!C.LockPath.empty() && !InterruptGuard::interrupted())
    if (Error E = unlessInterrupted(addLockPair(S, *InA, *InB)))
      return std::move(E);
  if (!InterruptGuard::interrupted())
    if (Error E = runRounds(S, *InA, *InB))
      return std::move(E);
  Result.InterruptSignal = InterruptGuard::signal();
  if (Result.InterruptSignal)
    Result.Stop = ABStop::Signal;
  if (Result.CompleteRounds) {
    conclude(Result);
  } else {
    Result.Why = "no complete round of runs";
    Result.LayoutsUsed = S.SeedsBuilt;
  }
  sortVariants(Result);
  Result.Seconds = S.elapsed();
  Result.LoadEnd = loadAverage();
  return Result;
}

} // namespace hotlayout
