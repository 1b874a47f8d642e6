//===- FlushElim.cpp - Remove cache flushes already done ------------------===//
//
// The transformation half of flushelim. FlushAvailabilityAnalysis decides;
// this pass acts on the decisions and reports them:
//  1. For every function, emit the missed and analysis remarks (kept near
//     duplicates with their blocker, flushes after a partial flush).
//  2. Depending on -flushelim-mode:
//     remove  - erase each redundant flush (bisectable with the
//               flushelim-remove debug counter);
//     check   - replace each redundant flush by a runtime check against the
//               bytes its witness flushed, and snapshot at every kept flush;
//     profile - instrument every flush, remove none.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/FlushElim.h"
#include "hotlayout/FlushAvailability.h"
#include "hotlayout/FlushElimOptions.h"

#include "FlushInstrument.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/DebugCounter.h"

using namespace llvm;
using namespace hotlayout;

#define DEBUG_TYPE "flushelim"

STATISTIC(NumRemoved, "Number of redundant flushes removed");
STATISTIC(NumChecked,
          "Number of redundant flushes replaced by a run-time check");
STATISTIC(NumProfiled, "Number of flush calls instrumented for profiling");
STATISTIC(NumKept, "Number of near-duplicate flushes that had to stay");
STATISTIC(NumPartial,
          "Number of flushes following a flush of part of their range");

DEBUG_COUNTER(RemoveCounter, "flushelim-remove",
              "Controls which redundant flushes flushelim removes");

namespace {

/// "store" or "call to mmap": what blocked a near duplicate.
std::string describeBlocker(const Instruction &I) {
  std::string Text = I.getOpcodeName();
  if (auto *Call = dyn_cast<CallBase>(&I)) {
    if (Call->isInlineAsm())
      return "inline asm";
    if (const Function *Callee = Call->getCalledFunction())
      Text += " to " + Callee->getName().str();
  }
  return Text;
}

void emitKeptRemark(OptimizationRemarkEmitter &ORE, const KeptFlush &K,
                    const FlushAvailability &A) {
  ORE.emit([&] {
    OptimizationRemarkMissed R(DEBUG_TYPE, "FlushKept", K.Kept);
    R << "kept " << ore::NV("Kind", A.siteOf(K.Kept)->Kind->Display)
      << ": the flush at " << ore::NV("Earlier", K.Earlier->getDebugLoc())
      << " covers its range but "
      << ore::NV("Reason", describeKeptReason(K.Why));
    if (K.Blocker)
      R << "; blocked by " << ore::NV("Blocker", describeBlocker(*K.Blocker))
        << " at " << ore::NV("BlockerLoc", K.Blocker->getDebugLoc());
    return R;
  });
}

void emitPartialRemark(OptimizationRemarkEmitter &ORE,
                       const PartiallyCoveredFlush &P, StringRef Kind) {
  ORE.emit([&] {
    return OptimizationRemarkAnalysis(DEBUG_TYPE, "FlushPartlyCovered", P.Later)
           << ore::NV("Kind", Kind)
           << " follows a flush of part of its range at "
           << ore::NV("Earlier", P.Earlier->getDebugLoc())
           << ": the remainder is not proven clean";
  });
}

/// Built before the flush goes (a remark reads its instruction's location),
/// emitted only once it has gone.
OptimizationRemark removedRemark(const FlushSite &Site, const CallBase &Witness,
                                 StringRef WitnessKind) {
  OptimizationRemark R(DEBUG_TYPE, "FlushRemoved", Site.Call);
  R << "removed redundant " << ore::NV("Kind", Site.Kind->Display)
    << ": its range was already flushed by "
    << ore::NV("WitnessKind", WitnessKind) << " at "
    << ore::NV("Witness", Witness.getDebugLoc());
  return R;
}

/// Applies the decisions for one function; returns true if it changed.
/// \p AllElided holds every flush any function will lose: one of them is
/// never used as a witness, since it may already be gone.
bool applyDecisions(const FlushAvailability &A, OptimizationRemarkEmitter &ORE,
                    const SmallPtrSetImpl<const CallBase *> &AllElided) {
  for (const KeptFlush &K : A.Kept) {
    ++NumKept;
    emitKeptRemark(ORE, K, A);
  }
  for (const PartiallyCoveredFlush &P : A.Partial) {
    ++NumPartial;
    emitPartialRemark(ORE, P, A.siteOf(P.Later)->Kind->Display);
  }

  if (opts::Mode == FlushElimMode::Profile) {
    bool Changed = false;
    for (const FlushSite &Site : A.Sites)
      if (instrumentFlushProfile(Site)) {
        ++NumProfiled;
        Changed = true;
      }
    return Changed;
  }

  bool Changed = false;
  SmallPtrSet<const CallBase *, 8> Elided;
  for (const RedundantFlush &R : A.Redundant) {
    const FlushSite &Site = *A.siteOf(R.Elided);
    auto WitnessKind = decodeFlushSite(*R.Witness);
    if (!WitnessKind || AllElided.count(R.Witness) ||
        !DebugCounter::shouldExecute(RemoveCounter))
      continue;
    LLVM_DEBUG(dbgs() << "[flushelim] removing " << *Site.Call << "\n");
    CallBase *Call = Site.Call;
    OptimizationRemark Removed =
        removedRemark(Site, *R.Witness, WitnessKind->Kind->Display);
    if (opts::Mode == FlushElimMode::Check) {
      if (!replaceFlushWithCheck(Site, *R.Witness))
        continue;
      ++NumChecked;
    } else {
      Call->eraseFromParent();
      ++NumRemoved;
    }
    ORE.emit(Removed);
    Elided.insert(Call);
    Changed = true;
  }
  if (opts::Mode == FlushElimMode::Check)
    for (const FlushSite &Site : A.Sites)
      if (!Elided.count(Site.Call))
        Changed |= instrumentFlushRecord(Site);
  return Changed;
}

} // namespace

PreservedAnalyses FlushElimPass::run(Module &M, ModuleAnalysisManager &MAM) {
  auto &Results = MAM.getResult<FlushAvailabilityAnalysis>(M);
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  // A witness may sit in another function (callee summaries); collect what
  // every function loses first so no decision leans on a removed flush.
  SmallVector<std::pair<Function *, const FlushAvailability *>, 8> Work;
  SmallPtrSet<const CallBase *, 16> AllElided;
  for (Function &F : M) {
    auto It = Results.find(&F);
    if (It == Results.end() || It->second.Sites.empty())
      continue;
    Work.push_back({&F, &It->second});
    for (const RedundantFlush &R : It->second.Redundant)
      AllElided.insert(R.Elided);
  }
  bool Changed = false;
  for (auto [F, A] : Work) {
    auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(*F);
    Changed |= applyDecisions(*A, ORE, AllElided);
  }
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}
