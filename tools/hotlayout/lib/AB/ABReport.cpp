//===- ABReport.cpp - Printing hotlayout ab's result ----------------------===//

#include "hotlayout/Tool/AB/ABReport.h"

#include "hotlayout/Tool/Support/Error.h"
#include "hotlayout/Tool/Support/Process.h"
#include "hotlayout/Tool/Support/TempFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cmath>

using namespace llvm;

namespace hotlayout {

static const std::vector<double> &samples(const ABResult &R,
                                          const ABVariant &V) {
  return R.Config.Metric == ABMetric::Wall ? V.Wall : V.CPU;
}

static const char *metricName(const ABResult &R) {
  return R.Config.Metric == ABMetric::Wall ? "wall" : "user+sys";
}

static std::string layoutsWarning() {
  return "fewer than 4 layouts per side: the interval rests on 2 or 3 "
         "layouts, too few to tell how much layout moves this program; use "
         "--layouts 4 or more";
}

/// The interval of a comparison that stops on it holds at every look
/// (ABStopping.h, step 1): the line says so.
static void printInterval(raw_ostream &OS, const ab::Comparison &C,
                          bool Sequential) {
  OS << format("B/A = %.4f, 95%% CI%s [%.4f, %.4f]", C.Ratio,
               Sequential ? " (at every look)" : "", C.CILow, C.CIHigh);
}

/// "4 min 3 s", "12.3 s".
static std::string duration(double Seconds) {
  if (Seconds < 60)
    return formatv("{0} s", format("%.3g", Seconds)).str();
  unsigned S = unsigned(std::lround(Seconds));
  if (S < 3600)
    return formatv("{0} min {1} s", S / 60, S % 60).str();
  return formatv("{0} h {1} min", S / 3600, S % 3600 / 60).str();
}

/// What resolving the verdict would take, or why nothing would.
static void printPlan(raw_ostream &OS, const ABResult &R) {
  const ABConfig &C = R.Config;
  if (R.ToTarget)
    OS << formatv("needs about {0} more rounds ({1} layouts each, about {2} "
                  "at the rate so far)",
                  R.ToTarget->MoreRounds, R.ToTarget->Layouts,
                  duration(R.ToTarget->Seconds));
  else
    OS << formatv("out of reach with up to {0} layouts each on this machine",
                  std::max(C.MaxLayouts, C.Layouts));
}

/// With --ci-target: whether the verdict was resolved, and why the runs
/// stopped.
static void printTarget(raw_ostream &OS, const ABResult &R) {
  const ABConfig &C = R.Config;
  OS << format("target +-%g%%: ", C.CITarget);
  if (R.Stop == ABStop::Target) {
    OS << "reached (verdict resolved)\n";
    return;
  }
  OS << "not reached ("
     << (R.Stop == ABStop::Signal ? "interrupted"
         : R.Stop == ABStop::Looks
             ? "after " + std::to_string(ab::MaxLooks) + " looks"
             : "--max-time " + duration(C.MaxSeconds))
     << ")\n";
}

static void printTax(raw_ostream &OS, const ABResult &R) {
  if (!R.TaxA || !R.TaxB)
    return;
  OS << "layout tax (1 sd of what layout alone moves, 95% CI): ";
  for (auto [Side, T] : {std::pair('A', &*R.TaxA), std::pair('B', &*R.TaxB)})
    OS << (Side == 'B' ? ", " : "") << Side
       << format(" +-%.2f%% [%.2f, %.2f]", 100 * T->Sigma, 100 * T->CILow,
                 100 * T->CIHigh);
  OS << "\n";
}

void printABTable(raw_ostream &OS, const ABResult &R) {
  const ABConfig &C = R.Config;
  OS << "hotlayout ab: A = " << C.BinaryA << ", B = " << C.BinaryB << "\n";
  unsigned Built = R.LayoutsUsed + R.LayoutsPending;
  OS << R.LayoutsUsed << " layouts each (seeds " << C.Seed << ".."
     << C.Seed + std::max(Built, 1u) - 1;
  if (R.LayoutsPending)
    OS << "; the last " << R.LayoutsPending << " ran fewer than " << C.Rounds
       << " rounds and do not count";
  OS << "), " << R.CompleteRounds;
  if (C.CITarget <= 0)
    OS << " of " << C.Rounds;
  OS << " rounds in " << duration(R.Seconds) << ", " << metricName(R)
     << " time; " << R.Machine
     << format(", load %.2f -> %.2f", R.LoadStart, R.LoadEnd) << "\n";
  if (R.InterruptSignal)
    OS << "interrupted by signal " << R.InterruptSignal
       << ": the result covers the complete rounds only\n";
  else if (R.Stop == ABStop::MaxTime && C.CITarget <= 0)
    OS << "stopped at --max-time " << duration(C.MaxSeconds)
       << ": the result covers the complete rounds only\n";
  if (!R.Layouts) {
    OS << "no result: " << R.Why << "\n";
    return;
  }
  const ab::Comparison &L = *R.Layouts;
  if (C.Layouts < ab::MinTrustedLayouts)
    OS << "warning: " << layoutsWarning() << "\n";
  printInterval(OS, L, C.CITarget > 0);
  OS << ": " << ab::verdictName(L.V) << " (" << L.Rule;
  if (L.V == ab::Verdict::Same)
    OS << format("; this run could have detected about %.1f%%",
                 100 * L.Detectable);
  OS << ")";
  if (L.V == ab::Verdict::Unresolved) {
    OS << ": ";
    printPlan(OS, R);
  }
  OS << "\n";
  if (C.CITarget > 0)
    printTarget(OS, R);
  OS << format("A: median %.6g s, layout spread %.3f\n", L.MedianA, L.SpreadA);
  OS << format("B: median %.6g s, layout spread %.3f\n", L.MedianB, L.SpreadB);
  OS << format("one layout of each (what a single-layout A/B reports): "
               "anywhere in [%.4f, %.4f]\n",
               L.NaiveLow, L.NaiveHigh);
  printTax(OS, R);
  if (R.Lock) {
    OS << "with the lock (one layout each): ";
    printInterval(OS, *R.Lock, C.CITarget > 0);
    OS << "\n  A: " << R.LockSummaryA << "\n  B: " << R.LockSummaryB << "\n";
  }
  OS << "VARIANT  SEED  ENV-PAD  MEDIAN  MIN  MAX  RUNS\n";
  for (const ABVariant &V : R.Variants) {
    const std::vector<double> &X = samples(R, V);
    if (X.empty())
      continue;
    auto [Lo, Hi] = std::minmax_element(X.begin(), X.end());
    OS << V.name() << "  "
       << (V.Locked ? std::string("-") : std::to_string(V.Seed)) << "  "
       << V.EnvPadBytes
       << format("  %.6g  %.6g  %.6g  %zu\n", ab::median(X), *Lo, *Hi,
                 X.size());
  }
}

static void comparisonFields(json::OStream &J, const ab::Comparison &C) {
  J.attribute("ratio", C.Ratio);
  J.attribute("ci_low", C.CILow);
  J.attribute("ci_high", C.CIHigh);
  J.attribute("verdict", ab::verdictName(C.V));
  J.attribute("verdict_rule", C.Rule);
  J.attribute("threshold", 100 * C.Threshold);
  J.attribute("detectable", C.Detectable);
  J.attribute("median_a", C.MedianA);
  J.attribute("median_b", C.MedianB);
  J.attribute("spread_a", C.SpreadA);
  J.attribute("spread_b", C.SpreadB);
  J.attribute("naive_low", C.NaiveLow);
  J.attribute("naive_high", C.NaiveHigh);
}

static void numbers(json::OStream &J, StringRef Key,
                    const std::vector<double> &X) {
  J.attributeArray(Key, [&] {
    for (double V : X)
      J.value(V);
  });
}

static const char *stopName(ABStop S) {
  switch (S) {
  case ABStop::Target:
    return "target";
  case ABStop::Looks:
    return "looks";
  case ABStop::MaxTime:
    return "max-time";
  case ABStop::Signal:
    return "signal";
  case ABStop::Rounds:
    break;
  }
  return "rounds";
}

static void taxFields(json::OStream &J, const ab::LayoutTax &T) {
  J.attribute("sigma", T.Sigma);
  J.attribute("ci_low", T.CILow);
  // JSON has no infinity: an unbounded upper end is null.
  if (std::isfinite(T.CIHigh))
    J.attribute("ci_high", T.CIHigh);
  else
    J.attribute("ci_high", nullptr);
  J.attribute("layouts", int64_t(T.Layouts));
}

/// What --ci-target and --max-time asked, and how it ended.
static void stoppingFields(json::OStream &J, const ABResult &R) {
  const ABConfig &C = R.Config;
  J.attribute("seconds", R.Seconds);
  J.attribute("stop", stopName(R.Stop));
  J.attribute("max_time", C.MaxSeconds);
  if (C.CITarget > 0) {
    J.attribute("ci_target", C.CITarget);
    J.attribute("reached", R.Stop == ABStop::Target);
  }
  // The reported interval's confidence: 0.95 for a fixed plan, else its
  // look's (ABStopping.h, step 1).
  J.attribute("look_confidence", R.Confidence);
  if (R.ToTarget)
    J.attributeObject("to_target", [&] {
      J.attribute("layouts", int64_t(R.ToTarget->Layouts));
      J.attribute("more_rounds", int64_t(R.ToTarget->MoreRounds));
      J.attribute("seconds", R.ToTarget->Seconds);
    });
}

/// The interval after every complete round (--plot draws it).
static void history(json::OStream &J, const ABResult &R) {
  J.attributeArray("history", [&] {
    for (const ABStep &H : R.History)
      J.object([&] {
        J.attribute("rounds", int64_t(H.Rounds));
        J.attribute("layouts", int64_t(H.Layouts));
        J.attribute("seconds", H.Seconds);
        J.attribute("ratio", H.Ratio);
        J.attribute("ci_low", H.CILow);
        J.attribute("ci_high", H.CIHigh);
      });
  });
}

void printABJSON(raw_ostream &OS, const ABResult &R) {
  const ABConfig &C = R.Config;
  json::OStream J(OS, 2);
  J.object([&] {
    J.attribute("a", C.BinaryA);
    J.attribute("b", C.BinaryB);
    J.attribute("machine", R.Machine);
    J.attribute("load_start", R.LoadStart);
    J.attribute("load_end", R.LoadEnd);
    J.attribute("metric", metricName(R));
    J.attribute("seed", int64_t(C.Seed));
    J.attribute("rounds", int64_t(R.CompleteRounds));
    J.attribute("rounds_asked", int64_t(C.Rounds));
    J.attribute("layouts_per_side", int64_t(R.LayoutsUsed));
    J.attribute("layouts_asked", int64_t(C.Layouts));
    J.attribute("layouts_pending", int64_t(R.LayoutsPending));
    J.attribute("interrupted_by", int64_t(R.InterruptSignal));
    stoppingFields(J, R);
    if (C.Layouts < ab::MinTrustedLayouts)
      J.attribute("warning", layoutsWarning());
    if (R.Layouts)
      comparisonFields(J, *R.Layouts);
    else
      J.attribute("no_result", R.Why);
    if (R.TaxA && R.TaxB)
      J.attributeObject("layout_tax", [&] {
        J.attributeObject("a", [&] { taxFields(J, *R.TaxA); });
        J.attributeObject("b", [&] { taxFields(J, *R.TaxB); });
      });
    else if (R.Layouts)
      J.attribute("layout_tax_missing", R.TaxWhy);
    if (R.Lock)
      J.attributeObject("lock", [&] {
        comparisonFields(J, *R.Lock);
        J.attribute("apply_a", R.LockSummaryA);
        J.attribute("apply_b", R.LockSummaryB);
      });
    J.attributeArray("layouts", [&] {
      for (const ABVariant &V : R.Variants)
        J.object([&] {
          J.attribute("side", std::string(1, V.Side));
          J.attribute("name", V.name());
          J.attribute("seed", int64_t(V.Seed));
          J.attribute("locked", V.Locked);
          J.attribute("env_pad", int64_t(V.EnvPadBytes));
          J.attribute("first_round", int64_t(V.FirstRound));
          J.attribute("median", ab::median(samples(R, V)));
          numbers(J, "runs", samples(R, V));
          numbers(J, "wall", V.Wall);
          numbers(J, "cpu", V.CPU);
        });
    });
    history(J, R);
  });
  OS << "\n";
}

Error writeABJSON(StringRef Path, const ABResult &R) {
  auto Out = AtomicOutput::create(Path);
  if (!Out)
    return Out.takeError();
  if (Error E = Out->write([&](raw_ostream &OS) { printABJSON(OS, R); }))
    return E;
  return Out->commit();
}

/// Runs \p Python with \p Args, stdout and stderr to \p Log.
static ProcessResult runPython(StringRef Python, ArrayRef<std::string> Args,
                               StringRef Log) {
  SmallVector<StringRef, 4> Argv = {Python};
  Argv.append(Args.begin(), Args.end());
  std::optional<StringRef> Redirects[] = {StringRef(""), Log, Log};
  return runProcess(Python, Argv, Redirects);
}

static std::string readLog(StringRef Log) {
  auto Buffer = MemoryBuffer::getFile(Log, /*IsText=*/true);
  return Buffer ? (*Buffer)->getBuffer().trim().str() : std::string();
}

Error checkPlotter(StringRef Python) {
  auto Dir = TempDir::createInSystemTemp("hotlayout-ab-py");
  if (!Dir)
    return Dir.takeError();
  ProcessResult P =
      runPython(Python, {"-c", "import matplotlib"}, Dir->file("log.txt"));
  if (P.ExecFailed)
    return makeError("--plot needs Python 3 with matplotlib, and '" + Python +
                     "' cannot be run: " + P.ErrMsg);
  if (!P.succeeded())
    return makeError("--plot needs matplotlib, which '" + Python +
                     "' cannot import: install it (apt-get install "
                     "python3-matplotlib, or pip install matplotlib) or drop "
                     "--plot");
  return Error::success();
}

Error plotAB(const ABResult &R, StringRef Python, StringRef Script,
             StringRef PNG) {
  auto Dir = TempDir::createInSystemTemp("hotlayout-ab-plot");
  if (!Dir)
    return Dir.takeError();
  std::string JSONPath = Dir->file("ab.json"), Log = Dir->file("plot.log");
  if (Error E = writeABJSON(JSONPath, R))
    return E;
  // The script writes the PNG under a temporary name beside PNG, renamed
  // into place only when it succeeded.
  auto Out = AtomicOutput::create(PNG);
  if (!Out)
    return Out.takeError();
  ProcessResult P =
      runPython(Python, {Script.str(), JSONPath, Out->tempPath().str()}, Log);
  if (!P.succeeded())
    return makeError("drawing '" + PNG + "' with '" + Script + "' failed (" +
                     P.why() + "): " + readLog(Log));
  return Out->commit();
}

} // namespace hotlayout
