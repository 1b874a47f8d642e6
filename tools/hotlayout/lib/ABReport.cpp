//===- ABReport.cpp - Printing hotlayout ab's result ----------------------===//

#include "hotlayout/Tool/ABReport.h"

#include "hotlayout/Tool/Error.h"
#include "hotlayout/Tool/Process.h"
#include "hotlayout/Tool/TempFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace hotlayout {

static const std::vector<double> &samples(const ABResult &R,
                                          const ABVariant &V) {
  return R.Config.Metric == ABMetric::Wall ? V.Wall : V.CPU;
}

static const char *metricName(const ABResult &R) {
  return R.Config.Metric == ABMetric::Wall ? "wall" : "user+sys";
}

/// Below this many layouts per side the interval is too narrow: simulated
/// null comparisons on this project's VM noise came out `same` 81 % of the
/// time with 2 layouts, 92.5 % with 3, 95 % with 4 (ABStatsTest.cpp's
/// machine).
static constexpr unsigned MinTrustedLayouts = 4;

static std::string layoutsWarning() {
  return "fewer than 4 layouts per side: the interval is too narrow (a "
         "bootstrap over 2 or 3 values); use --layouts 4 or more";
}

static void printInterval(raw_ostream &OS, const ab::Comparison &C) {
  OS << format("B/A = %.4f, 95%% CI [%.4f, %.4f]", C.Ratio, C.CILow, C.CIHigh);
}

void printABTable(raw_ostream &OS, const ABResult &R) {
  const ABConfig &C = R.Config;
  OS << "hotlayout ab: A = " << C.BinaryA << ", B = " << C.BinaryB << "\n";
  OS << C.Layouts << " layouts each (seeds " << C.Seed << ".."
     << C.Seed + C.Layouts - 1 << "), " << R.CompleteRounds << " of "
     << C.Rounds << " rounds, " << metricName(R) << " time; " << R.Machine
     << format(", load %.2f -> %.2f", R.LoadStart, R.LoadEnd) << "\n";
  if (R.InterruptSignal)
    OS << "interrupted by signal " << R.InterruptSignal
       << ": the result covers the complete rounds only\n";
  if (!R.Layouts) {
    OS << "no result: " << R.Why << "\n";
    return;
  }
  const ab::Comparison &L = *R.Layouts;
  if (C.Layouts < MinTrustedLayouts)
    OS << "warning: " << layoutsWarning() << "\n";
  printInterval(OS, L);
  OS << ": " << ab::verdictName(L.V);
  if (L.V == ab::Verdict::Same)
    OS << format(" (this run could have detected about %.1f%%)",
                 100 * L.Detectable);
  OS << "\n";
  OS << format("A: median %.6g s, layout spread %.3f\n", L.MedianA, L.SpreadA);
  OS << format("B: median %.6g s, layout spread %.3f\n", L.MedianB, L.SpreadB);
  OS << format("one layout of each (what a single-layout A/B reports): "
               "anywhere in [%.4f, %.4f]\n",
               L.NaiveLow, L.NaiveHigh);
  if (R.Lock) {
    OS << "with the lock (one layout each): ";
    printInterval(OS, *R.Lock);
    OS << "\n  A: " << R.LockSummaryA << "\n  B: " << R.LockSummaryB << "\n";
  }
  OS << "VARIANT  SEED  ENV-PAD  MEDIAN  MIN  MAX\n";
  for (const ABVariant &V : R.Variants) {
    const std::vector<double> &X = samples(R, V);
    if (X.empty())
      continue;
    auto [Lo, Hi] = std::minmax_element(X.begin(), X.end());
    OS << V.name() << "  "
       << (V.Locked ? std::string("-") : std::to_string(V.Seed)) << "  "
       << V.EnvPadBytes
       << format("  %.6g  %.6g  %.6g\n", ab::median(X), *Lo, *Hi);
  }
}

static void comparisonFields(json::OStream &J, const ab::Comparison &C) {
  J.attribute("ratio", C.Ratio);
  J.attribute("ci_low", C.CILow);
  J.attribute("ci_high", C.CIHigh);
  J.attribute("verdict", ab::verdictName(C.V));
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
    J.attribute("layouts_per_side", int64_t(C.Layouts));
    J.attribute("interrupted_by", int64_t(R.InterruptSignal));
    if (C.Layouts < MinTrustedLayouts)
      J.attribute("warning", layoutsWarning());
    if (R.Layouts)
      comparisonFields(J, *R.Layouts);
    else
      J.attribute("no_result", R.Why);
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
          J.attribute("median", ab::median(samples(R, V)));
          numbers(J, "runs", samples(R, V));
          numbers(J, "wall", V.Wall);
          numbers(J, "cpu", V.CPU);
        });
    });
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
