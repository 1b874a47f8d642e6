//===- hotlayout/FlushAvailability.h - Which flushes are already done -----===//
//
// The analysis half of flushelim. For every cache-flush call in a function it
// decides whether an earlier flush of the same or a containing range is
// available on every path to it, with nothing in between that may write (or,
// for data-cache flushes, read) those bytes. It also records why near
// duplicates were kept and which flushes follow a flush of only part of their
// range. The transformation (FlushElim.h) only consumes these decisions.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_FLUSHAVAILABILITY_H
#define HOTLAYOUT_FLUSHAVAILABILITY_H

#include "hotlayout/Support/FlushKinds.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"

namespace llvm {
class CallBase;
class Function;
class Instruction;
class Module;
class raw_ostream;
class Value;
} // namespace llvm

namespace hotlayout {

/// One call to a flush primitive, with its operands decoded per the table.
struct FlushSite {
  llvm::CallBase *Call = nullptr;
  const FlushKind *Kind = nullptr;
  llvm::Value *Begin = nullptr;    ///< First byte (a pointer).
  llvm::Value *EndOrLen = nullptr; ///< End pointer, length, or null (OneLine).
};

/// Decodes \p Call when it calls a known flush primitive.
std::optional<FlushSite> decodeFlushSite(llvm::CallBase &Call);

/// A flush that an earlier one made redundant.
struct RedundantFlush {
  llvm::CallBase *Elided;
  /// A kept flush whose range covers Elided's; it sits in a callee when the
  /// callee's summary made Elided redundant.
  llvm::CallBase *Witness;
};

/// Why a flush that has an earlier covering flush still had to stay.
struct KeptFlush {
  enum Reason {
    Written,      ///< Blocker may write bytes of the range.
    Read,         ///< Blocker may read the line (flush+reload relies on it).
    Synchronises, ///< Blocker is a fence, atomic or volatile access, or asm.
    Redefined,    ///< The range's operands are recomputed (loop, re-load).
    NotAllPaths,  ///< Some path to the flush has no covering flush.
  };
  llvm::CallBase *Kept;
  llvm::CallBase *Earlier;
  Reason Why;
  llvm::Instruction *Blocker; ///< Null for Redefined and NotAllPaths.
};

/// The clause a remark uses for \p Why ("memory in its range may be ...").
llvm::StringRef describeKeptReason(KeptFlush::Reason Why);

/// A flush preceded by a flush of only part of its range (RandomX's
/// make-executable step): a candidate for a human, never for removal.
struct PartiallyCoveredFlush {
  llvm::CallBase *Later;
  llvm::CallBase *Earlier;
};

/// What a defined function leaves flushed on every return: the callee
/// summary a caller's re-flush can be removed against.
struct FlushSummary {
  llvm::SmallVector<FlushSite, 2> FlushedOnReturn;
};
using FlushSummaryMap = llvm::DenseMap<const llvm::Function *, FlushSummary>;

/// The analysis result for one function.
struct FlushAvailability {
  llvm::SmallVector<FlushSite, 8> Sites;
  llvm::SmallVector<RedundantFlush, 4> Redundant;
  llvm::SmallVector<KeptFlush, 4> Kept;
  llvm::SmallVector<PartiallyCoveredFlush, 2> Partial;
  FlushSummary Summary;
  /// Set when the function was too large to analyse within the work bound;
  /// then nothing is redundant.
  bool GaveUp = false;

  /// The site of \p Call, or null when \p Call is no flush site here.
  const FlushSite *siteOf(const llvm::CallBase *Call) const;
  /// The decision that \p Call is redundant, or null when it stays.
  RedundantFlush *redundancyOf(const llvm::CallBase *Call);
  const RedundantFlush *redundancyOf(const llvm::CallBase *Call) const {
    return const_cast<FlushAvailability *>(this)->redundancyOf(Call);
  }

  void print(llvm::raw_ostream &OS, const llvm::Function &F) const;
};

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
