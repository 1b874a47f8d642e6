//===- FlushElim.cpp - Remove cache flushes already done ------------------===//
//
// The transformation half of flushelim. FlushAvailabilityAnalysis decides;
// this pass acts on the decisions and reports them:
//  1. For every function, emit the missed and analysis remarks (kept near
//     duplicates with their blocker, partly covered flushes that stay whole
//     and why, flush loops that are no range flush and why), and build the
//     narrowing jobs and remarks while every witness still exists.
//  2. Depending on -flushelim-mode, for the redundant flushes of every
//     function:
//     remove  - erase each one (bisectable with the flushelim-remove debug
//               counter);
//     check   - replace each one by a runtime check against the bytes its
//               witness flushed, and snapshot at every kept flush;
//     profile - instrument every flush, remove none; a redundant one also
//               counts its bytes as skippable.
//  3. Narrow the partly redundant flushes, function by function
//     (FlushNarrow.cpp; bisectable with the flushelim-narrow counter): in
//     check mode with run-time checks of the skipped bytes, in profile mode
//     only counting them.
// Removals go first because a removal's witness may be a flush that is then
// narrowed (its call replaced); a narrowing names its witnesses from step 1.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/FlushElim.h"
#include "hotlayout/FlushAvailability.h"
#include "hotlayout/FlushElimOptions.h"

#include "FlushInstrument.h"
#include "FlushNarrow.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/DebugCounter.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Local.h"

#include <deque>
#include <memory>
#include <vector>

using namespace llvm;
using namespace hotlayout;

#define DEBUG_TYPE "flushelim"

STATISTIC(NumRemoved, "Number of redundant flushes removed");
STATISTIC(NumChecked,
          "Number of redundant flushes replaced by a run-time check");
STATISTIC(NumProfiled, "Number of flush calls instrumented for profiling");
STATISTIC(NumKept, "Number of near-duplicate flushes that had to stay");
STATISTIC(NumPartial,
          "Number of partly covered flushes that were not narrowed");
STATISTIC(NumNotRange,
          "Number of flush loops that could not be summarised as a range");
STATISTIC(NumOpaqueAsm,
          "Number of inline-asm statements with a cache-line operation among "
          "other instructions");

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

/// A byte count for a remark: the number when SCEV knows it, else the
/// expression ("(%pos umin %size)").
std::string describeBytes(const SCEV *S) {
  if (!S)
    return "some";
  std::string Text;
  raw_string_ostream OS(Text);
  if (auto *C = dyn_cast<SCEVConstant>(S))
    OS << C->getAPInt().getSExtValue();
  else
    OS << *S;
  return Text;
}

/// The display name of the flush \p Call (any function's), or "flush".
StringRef kindOf(CallBase &Call) {
  std::optional<FlushSite> Site = decodeFlushSite(Call);
  return Site ? Site->Kind->Display : StringRef("flush");
}

void emitKeptRemark(OptimizationRemarkEmitter &ORE, const KeptFlush &K,
                    const FlushAvailability &A) {
  ORE.emit([&] {
    OptimizationRemarkMissed R(DEBUG_TYPE, "FlushKept", K.Kept);
    // A weaker kind is the reason: name it.
    std::string Earlier = K.Why == KeptFlush::WeakerKind || K.EarlierIsLoop
                              ? kindOf(*K.Earlier).str()
                              : "flush";
    R << "kept " << ore::NV("Kind", A.siteOf(K.Kept)->Kind->Display) << ": the "
      << (K.EarlierIsLoop ? Earlier + " loop" : Earlier) << " at "
      << ore::NV("Earlier", K.Earlier->getDebugLoc())
      << (K.Partly ? " covers part of its range but "
                   : " covers its range but ")
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
           << ": the remainder is not proven clean; not narrowed: "
           << ore::NV("WhyNot", describeNotNarrowed(P));
  });
}

void emitNotRangeRemark(OptimizationRemarkEmitter &ORE,
                        const UnsummarisedLoopFlush &U, StringRef Kind) {
  ORE.emit([&] {
    OptimizationRemarkAnalysis R(DEBUG_TYPE, "FlushLoopNotRange", U.Call);
    R << ore::NV("Kind", Kind) << " loop is not a range flush ("
      << ore::NV("Condition", unsummarisedCondition(U.Why))
      << "): " << ore::NV("Reason", describeUnsummarised(U, opts::LineSize));
    if (U.Blocker)
      R << "; blocked by " << ore::NV("Blocker", describeBlocker(*U.Blocker))
        << " at " << ore::NV("BlockerLoc", U.Blocker->getDebugLoc());
    return R;
  });
}

void emitOpaqueAsmRemark(OptimizationRemarkEmitter &ORE,
                         const OpaqueAsmFlush &O) {
  ORE.emit([&] {
    OptimizationRemarkAnalysis R(DEBUG_TYPE, "FlushAsmOpaque", O.Call);
    R << "inline asm with " << ore::NV("Operation", O.Operation);
    if (O.IntegerOperand)
      R << " on an integer address is opaque: alias analysis needs a "
           "pointer operand (pass the pointer, not a uintptr_t)";
    else
      R << " among other instructions is opaque: flushelim cannot tell "
           "which lines it flushes (a loop in C around a one-instruction "
           "asm is a range flush)";
    return R << "; it is a synchronisation point like any asm";
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

/// "narrowed flush: N of M bytes already flushed by K at L; ...", built
/// while the flush and its witnesses exist.
OptimizationRemark narrowedRemark(const NarrowedFlush &N, const FlushSite &Site,
                                  ArrayRef<CallBase *> Witnesses) {
  OptimizationRemark R(DEBUG_TYPE, "FlushNarrowed", Site.Call);
  R << "narrowed flush: " << ore::NV("Covered", describeBytes(N.CoveredBytes))
    << " of " << ore::NV("Total", describeBytes(N.TotalBytes))
    << " bytes already flushed by ";
  for (unsigned K = 0; K < Witnesses.size(); ++K) {
    if (K)
      R << " and ";
    R << (N.PerLine ? "the " : "")
      << ore::NV("WitnessKind", kindOf(*Witnesses[K]))
      << (N.PerLine ? " loop" : "") << " at "
      << ore::NV("Witness", Witnesses[K]->getDebugLoc());
  }
  R << "; " << ore::NV("Kind", Site.Kind->Display);
  if (N.PerLine)
    return R << " skips those lines at run time", R;
  if (N.Pieces.empty())
    return R << " has nothing left to flush", R;
  R << " now flushes the " << ore::NV("Pieces", unsigned(N.Pieces.size()))
    << (N.Pieces.size() == 1 ? " piece" : " pieces") << " left";
  if (N.RuntimeGuard)
    R << ", when at least "
      << ore::NV("MinCovered",
                 coveredBytesForLines(opts::NarrowMinLines, N.Pieces.size(),
                                      opts::LineSize))
      << " bytes are covered at run time";
  if (N.LinesSaved)
    R << ", saving at least " << ore::NV("LinesSaved", *N.LinesSaved)
      << " lines";
  return R;
}

/// Module-wide: the kept flush that vouches for a removed one (chains are
/// resolved per function; a witness in a callee may be removed there too).
class WitnessResolver {
public:
  void add(const FlushAvailability &A) {
    for (const RedundantFlush &R : A.Redundant)
      WitnessOf[R.Elided] = R.Witness;
  }
  CallBase *resolve(CallBase *Call) const {
    for (unsigned Hops = 0; Hops < WitnessOf.size(); ++Hops) {
      auto It = WitnessOf.find(Call);
      if (It == WitnessOf.end())
        break;
      Call = It->second;
    }
    return Call;
  }
  bool isElided(const CallBase *Call) const { return WitnessOf.count(Call); }

private:
  DenseMap<const CallBase *, CallBase *> WitnessOf;
};

/// What one function gets: its decisions, and the narrowings planned in
/// step 1 with their remarks.
struct FunctionWork {
  Function *F;
  const FlushAvailability *A;
  SmallVector<NarrowingJob, 2> Jobs;
  std::vector<std::unique_ptr<OptimizationRemark>> NarrowedRemarks;
};

/// Step 1.
void emitAnalysisRemarks(const FlushAvailability &A,
                         OptimizationRemarkEmitter &ORE) {
  for (const KeptFlush &K : A.Kept) {
    ++NumKept;
    emitKeptRemark(ORE, K, A);
  }
  for (const PartiallyCoveredFlush &P : A.Partial) {
    ++NumPartial;
    emitPartialRemark(ORE, P, A.siteOf(P.Later)->Kind->Display);
  }
  for (const UnsummarisedLoopFlush &U : A.Unsummarised) {
    ++NumNotRange;
    emitNotRangeRemark(ORE, U, A.siteOf(U.Call)->Kind->Display);
  }
  for (const OpaqueAsmFlush &O : A.OpaqueAsm) {
    ++NumOpaqueAsm;
    emitOpaqueAsmRemark(ORE, O);
  }
}

void planJobs(FunctionWork &W, const WitnessResolver &Witnesses) {
  for (const NarrowedFlush &N : W.A->Narrowed) {
    NarrowingJob Job;
    Job.Plan = &N;
    Job.Site = *W.A->siteOf(N.Later);
    SmallVector<CallBase *, 2> Named;
    for (CallBase *Witness : N.Witnesses) {
      Named.push_back(Witnesses.resolve(Witness));
      Job.WitnessTexts.push_back(flushSiteText(*Named.back()));
    }
    W.NarrowedRemarks.push_back(std::make_unique<OptimizationRemark>(
        narrowedRemark(N, Job.Site, Named)));
    W.Jobs.push_back(std::move(Job));
  }
}

/// Step 2 for one function. \p AllElided holds every flush any function
/// will lose: one of them is never used as a witness, since it may already
/// be gone.
bool applyRemovals(const FlushAvailability &A, OptimizationRemarkEmitter &ORE,
                   const WitnessResolver &AllElided, LoopInfo &LI,
                   SmallSetVector<Loop *, 2> &Emptied) {
  auto IsNarrowed = [&](const CallBase *Call) {
    return A.narrowingOf(Call) != nullptr;
  };
  if (opts::Mode == FlushElimMode::Profile) {
    bool Changed = false;
    for (const FlushSite &Site : A.Sites)
      if (!IsNarrowed(Site.Call) &&
          instrumentFlushProfile(Site, A.redundancyOf(Site.Call) != nullptr)) {
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
    if (!WitnessKind || AllElided.isElided(R.Witness) ||
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
      if (Loop *L = LI.getLoopFor(Call->getParent()))
        Emptied.insert(L);
      Call->eraseFromParent();
      ++NumRemoved;
    }
    ORE.emit(Removed);
    Elided.insert(Call);
    Changed = true;
  }
  // A narrowed flush gets its snapshots where narrowing leaves flushes.
  if (opts::Mode == FlushElimMode::Check)
    for (const FlushSite &Site : A.Sites)
      if (!Elided.count(Site.Call) && !IsNarrowed(Site.Call))
        Changed |= instrumentFlushRecord(Site);
  return Changed;
}

} // namespace

PreservedAnalyses FlushElimPass::run(Module &M, ModuleAnalysisManager &MAM) {
  auto &Results = MAM.getResult<FlushAvailabilityAnalysis>(M);
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  // A witness may sit in another function (callee summaries); collect what
  // every function loses first so no decision leans on a removed flush.
  std::deque<FunctionWork> Work; // Stable: never moves its elements.
  WitnessResolver Witnesses;
  for (Function &F : M) {
    auto It = Results.find(&F);
    if (It == Results.end() ||
        (It->second.Sites.empty() && It->second.OpaqueAsm.empty()))
      continue;
    Work.emplace_back();
    Work.back().F = &F;
    Work.back().A = &It->second;
    Witnesses.add(It->second);
  }
  for (FunctionWork &W : Work)
    planJobs(W, Witnesses);

  bool Changed = false, CFGChanged = false;
  SmallVector<WeakTrackingVH, 4> DeadConds;
  for (FunctionWork &W : Work) {
    // Remarks in function order, each function's kept before its removed.
    auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(*W.F);
    emitAnalysisRemarks(*W.A, ORE);
    SmallSetVector<Loop *, 2> Emptied;
    Changed |= applyRemovals(*W.A, ORE, Witnesses,
                             FAM.getResult<LoopAnalysis>(*W.F), Emptied);
    // A loop that only flushed, and whose flushes all went, goes too.
    SmallPtrSet<BasicBlock *, 8> Deleted;
    for (Loop *L : Emptied)
      CFGChanged |= deleteEmptiedLoop(*L, Deleted, DeadConds);
    for (unsigned I = W.Jobs.size(); I-- > 0;)
      if (!survivesLoopDeletion(W.Jobs[I], Deleted)) {
        W.Jobs.erase(W.Jobs.begin() + I);
        W.NarrowedRemarks.erase(W.NarrowedRemarks.begin() + I);
      }
  }
  for (FunctionWork &W : Work) {
    if (W.Jobs.empty())
      continue;
    SmallVector<unsigned, 2> Applied =
        applyNarrowings(*W.F, W.Jobs, opts::Mode, CFGChanged);
    Changed |= !Applied.empty();
    // Profile mode narrows nothing: no remark claims it did.
    if (opts::Mode == FlushElimMode::Profile)
      continue;
    auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(*W.F);
    for (unsigned I : Applied)
      ORE.emit(*W.NarrowedRemarks[I]);
  }
  for (WeakTrackingVH &Cond : DeadConds)
    if (Cond)
      RecursivelyDeleteTriviallyDeadInstructions(Cond);
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  if (!CFGChanged)
    PA.preserveSet<CFGAnalyses>();
  return PA;
}
