//===- ABCommand.cpp - hotlayout ab: the command-line shell ---------------===//
//
// `hotlayout ab A B [options] -- ARGS...`: options -> ABConfig -> runAB()
// (hotlayout/Tool/AB/AB.h) -> the table or JSON, and the PNG
// (ABReport.h). Exit 0: same; 1: slower or faster; 2: errors; 3: not
// resolved (more runs would tell); 128 + N: a signal N stopped the runs
// (what the complete rounds give is printed). The hidden --simulate mode
// runs the same stopping rule on recorded runs (ABSimulate.h).
//
//===----------------------------------------------------------------------===//

#include "CommandOptions.h"
#include "Commands.h"
#include "hotlayout/Tool/AB/AB.h"
#include "hotlayout/Tool/AB/ABReport.h"
#include "hotlayout/Tool/AB/ABSimulate.h"
#include "hotlayout/Tool/Support/Error.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <unistd.h>

using namespace llvm;

namespace hotlayout {

cl::SubCommand ABSubcommand(
    "ab", "Compare binary B against A over many seeded layouts of each: the "
          "ratio of their times with a 95% confidence interval, and whether "
          "B is slower, faster or the same within a noise threshold (exit 0 "
          "same, 1 slower or faster, 2 on errors, 3 not resolved)");

static cl::OptionCategory ABCategory(
    "hotlayout ab options",
    "Both binaries need .symtab and static relocations "
    "(-Wl,--emit-relocs): llvm-bolt writes their layouts. ARGS go to every "
    "run; each layout's output must equal its binary's.");

static cl::list<std::string> Positionals(cl::Positional, cl::ZeroOrMore,
                                         cl::desc("A B [--] [ARGS...]"),
                                         cl::sub(ABSubcommand),
                                         cl::cat(ABCategory));

static cl::opt<unsigned>
    Layouts("layouts",
            cl::desc("Layout variants of each binary (default 8; with "
                     "--ci-target, the first ones)"),
            cl::init(8), cl::sub(ABSubcommand), cl::cat(ABCategory));

static cl::opt<unsigned> Rounds(
    "rounds",
    cl::desc("Rounds; each runs every seed's A and B layouts back to back, "
             "the pairs in a fresh random order (default 10; with "
             "--ci-target, the rounds before the first check, and those a "
             "layout added on the way runs before it counts; after the "
             "first check a seed whose median the plan needs no more runs "
             "of sits the rounds out, and the runs go to new layouts)"),
    cl::init(10), cl::sub(ABSubcommand), cl::cat(ABCategory));

static cl::opt<double> CITarget(
    "ci-target",
    cl::desc("Run until the verdict is resolved at +-PERCENT (e.g. 2): the "
             "interval of B/A within it (same), or off 1 with B/A beyond it "
             "(slower, faster); more rounds, and more layouts (up to 32 each) "
             "when that is cheaper at the rates measured, looking at the "
             "interval when the runs have grown by half, until resolved, 10 "
             "looks or --max-time; then say what it would take. The looks "
             "share 3.5 % of false findings by the time spent (3.5 % x t^2 "
             "by fraction t of --max-time, the rest at the last look): strict "
             "early, near a plain 96.5 % interval at the end, which finds more "
             "than the same interval at every look would (default: no "
             "target, --rounds rounds)"),
    cl::value_desc("percent"), cl::init(0), cl::sub(ABSubcommand),
    cl::cat(ABCategory));

static cl::opt<double> Threshold(
    "threshold",
    cl::desc("Noise threshold: slower or faster only when the interval is "
             "off 1 and B/A beyond +-PERCENT; same when the interval lies "
             "within +-PERCENT; else not resolved (default: --ci-target's "
             "percent, else 1)"),
    cl::value_desc("percent"), cl::init(0), cl::sub(ABSubcommand),
    cl::cat(ABCategory));

static cl::opt<double> MaxTime(
    "max-time",
    cl::desc("Stop the runs before this many seconds have passed since the "
             "start, and report what the complete rounds give; at least one "
             "round runs (default 600 with --ci-target, else no limit)"),
    cl::value_desc("seconds"), cl::init(600), cl::sub(ABSubcommand),
    cl::cat(ABCategory));

static cl::opt<uint64_t>
    Seed("seed",
         cl::desc("First layout seed (layouts use seeds S..S+K-1, the same "
                  "for A and B); also seeds the run order and the bootstrap "
                  "(default 1)"),
         cl::init(1), cl::sub(ABSubcommand), cl::cat(ABCategory));

static cl::opt<std::string> RunCommand(
    "run",
    cl::desc("Shell command that runs one variant, {} standing for its path "
             "(needed for a shared object: --run 'env LD_PRELOAD={} "
             "./driver'); ARGS are appended. Default: run the variant with "
             "ARGS"),
    cl::value_desc("command"), cl::sub(ABSubcommand), cl::cat(ABCategory));

static cl::opt<ABMetric>
    Metric("metric", cl::desc("Time to compare (default wall)"),
           cl::values(clEnumValN(ABMetric::Wall, "wall", "elapsed time"),
                      clEnumValN(ABMetric::CPU, "cpu",
                                 "user + system time of the run (rusage)")),
           cl::init(ABMetric::Wall), cl::sub(ABSubcommand),
           cl::cat(ABCategory));

static cl::opt<bool> JSON("json",
                          cl::desc("Print JSON instead of the table (default "
                                   "off)"),
                          cl::sub(ABSubcommand), cl::cat(ABCategory));

static cl::opt<std::string> JSONOut(
    "json-out",
    cl::desc("Also write the JSON to this file (atomically), beside the "
             "table or --json on stdout"),
    cl::value_desc("file.json"), cl::sub(ABSubcommand), cl::cat(ABCategory));

static cl::opt<std::string> PlotPath(
    "plot",
    cl::desc("Also draw a PNG: each variant's runs and median, the ratio "
             "and its interval, and the interval after every round (needs "
             "Python 3 with matplotlib)"),
    cl::value_desc("file.png"), cl::sub(ABSubcommand), cl::cat(ABCategory));

static cl::opt<std::string> LockPath(
    "lock",
    cl::desc("Also apply this layout lock (hotlayout plan) to A and to B and "
             "compare the two locked binaries, one layout each, beside the "
             "layouts: how much of the layout noise the lock removes"),
    cl::value_desc("file"), cl::sub(ABSubcommand), cl::cat(ABCategory));

static cl::opt<bool> CheckOutput(
    "check-output",
    cl::desc("Require every run of a layout to print what its binary prints "
             "(default on; turn off for a program whose output changes from "
             "run to run)"),
    cl::init(true), cl::sub(ABSubcommand), cl::cat(ABCategory));

static cl::opt<std::string>
    Python("python",
           cl::desc("Python 3 that draws --plot (default: python3 on PATH)"),
           cl::value_desc("path"), cl::sub(ABSubcommand), cl::cat(ABCategory));

static BoltToolOptions BoltTool(ABSubcommand, ABCategory);

static cl::opt<std::string> KeepDir(
    "keep-layouts",
    cl::desc("Copy every variant into this directory as a1, a2, ..., b1, "
             "..., a-lock, b-lock as it is made (default: none kept)"),
    cl::value_desc("dir"), cl::sub(ABSubcommand), cl::cat(ABCategory));

// Hidden: bench/ab/calibrate.sh's measurement of the stopping rule and the
// verdict on recorded runs (ABSimulate.h). --layouts, --rounds, --ci-target,
// --threshold, --max-time, --metric and --seed mean what
// they mean for real runs.
static cl::opt<std::string> Simulate(
    "simulate",
    cl::desc("Instead of running A and B: simulate ab's whole procedure on "
             "the runs recorded in FILE (ab's JSON) and print how often "
             "each verdict came out"),
    cl::value_desc("file.json"), cl::Hidden, cl::sub(ABSubcommand),
    cl::cat(ABCategory));

static cl::list<double> SimEffects(
    "simulate-effects",
    cl::desc("Planted differences in percent, B's runs x (1 + P/100) "
             "(default 0)"),
    cl::CommaSeparated, cl::Hidden, cl::sub(ABSubcommand), cl::cat(ABCategory));

static cl::opt<unsigned> SimTrials("simulate-trials",
                                   cl::desc("Trials per effect (default 1000)"),
                                   cl::init(1000), cl::Hidden,
                                   cl::sub(ABSubcommand), cl::cat(ABCategory));

static cl::opt<bool> SimPaired(
    "simulate-paired",
    cl::desc("Give a simulated seed's A and B the same recorded layout "
             "(default off: B's layout is another recorded seed's)"),
    cl::Hidden, cl::sub(ABSubcommand), cl::cat(ABCategory));

static cl::opt<double> SimRunSeconds(
    "simulate-run-seconds",
    cl::desc("Seconds one run costs the simulated clock (default: the "
             "recording's median run)"),
    cl::init(0), cl::Hidden, cl::sub(ABSubcommand), cl::cat(ABCategory));

static cl::opt<double> SimLayoutSeconds(
    "simulate-layout-seconds",
    cl::desc("Seconds one new seed's two layouts cost the simulated clock "
             "(default 3, Lua's on the project's VM)"),
    cl::init(3), cl::Hidden, cl::sub(ABSubcommand), cl::cat(ABCategory));

static cl::opt<double>
    SimSpendingPower("simulate-spending-power",
                     cl::desc("The looks' alpha spending t^P (default: ab's, "
                              "ABStopping.h's SpendingPower)"),
                     cl::init(ab::SpendingPower), cl::Hidden,
                     cl::sub(ABSubcommand), cl::cat(ABCategory));

static int abError(Error E) { return reportError("ab", std::move(E)); }

/// What the verdict exits with (see the file comment).
static int abExitStatus(ab::Verdict V) {
  switch (V) {
  case ab::Verdict::Same:
    return ExitClean;
  case ab::Verdict::Unresolved:
    return ExitUndecided;
  case ab::Verdict::Slower:
  case ab::Verdict::Faster:
    break;
  }
  return ExitFindings;
}

/// <dir of this executable>/../share/hotlayout/ab-plot.py, where the build
/// puts the script.
static std::string plotScript(StringRef Self) {
  SmallString<256> P(sys::path::parent_path(sys::path::parent_path(Self)));
  sys::path::append(P, "share", "hotlayout", "ab-plot.py");
  return std::string(P);
}

/// --ci-target and --max-time into \p C; an error for values out of range.
static Error stoppingOptions(ABConfig &C) {
  if (CITarget.getNumOccurrences() && !(CITarget > 0 && CITarget < 100))
    return makeError(
        "--ci-target takes a percent above 0 and below 100 (2 "
        "for +-2%), not " +
        std::string(formatv("{0}", format("%g", double(CITarget)))));
  if (Threshold.getNumOccurrences() && !(Threshold > 0 && Threshold < 100))
    return makeError(
        "--threshold takes a percent above 0 and below 100 (1 for +-1%), "
        "not " +
        std::string(formatv("{0}", format("%g", double(Threshold)))));
  if (MaxTime.getNumOccurrences() && !(MaxTime > 0))
    return makeError(
        "--max-time takes a number of seconds above 0, not " +
        std::string(formatv("{0}", format("%g", double(MaxTime)))));
  C.CITarget = CITarget;
  C.Threshold = Threshold;
  if (MaxTime.getNumOccurrences() || C.CITarget > 0)
    C.MaxSeconds = MaxTime;
  return Error::success();
}

/// --simulate: one line per planted effect.
static int simulateCommand(const ABConfig &C) {
  auto Rec = readABRecording(Simulate, C.Metric);
  if (!Rec)
    return abError(Rec.takeError());
  ABSimSettings S;
  S.Trials = SimTrials;
  S.IndependentLayouts = !SimPaired;
  S.Layouts = C.Layouts;
  S.Rounds = C.Rounds;
  S.MaxLayouts = C.MaxLayouts;
  S.Sequential = C.CITarget > 0;
  S.Threshold = C.threshold();
  S.MaxSeconds = C.MaxSeconds;
  S.RunSeconds = SimRunSeconds;
  S.LayoutSeconds = SimLayoutSeconds;
  S.SpendingPower = SimSpendingPower;
  S.Seed = C.Seed;
  std::vector<double> Effects(SimEffects.begin(), SimEffects.end());
  if (Effects.empty())
    Effects.push_back(0);
  outs() << formatv(
      "simulate: {0} seeds x {1} rounds recorded, median run "
      "{2} s; threshold {3}%, {4}\n",
      Rec->A.size(), Rec->A.front().size(), format("%.4g", Rec->MedianRun),
      format("%g", 100 * S.Threshold),
      S.Sequential ? "stops when resolved (--ci-target)" : "fixed rounds");
  outs() << "effect% trials slower faster same unresolved mean-rounds "
            "mean-layouts mean-seconds\n";
  for (double E : Effects) {
    S.Effect = E / 100;
    ABSimOutcome O = simulateAB(*Rec, S);
    outs() << formatv(
        "{0} {1} {2} {3} {4} {5} {6} {7} {8}\n", format("%g", E), O.Trials,
        O.Slower, O.Faster, O.Same, O.Unresolved, format("%.1f", O.MeanRounds),
        format("%.1f", O.MeanLayouts), format("%.0f", O.MeanSeconds));
  }
  return ExitClean;
}

int runABCommand() {
  if (!Simulate.empty()) {
    ABConfig C;
    C.Layouts = Layouts;
    C.Rounds = Rounds;
    C.Seed = Seed;
    C.Metric = Metric;
    if (Error E = stoppingOptions(C))
      return abError(std::move(E));
    return simulateCommand(C);
  }
  if (Positionals.size() < 2)
    return abError(
        makeError("give two binaries: hotlayout ab A B [options] -- ARGS..."));
  std::string Self = sys::fs::getMainExecutable(nullptr, (void *)&runABCommand);
  ABConfig C;
  C.BinaryA = Positionals[0];
  C.BinaryB = Positionals[1];
  C.Args.assign(Positionals.begin() + 2, Positionals.end());
  C.RunCommand = RunCommand;
  C.Layouts = Layouts;
  C.Rounds = Rounds;
  C.Seed = Seed;
  C.Metric = Metric;
  C.CheckOutput = CheckOutput;
  C.LockPath = LockPath;
  C.BoltDir = BoltTool.Dir;
  C.BoltTimeout = BoltTool.Timeout;
  C.KeepDir = KeepDir;
  if (Error E = stoppingOptions(C))
    return abError(std::move(E));
  Diagnostics Diag = commandDiagnostics("ab", /*ShowProgress=*/true);
  // A terminal gets one line rewritten in place; a log gets every line.
  bool Terminal = isatty(STDERR_FILENO);
  if (Terminal)
    Diag.OnProgress = [](const Twine &Line) {
      errs() << "\r\033[Khotlayout ab: " << Line;
    };

  std::string Py = Python;
  if (!PlotPath.empty()) {
    if (Py.empty()) {
      auto Found = sys::findProgramByName("python3");
      if (!Found)
        return abError(makeError(
            "--plot needs Python 3 with matplotlib, and python3 is "
            "not on PATH: install python3-matplotlib or drop --plot"));
      Py = *Found;
    }
    if (Error E = checkPlotter(Py))
      return abError(std::move(E));
  }

  auto R = runAB(C, Diag);
  if (Terminal)
    errs() << "\r\033[K";
  if (!R)
    return abError(R.takeError());
  if (JSON)
    printABJSON(outs(), *R);
  else
    printABTable(outs(), *R);
  outs().flush();
  if (!JSONOut.empty())
    if (Error E = writeABJSON(JSONOut, *R))
      return abError(std::move(E));
  if (!PlotPath.empty() && R->Layouts)
    if (Error E = plotAB(*R, Py, plotScript(Self), PlotPath))
      return abError(std::move(E));
  if (R->InterruptSignal)
    return 128 + R->InterruptSignal;
  if (!R->Layouts)
    return ExitError;
  return abExitStatus(R->Layouts->V);
}

} // namespace hotlayout
