//===- hotlayout/Tool/AB/ABReport.h - Printing hotlayout ab's result ------===//
//
// The table for people, JSON for scripts, and a PNG through a small
// matplotlib script shipped with hotlayout (scripts/ab-plot.py).
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_ABREPORT_H
#define HOTLAYOUT_TOOL_ABREPORT_H

#include "hotlayout/Tool/AB/AB.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace hotlayout {

/// The verdict, the ratio with its interval, the spreads, the naive range
/// and one row per variant.
void printABTable(llvm::raw_ostream &OS, const ABResult &R);

/// The same as JSON: ratio, ci_low, ci_high, verdict, detectable,
/// spread_a, spread_b, naive_low, naive_high, and layouts (side, seed,
/// locked, env_pad, median, runs, wall, cpu per variant).
void printABJSON(llvm::raw_ostream &OS, const ABResult &R);

/// printABJSON() into \p Path, atomically (AtomicOutput).
llvm::Error writeABJSON(llvm::StringRef Path, const ABResult &R);

/// An error unless \p Python can import matplotlib, saying what to install.
llvm::Error checkPlotter(llvm::StringRef Python);

/// Runs \p Script under \p Python on \p R's JSON to draw \p PNG (written
/// atomically): per-variant medians of both sides and the interval.
llvm::Error plotAB(const ABResult &R, llvm::StringRef Python,
                   llvm::StringRef Script, llvm::StringRef PNG);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_ABREPORT_H
