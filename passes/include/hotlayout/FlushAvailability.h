//===- hotlayout/FlushAvailability.h - Which flushes are already done -----===//
//
// The analysis half of flushelim. For every cache-flush call in a function it
// decides whether an earlier flush of the same or a containing range is
// available on every path to it, with nothing in between that may write (or,
// for data-cache flushes, read) those bytes. A flush whose range is only
// partly flushed already gets a narrowing plan: the pieces left to flush, or,
// for a loop's line flush, the lines to skip. It also records why near
// duplicates were kept and why a partly covered flush was not narrowed. The
// transformation (FlushElim.h) only consumes these decisions, whose types
// are in FlushResults.h.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_FLUSHAVAILABILITY_H
#define HOTLAYOUT_FLUSHAVAILABILITY_H

#include "hotlayout/FlushResults.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/PassManager.h"

namespace llvm {
class Function;
class Module;
class raw_ostream;
} // namespace llvm

namespace hotlayout {

/// Computes flush availability for every defined function of \p M, callees
/// before callers so that each call site can use its callee's summary.
/// Functions are visited in module order; the result is keyed by function.
class FlushAvailabilityAnalysis
    : public llvm::AnalysisInfoMixin<FlushAvailabilityAnalysis> {
public:
  using Result = llvm::DenseMap<const llvm::Function *, FlushAvailability>;
  Result run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);

private:
  friend llvm::AnalysisInfoMixin<FlushAvailabilityAnalysis>;
  static llvm::AnalysisKey Key;
};

/// `print<flushelim>`: prints sites, decisions and summaries per function.
class FlushAvailabilityPrinterPass
    : public llvm::PassInfoMixin<FlushAvailabilityPrinterPass> {
public:
  explicit FlushAvailabilityPrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }

private:
  llvm::raw_ostream &OS;
};

} // namespace hotlayout

#endif // HOTLAYOUT_FLUSHAVAILABILITY_H
