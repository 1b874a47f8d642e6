//===- FlushLoopSummary.cpp - Loops of line flushes as range flushes ------===//
//
// Step 3 of the availability analysis for loops: a line flush (clflush,
// clflushopt, clwb, AArch64 `dc cvau`/`ic ivau`) that runs on every
// iteration of a loop, over a pointer that advances by at most a line, in a
// loop that touches none of its lines otherwise, is one range flush of every
// line it swept, available on the loop's exit edges (and, "if the loop ran",
// on the edges that go around it). Then AArch64's __clear_cache sequence
// done by hand, derived from a `dc cvau` and an `ic ivau` loop range.
//
//===----------------------------------------------------------------------===//

#include "FlushSolver.h"

#include "hotlayout/FlushElimOptions.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace hotlayout;
using namespace hotlayout::availability;

#define DEBUG_TYPE "flushelim"

STATISTIC(NumLoopRanges, "Number of line-flush loops summarised as a range");

//===----------------------------------------------------------------------===//
// Step 3: loops of line flushes as range flushes.
//===----------------------------------------------------------------------===//

/// The sweep of a line flush through its innermost loop (FlushLoopBounds.h),
/// with loop bounds read as canonical ranges (a phi of `code + pos`
/// computed on two paths is that one expression).
const SweepResult &FlushAvailabilitySolver::sweepOf(const FlushSite &Site) {
  auto It = Sweeps.find(Site.Call);
  if (It != Sweeps.end())
    return It->second;
  SweepResult R = analyseSweep(
      *Site.Call, Site.Begin, Ctx.SE, Ctx.LI,
      [&](const SCEV *Bound) { return Canon.canonical(Bound, 0); });
  return Sweeps.try_emplace(Site.Call, R).first->second;
}

/// \p Sweep's exit-test offsets (FlushLoopBounds.h, step 6), canonical.
Fact::TestOffsets
FlushAvailabilitySolver::testOffsetsOf(const LoopSweep &Sweep) {
  Fact::TestOffsets O;
  if (!Sweep.OffsetBase)
    return O;
  auto Canonical = [&](const SCEV *S) {
    return S ? Canon.canonical(S, 0) : nullptr;
  };
  O.Base = Canonical(Sweep.OffsetBase);
  O.First = Canonical(Sweep.FirstOffset);
  O.ExitEnd = Canonical(Sweep.ExitEndOffset);
  O.TestEnd = Canonical(Sweep.TestEndOffset);
  O.L = Sweep.L;
  return O;
}

bool FlushAvailabilitySolver::addEdgeFact(Fact F, ArrayRef<Edge> Edges) {
  unsigned Index = Facts.size();
  if (!addFact(std::move(F), nullptr))
    return false;
  for (const Edge &E : Edges)
    GenOnEdge[E].push_back(Index);
  return true;
}

/// What in \p L may touch the lines the loop fact \p F claims flushed, or
/// order them: then the loop is no range flush.
std::optional<UnsummarisedLoopFlush>
FlushAvailabilitySolver::loopBodyBlocker(const Loop &L, const Fact &F,
                                         const FlushSite &Site) {
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      std::optional<KeptFlush::Reason> Why = computeKillReason(I, F);
      if (!Why)
        continue;
      auto Reason = *Why == KeptFlush::Written
                        ? UnsummarisedLoopFlush::BodyWrites
                    : *Why == KeptFlush::Read ? UnsummarisedLoopFlush::BodyReads
                    : *Why == KeptFlush::MayClean
                        ? UnsummarisedLoopFlush::BodyMayClean
                        : UnsummarisedLoopFlush::BodySynchronises;
      return UnsummarisedLoopFlush{Site.Call, Reason, 0, &I};
    }
  return std::nullopt;
}

/// Step 3 for a line flush in a loop: when the loop flushes every line of
/// the bytes it sweeps and touches none of them otherwise, "those lines are
/// flushed" holds on its exit edge. A rotated loop behind a guard branch
/// (LoopRotate's shape: the guard skips the loop when it would not run)
/// also gets the twin "... unless the guard skipped it", which holds on the
/// skip edge too and so survives the join after the loop.
void FlushAvailabilitySolver::addLoopFacts(const FlushSite &Site,
                                           const LoopSweep &Sweep,
                                           FlushAvailability &Result) {
  const Loop &L = *Sweep.L;
  auto Unsummarised = [&](UnsummarisedLoopFlush::Reason Why) {
    Result.Unsummarised.push_back({Site.Call, Why, Sweep.Stride, nullptr});
  };
  uint64_t Line = opts::LineSize;
  if (uint64_t(Sweep.Stride < 0 ? -Sweep.Stride : Sweep.Stride) > Line)
    return Unsummarised(UnsummarisedLoopFlush::StrideTooLarge);
  // Every iteration must reach the flush and then the single exit test at
  // the latch: iterations 0..BTC all flush.
  BasicBlock *Latch = L.getLoopLatch();
  if (!Latch || L.getExitingBlock() != Latch)
    return Unsummarised(UnsummarisedLoopFlush::Shape);
  if (!Sweep.Begin)
    return Unsummarised(UnsummarisedLoopFlush::TripCount);
  if (!Ctx.DT.dominates(Site.Call->getParent(), Latch))
    return Unsummarised(UnsummarisedLoopFlush::NotEveryIteration);

  Fact F;
  F.From = Fact::LoopRange;
  F.Kind = Site.Kind;
  F.Witness = Site.Call;
  F.BeginPtr = Site.Begin;
  F.Range.Begin = Canon.canonical(Sweep.Begin, 0);
  F.Range.End = Canon.canonical(Sweep.End, 0);
  F.Offsets = testOffsetsOf(Sweep);
  F.Loc = MemoryLocation::getBeforeOrAfter(Site.Begin);
  if (auto Blocker = loopBodyBlocker(L, F, Site)) {
    Blocker->Stride = Sweep.Stride;
    Result.Unsummarised.push_back(*Blocker);
    return;
  }
  SmallVector<Edge, 2> Exits;
  for (const BasicBlock *Succ : successors(Latch))
    if (!L.contains(Succ))
      Exits.push_back({Latch, Succ});

  SmallVector<Edge, 4> IfRanEdges(Exits.begin(), Exits.end());
  Fact IfRan = F;
  if (!addEdgeFact(std::move(F), Exits))
    return;
  PlainLoopFacts.push_back(Facts.size() - 1);
  Result.LoopRanges.emplace_back(Site.Call, Facts.back().Range.Begin,
                                 Facts.back().Range.End);
  ++NumLoopRanges;

  // The ways in (waysInto): a way in that may go around the loop instead
  // (LoopRotate's guard) is an edge on which the loop did not run, so
  // "lines flushed if the loop ran" holds there too, and the fact survives
  // the join after the loop.
  SmallVector<WayIn, 2> Ways;
  if (!waysInto(L, L, Ways, 0))
    return;
  IfRan.From = Fact::LoopRangeIfRan;
  IfRan.RanAt = Latch;
  for (const WayIn &Way : Ways) {
    IfRan.NotRanAt.push_back(Way.From);
    for (BasicBlock *Succ : successors(Way.From))
      if (Succ != Way.Into)
        IfRanEdges.push_back({Way.From, Succ});
  }
  if (IfRanEdges.size() == Exits.size())
    return; // Nothing goes around the loop: the plain fact is enough.
  auto *Br = dyn_cast<BranchInst>(Ways[0].From->getTerminator());
  if (Ways.size() == 1 && Br && Br->isConditional() &&
      Br->getSuccessor(0) != Br->getSuccessor(1)) {
    IfRan.SkipCond = Br->getCondition();
    IfRan.SkipWhen = Br->getSuccessor(0) != Ways[0].Into;
  }
  addEdgeFact(std::move(IfRan), IfRanEdges);
}

/// The blocks from which control enters \p X (a loop that leads into \p L,
/// or L itself), each with the block it enters through: X's only outside
/// predecessor, or, when that is a plain preheader, its predecessors.
/// Where such a block is where an earlier loop leaves, and leaving it
/// always leads there, that loop's ways in are ways in too: clang merges
/// the guards of a store loop and the flush loop after it, so the only way
/// into the flush loop is the store loop's exit (clang 22), or a block
/// right after it that tests the guard again (clang 19), and the path
/// around both starts at their common guard. Every way in only ever makes
/// the "loop ran" flag false, so a wrong guess here costs a narrowing,
/// never soundness. False when there is none.
bool FlushAvailabilitySolver::waysInto(const Loop &X, const Loop &L,
                                       SmallVectorImpl<WayIn> &Ways,
                                       unsigned Depth) const {
  BasicBlock *Into = X.getHeader();
  BasicBlock *Entry = X.getLoopPredecessor();
  if (!Entry)
    return false;
  SmallVector<BasicBlock *, 2> From{Entry};
  if (Entry->getSingleSuccessor() == Into && !Entry->hasNPredecessors(0)) {
    Into = Entry;
    From.assign(pred_begin(Entry), pred_end(Entry));
  }
  // The earlier loop that always leaves into \p To from \p Exiting, or null.
  auto EarlierLeavingInto = [&](const BasicBlock *Exiting,
                                const BasicBlock *To) -> const Loop * {
    const Loop *Earlier = Exiting ? Ctx.LI.getLoopFor(Exiting) : nullptr;
    if (Depth >= MaxEarlierLoops || !Earlier || Earlier->contains(&L) ||
        Earlier->contains(&X) || Earlier->getExitingBlock() != Exiting ||
        Earlier->getUniqueExitBlock() != To)
      return nullptr;
    return Earlier;
  };
  for (BasicBlock *Way : From) {
    if (L.contains(Way) || X.contains(Way))
      return false;
    if (const Loop *Earlier = EarlierLeavingInto(Way, Into)) {
      if (!waysInto(*Earlier, L, Ways, Depth + 1))
        return false;
      continue;
    }
    Ways.push_back({Way, Into});
    // Up the blocks that lead only here: one that branches around too (a
    // guard tested before the code in between, as clang 19 tests `pos` once
    // before a memset and again after it) is a way in; an earlier loop that
    // leaves only into them is looked through.
    for (BasicBlock *To = Way; Depth + Ways.size() < 2 * MaxEarlierLoops;) {
      BasicBlock *Pred = To->getSinglePredecessor();
      if (!Pred || L.contains(Pred) || X.contains(Pred))
        break;
      if (const Loop *Earlier = EarlierLeavingInto(Pred, To)) {
        if (!waysInto(*Earlier, L, Ways, Depth + 1))
          return false;
        break;
      }
      if (Pred->getSingleSuccessor() != To)
        Ways.push_back({Pred, To});
      To = Pred;
    }
  }
  return !Ways.empty();
}

/// True when an iteration of \p L may run a `dsb`: then a clean fenced
/// inside the loop may postdate the loop's first invalidations.
bool FlushAvailabilitySolver::loopHasDsb(const Loop &L) const {
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      auto Barriers = BarriersAt.find(&I);
      if (Barriers != BarriersAt.end() &&
          is_contained(Barriers->second, AsmBarrier::Dsb))
        return true;
    }
  return false;
}

/// AArch64's __clear_cache(b, e) is: `dc cvau` on every line of [b, e),
/// `dsb ish`, `ic ivau` on every line, `dsb ish`, `isb`. A program that does
/// this itself in asm leaves the bytes as __clear_cache would, so a later
/// range flush of them is redundant. Each step is a fact generated from the
/// previous one, so every kill rule of the loops' kinds applies on the way:
///  1. SeqCleaned(D): the `dc cvau` loop range D holds at a `dsb`;
///  2. SeqInvalidated(D, I): an `ic ivau` loop range I inside D's lines ends
///     while SeqCleaned(D) holds, and no iteration of its loop has a `dsb`
///     (so the clean was fenced before its first invalidation); it dies as
///     I does (a later data-cache clean, a write or read of its lines);
///  3. SeqFenced(D, I): it holds at a `dsb`;
///  4. Sequence(D, I): that holds at an `isb`. A range flush of I's bytes,
///     of __clear_cache's kind, that dies as any range flush does.
/// Only plain loop ranges take part: a loop its guard may skip gives none.
void FlushAvailabilitySolver::addSequenceFacts() {
  SmallVector<unsigned, 2> Cleans, Invalidations;
  // The clean step is `dc cvau`, as __clear_cache's (a `dc civac` loop
  // would do too, but is not counted on).
  for (unsigned F : PlainLoopFacts)
    if (Facts[F].Kind->Domain == FlushDomain::DataCleanToPoU)
      Cleans.push_back(F);
    else if (Facts[F].Kind->Domain == FlushDomain::InstructionLineInvalidate)
      Invalidations.push_back(F);
  const FlushKind *RangeKind = lookupFlushKind("__clear_cache");
  if (Cleans.empty() || Invalidations.empty() || !RangeKind)
    return;
  for (Instruction &I : instructions(Ctx.F)) {
    auto *Call = dyn_cast<CallInst>(&I);
    auto *IA = Call ? dyn_cast<InlineAsm>(Call->getCalledOperand()) : nullptr;
    SmallVector<AsmBarrier, 2> Barriers;
    if (IA && asmMaintenanceBarriers(IA->getAsmString(),
                                     IA->getConstraintString(), Barriers))
      BarriersAt[&I] = std::move(Barriers);
  }
  auto AddStep = [&](const Fact &From, Fact::Origin Step, unsigned Base) {
    Fact F = From;
    F.From = Step;
    F.Base = Base;
    F.DefBlocks.clear();
    if (Step == Fact::Sequence) {
      F.Kind = RangeKind;
      F.Span = F.Swept = {};
    }
    unsigned Index = Facts.size();
    return addFact(std::move(F), nullptr) ? int(Index) : -1;
  };
  for (unsigned D : Cleans) {
    int Cleaned = -1;
    for (unsigned I : Invalidations) {
      if (Facts[I].Kind->Domain != FlushDomain::InstructionLineInvalidate ||
          !rangeInside(Facts[I].Range, Facts[D].Range, Ctx.SE) ||
          loopHasDsb(*Ctx.LI.getLoopFor(Facts[I].Witness->getParent())))
        continue;
      if (Cleaned < 0 &&
          (Cleaned = AddStep(Facts[D], Fact::SeqCleaned, D)) >= 0)
        AtDsb.push_back(Cleaned);
      if (Cleaned < 0)
        return;
      int Invalidated = AddStep(Facts[I], Fact::SeqInvalidated, Cleaned);
      if (Invalidated < 0)
        continue;
      AfterLoop[I].push_back(Invalidated);
      int Fenced = AddStep(Facts[I], Fact::SeqFenced, Invalidated);
      if (Fenced < 0)
        continue;
      AtDsb.push_back(Fenced);
      int Done = AddStep(Facts[I], Fact::Sequence, Fenced);
      if (Done >= 0)
        AtIsb.push_back(Done);
    }
  }
}

/// A range flush removed or narrowed on the strength of a sequence relies on
/// its `ic ivau` loop running after the fenced clean. An earlier `ic ivau`
/// loop that made that loop redundant may have run before the clean was
/// fenced (the `ic ivau` rules ignore data-cache barriers), so when the
/// sequence's loop itself goes or is narrowed, the range flush stays whole.
/// A range flush's witness that is an `ic ivau` can only be a sequence.
void FlushAvailabilitySolver::keepSequenceLoops(
    FlushAvailability &Result) const {
  auto OnRemovedLoop = [&](const CallBase *Later, const CallBase *Witness) {
    const FlushSite *Site = Result.siteOf(Later);
    const FlushSite *Loop = Result.siteOf(Witness);
    return Site && Loop &&
           Site->Kind->Domain == FlushDomain::InstructionCache &&
           Loop->Kind->Domain == FlushDomain::InstructionLineInvalidate &&
           (Result.redundancyOf(Witness) || Result.narrowingOf(Witness));
  };
  SmallVector<CallBase *, 2> Dropped;
  for (const RedundantFlush &R : Result.Redundant)
    if (OnRemovedLoop(R.Elided, R.Witness))
      Dropped.push_back(R.Elided);
  for (const NarrowedFlush &N : Result.Narrowed)
    if (any_of(N.Witnesses,
               [&](CallBase *W) { return OnRemovedLoop(N.Later, W); }))
      Dropped.push_back(N.Later);
  erase_if(Result.Redundant, [&](const RedundantFlush &R) {
    return is_contained(Dropped, R.Elided);
  });
  erase_if(Result.Narrowed, [&](const NarrowedFlush &N) {
    return is_contained(Dropped, N.Later);
  });
}

/// True when the dominating branches at \p At imply \p Cond == \p Want.
bool FlushAvailabilitySolver::condHoldsAt(Value *Cond, bool Want,
                                          const Instruction *At) const {
  if (auto *C = dyn_cast<ConstantInt>(Cond))
    return C->isOne() == Want;
  const BasicBlock *BB = At->getParent();
  DomTreeNode *Node = Ctx.DT.getNode(BB);
  for (unsigned Depth = 0; Node && Depth < 32;
       ++Depth, Node = Node->getIDom()) {
    const BasicBlock *A = Node->getBlock();
    auto *Br = dyn_cast<BranchInst>(A->getTerminator());
    if (!Br || !Br->isConditional() ||
        Br->getSuccessor(0) == Br->getSuccessor(1))
      continue;
    for (bool Taken : {true, false}) {
      BasicBlockEdge E(A, Br->getSuccessor(Taken ? 0 : 1));
      if (!Ctx.DT.dominates(E, BB))
        continue;
      Value *Known = Br->getCondition();
      std::optional<bool> Implied =
          Known == Cond ? std::optional<bool>(Taken)
                        : isImpliedCondition(Known, Cond, DL, Taken);
      if (Implied)
        return *Implied == Want;
    }
  }
  return false;
}

/// True when \p G's condition (if any) holds wherever \p S does.
bool FlushAvailabilitySolver::conditionAllows(const Fact &G,
                                              const Fact &S) const {
  if (G.From != Fact::LoopRangeIfRan)
    return true;
  if (S.From == Fact::LoopRangeIfRan && S.RanAt == G.RanAt)
    return true;
  return S.From == Fact::Site && G.SkipCond &&
         condHoldsAt(G.SkipCond, !G.SkipWhen, S.Witness);
}
