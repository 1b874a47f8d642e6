//===- FlushSolver.cpp - Flush availability within one function -----------===//
//
// Steps 1, 3, 4 and 5 of the availability analysis (FlushAvailability.cpp
// has the whole algorithm): the facts of flush calls and of callee
// summaries, which fact covers which, the kill rules, forward
// must-availability to a fixpoint, and the walk that records decisions.
// Loop facts come from FlushLoopSummary.cpp, narrowing plans from
// FlushNarrowPlan.cpp.
//
//===----------------------------------------------------------------------===//

#include "FlushSolver.h"

#include "hotlayout/FlushElimOptions.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemorySSA.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace hotlayout;
using namespace hotlayout::availability;

#define DEBUG_TYPE "flushelim"

STATISTIC(NumSitesAnalysed, "Number of flush calls analysed");
STATISTIC(NumFunctionsGivenUp, "Number of functions too large to analyse");
STATISTIC(NumSummaries, "Number of functions with a flush summary");
STATISTIC(NumSummaryFacts, "Number of flush facts instantiated at call sites");

static cl::opt<unsigned> MaxSites(
    "flushelim-max-sites",
    cl::desc("Functions with more flush calls than this are left alone "
             "(default: 512)"),
    cl::init(512), cl::cat(hotlayout::flushElimOptionCategory()));

static cl::opt<unsigned> MaxQueries(
    "flushelim-max-queries",
    cl::desc("Alias queries allowed per function before flushelim gives up "
             "on it (default: 1000000)"),
    cl::init(1000000), cl::cat(hotlayout::flushElimOptionCategory()));

void FlushAvailabilitySolver::collectSites(FlushAvailability &Result) {
  for (Instruction &I : instructions(Ctx.F)) {
    auto *Call = dyn_cast<CallBase>(&I);
    if (!Call)
      continue;
    if (auto Site = decodeFlushSite(*Call))
      Result.Sites.push_back(*Site);
  }
}

bool FlushAvailabilitySolver::addFact(Fact F, Instruction *GenPoint) {
  if (!F.Range.Begin || isa<SCEVCouldNotCompute>(F.Range.Begin) ||
      (F.Range.End && isa<SCEVCouldNotCompute>(F.Range.End)))
    return false;
  Canon.collectDefBlocks(F.Range.Begin, F.DefBlocks);
  if (F.Range.End)
    Canon.collectDefBlocks(F.Range.End, F.DefBlocks);
  // A loop range's other lower bound of its end names the same values as
  // its End, but a fact must die with whatever a bound it is compared by
  // names.
  if (F.isLineSpan() && F.Offsets.ExitEnd)
    Canon.collectDefBlocks(F.Offsets.ExitEnd, F.DefBlocks);
  unsigned Index = Facts.size();
  for (const BasicBlock *BB : F.DefBlocks)
    RedefinedAt[BB].push_back(Index);
  if (GenPoint)
    GenAt[GenPoint].push_back(Index);
  Facts.push_back(std::move(F));
  return true;
}

void FlushAvailabilitySolver::addSiteFact(const FlushSite &Site, int Index) {
  Fact F;
  F.Kind = Site.Kind;
  F.Witness = Site.Call;
  F.SiteIndex = Index;
  F.BeginPtr = Site.Begin;
  const SCEV *RawEnd = rangeEndSCEV(Site, Ctx.SE);
  F.Range.Begin = Canon.canonical(Site.Begin);
  F.Range.End = RawEnd ? Canon.canonical(RawEnd, 0) : nullptr;
  F.Raw = {Ctx.SE.getSCEV(Site.Begin), RawEnd};
  F.RawBeginValue = Site.Begin;
  if (Site.Kind->Shape == RangeShape::BeginEnd)
    F.RawEndValue = Site.EndOrLen;
  F.Loc = rangeLocation(*Site.Kind, Site.Begin, Ctx.SE.getSCEV(Site.Begin),
                        RawEnd, Ctx.SE);
  F.SizeMayWrap = Site.Kind->Shape == RangeShape::BeginLength &&
                  !Ctx.SE.isKnownNonNegative(Ctx.SE.getSCEV(Site.EndOrLen));
  if (Site.Kind->Shape == RangeShape::OneLine)
    if (const std::optional<LoopSweep> &Sweep = sweepOf(Site).Sweep) {
      if (Sweep->SpanBegin) {
        F.Span.Begin = Canon.canonical(Sweep->SpanBegin, 0);
        F.Span.End = Canon.canonical(Sweep->SpanEnd, 0);
      }
      if (Sweep->Begin) {
        F.Swept.Begin = Canon.canonical(Sweep->Begin, 0);
        F.Swept.End = Canon.canonical(Sweep->End, 0);
      }
      F.Offsets = testOffsetsOf(*Sweep);
    }
  unsigned FactIndex = Facts.size();
  if (addFact(std::move(F), Site.Call))
    SiteFactOf[Site.Call] = FactIndex;
}

/// What AA is asked about for a callee's range [Begin, End) in the caller:
/// [Base, End) when both ends lie at constant offsets at or past Base (a
/// JIT's prologue, [code, code+16), survives the program's stores behind
/// it), else the whole underlying object, which is conservative for kills.
static MemoryLocation summaryLocation(const SCEV *Begin, const SCEV *End,
                                      const SCEVUnknown &Base,
                                      ScalarEvolution &SE) {
  if (End) {
    auto *B = dyn_cast<SCEVConstant>(SE.getMinusSCEV(Begin, &Base));
    auto *E = dyn_cast<SCEVConstant>(SE.getMinusSCEV(End, &Base));
    if (B && E && !B->getAPInt().isNegative() && !E->getAPInt().isNegative() &&
        E->getAPInt().getActiveBits() < 63)
      return MemoryLocation(
          Base.getValue(), LocationSize::precise(E->getAPInt().getZExtValue()));
  }
  return MemoryLocation::getBeforeOrAfter(Base.getValue());
}

/// At a direct call to a summarised callee, the ranges it leaves flushed on
/// every return become facts right after the call.
void FlushAvailabilitySolver::addSummaryFacts(CallBase &Call) {
  Function *Callee = Call.getCalledFunction();
  if (!opts::UseSummaries || !Callee || !isa<CallInst>(Call) ||
      Call.getFunctionType() != Callee->getFunctionType())
    return;
  auto It = Ctx.Summaries.find(Callee);
  if (It == Ctx.Summaries.end())
    return;
  ScalarEvolution &CalleeSE =
      Ctx.FAM.getResult<ScalarEvolutionAnalysis>(*Callee);
  for (const FlushSite &Site : It->second.FlushedOnReturn) {
    const SCEV *CalleeEnd = rangeEndSCEV(Site, CalleeSE);
    const SCEV *Begin =
        translateToCaller(CalleeSE.getSCEV(Site.Begin), Ctx.SE, Call);
    const SCEV *End =
        CalleeEnd ? translateToCaller(CalleeEnd, Ctx.SE, Call) : nullptr;
    if (!Begin || (CalleeEnd && !End))
      continue;
    auto *Base = dyn_cast<SCEVUnknown>(Ctx.SE.getPointerBase(Begin));
    if (!Base)
      continue;
    Fact F;
    F.From = Fact::Summary;
    F.ViaCall = &Call;
    F.Kind = Site.Kind;
    F.Witness = Site.Call;
    F.BeginPtr = Base->getValue();
    F.Range.Begin = Canon.canonical(Begin, 0);
    F.Range.End = End ? Canon.canonical(End, 0) : nullptr;
    F.Loc = summaryLocation(Begin, End, *Base, Ctx.SE);
    if (addFact(std::move(F), &Call))
      ++NumSummaryFacts;
  }
}

void FlushAvailabilitySolver::buildCoverMatrix() {
  CoveredBy.assign(Facts.size(), FactSet(Facts.size()));
  OverlappedBy.assign(Facts.size(), FactSet(Facts.size()));
  WeakerBy.assign(Facts.size(), FactSet(Facts.size()));
  for (unsigned S = 0; S < Facts.size(); ++S)
    for (unsigned G = 0; G < Facts.size(); ++G) {
      if (G == S) {
        CoveredBy[S].set(G);
        continue;
      }
      const Fact &FG = Facts[G], &FS = Facts[S];
      if (FG.isSequenceStep() || FS.isSequenceStep())
        continue;
      if (!flushKindCovers(*FG.Kind, *FS.Kind)) {
        if (FS.From == Fact::Site && FG.Kind->Domain == FS.Kind->Domain &&
            (rangeCovers(FG, FS, Ctx.SE, DL) || rangeOverlaps(FG, FS, Ctx.SE)))
          WeakerBy[S].set(G);
        continue;
      }
      // A cover under a condition the site does not imply can still narrow
      // it: the run-time test includes the condition.
      if (rangeCovers(FG, FS, Ctx.SE, DL) && conditionAllows(FG, FS))
        CoveredBy[S].set(G);
      else if (rangeOverlaps(FG, FS, Ctx.SE) ||
               (FS.From == Fact::Site && rangeCovers(FG, FS, Ctx.SE, DL)))
        OverlappedBy[S].set(G);
    }
}

FlushAvailabilitySolver::FactSet
FlushAvailabilitySolver::meetPredecessors(const BasicBlock *BB) {
  FactSet Result(Facts.size());
  if (BB->isEntryBlock())
    return Result;
  SmallVector<FactSet, 4> In;
  for (const BasicBlock *Pred : predecessors(BB)) {
    auto It = Out.find(Pred);
    if (It == Out.end())
      continue;
    In.push_back(It->second);
    auto OnEdge = GenOnEdge.find({Pred, BB});
    if (OnEdge != GenOnEdge.end())
      for (unsigned F : OnEdge->second) {
        In.back().set(F);
        // An `ic ivau` loop that began after a fenced clean of its lines
        // (none of its iterations has a dsb that could have fenced it
        // later): the clean held at the latch's end, so on entry too.
        auto Steps = AfterLoop.find(F);
        if (Steps != AfterLoop.end())
          for (unsigned Step : Steps->second)
            if (It->second.test(Facts[Step].Base))
              In.back().set(Step);
      }
  }
  if (In.empty())
    return Result;
  FactSet Union(Facts.size());
  for (const FactSet &S : In)
    Union |= S;
  // A fact survives when every path brings some fact that covers it: then
  // its bytes are flushed and clean whichever way control came.
  for (unsigned F : Union.set_bits())
    if (all_of(In, [&](const FactSet &S) { return S.anyCommon(CoveredBy[F]); }))
      Result.set(F);
  return Result;
}

std::optional<KeptFlush::Reason>
FlushAvailabilitySolver::killReason(Instruction &I, unsigned FI) {
  auto Key = std::make_pair(&I, FI);
  auto Cached = KillCache.find(Key);
  if (Cached != KillCache.end())
    return Cached->second < 0 ? std::nullopt
                              : std::optional<KeptFlush::Reason>(
                                    KeptFlush::Reason(Cached->second));
  std::optional<KeptFlush::Reason> Reason = computeKillReason(I, Facts[FI]);
  KillCache[Key] = Reason ? int8_t(*Reason) : int8_t(-1);
  return Reason;
}

/// How \p Call acts on fact \p F of an AArch64 line operation when it is
/// inline asm or a flush-neutral call: true with \p Why set (none: the fact
/// survives) when this decides, false when the general rules do.
///  - `dsb ish`/`isb` only complete or order the maintenance before them and
///    write nothing: removing a later, covered loop leaves its barriers where
///    they are, so what they waited for still completes before them.
///  - `dc cvau`/`ic ivau` write nothing, except that a data-cache clean after
///    an `ic ivau` may bring new bytes to the point of unification, and the
///    I-cache may have refetched the old ones since: a later `ic ivau` is
///    needed again. So are __clear_cache and mprotect (Linux cleans the data
///    cache when it maps a page executable) for an `ic ivau` line.
///  - Any other inline asm synchronises, as for every flush.
static bool a64LineCallVerdict(const CallBase &Call, const Fact &F,
                               std::optional<KeptFlush::Reason> &Why) {
  bool ForICache = F.Kind->Domain == FlushDomain::InstructionLineInvalidate;
  Why = std::nullopt;
  if (auto *IA = dyn_cast<InlineAsm>(Call.getCalledOperand())) {
    StringRef Asm = IA->getAsmString(), Cons = IA->getConstraintString();
    if (const FlushKind *K = lookupAsmFlushKind(Asm, Cons)) {
      if (ForICache && cleansDataCacheLine(K->Domain))
        Why = KeptFlush::MayClean;
    } else if (!isAsmMaintenanceBarrier(Asm, Cons)) {
      Why = KeptFlush::Synchronises;
    }
    return true;
  }
  if (!isFlushNeutralCall(Call))
    return false;
  if (ForICache)
    Why = KeptFlush::MayClean;
  return true;
}

/// True for an inline-asm barrier statement with a `dsb` in it.
static bool isAsmDsb(const Instruction &I) {
  auto *Call = dyn_cast<CallBase>(&I);
  auto *IA = Call ? dyn_cast<InlineAsm>(Call->getCalledOperand()) : nullptr;
  SmallVector<AsmBarrier, 2> Barriers;
  return IA &&
         asmMaintenanceBarriers(IA->getAsmString(), IA->getConstraintString(),
                                Barriers) &&
         is_contained(Barriers, AsmBarrier::Dsb);
}

/// Whether an `ic ivau` fact's flush may have run while a data-cache clean
/// before it was still in flight. Arm orders an invalidation after a clean
/// only through a `dsb` between them: an `ic ivau` issued before that `dsb`
/// may let the I-cache refetch the old bytes, so it cannot stand in for an
/// `ic ivau` after the `dsb`. Walks back from the flush along every path:
/// a `dsb` ends a path (nothing before it is pending); a `dc cvau`, any other
/// asm, any call that is not flush-neutral (it may clean) or the function's
/// entry (the caller may have cleaned) means "may be pending".
bool FlushAvailabilitySolver::issuedWhileCleanMayBePending(const Fact &F) {
  const Instruction *From = F.Witness;
  auto [It, Inserted] = PendingCleanCache.try_emplace(From, true);
  if (!Inserted)
    return It->second;
  auto MayClean = [](const Instruction &I) {
    auto *Call = dyn_cast<CallBase>(&I);
    if (!Call || Call->isLifetimeStartOrEnd() || Call->isDebugOrPseudoInst() ||
        (isa<IntrinsicInst>(Call) && !Call->mayWriteToMemory()))
      return false;
    if (auto *IA = dyn_cast<InlineAsm>(Call->getCalledOperand())) {
      StringRef Asm = IA->getAsmString(), Cons = IA->getConstraintString();
      if (isAsmMaintenanceBarrier(Asm, Cons))
        return false; // An `isb` alone completes nothing and cleans nothing.
      const FlushKind *K = lookupAsmFlushKind(Asm, Cons);
      return !K || K->Domain != FlushDomain::InstructionLineInvalidate;
    }
    return !isFlushNeutralCall(*Call) ||
           lookupFlushKind(Call->getCalledFunction()
                               ? Call->getCalledFunction()->getName()
                               : StringRef()) != nullptr;
  };
  SmallPtrSet<const BasicBlock *, 16> Seen;
  SmallVector<std::pair<const BasicBlock *, const Instruction *>, 16> Work;
  Work.push_back({From->getParent(), From});
  bool Pending = false;
  while (!Work.empty() && !Pending) {
    auto [BB, Before] = Work.pop_back_val();
    bool Stopped = false;
    for (const Instruction *I = Before ? Before->getPrevNode() : &BB->back(); I;
         I = I->getPrevNode()) {
      if (isAsmDsb(*I)) {
        Stopped = true;
        break;
      }
      if (MayClean(*I)) {
        Pending = true;
        break;
      }
    }
    if (Stopped || Pending)
      continue;
    if (pred_empty(BB)) {
      Pending = true; // The function's entry: the caller may have cleaned.
      break;
    }
    for (const BasicBlock *Pred : predecessors(BB))
      if (Seen.insert(Pred).second)
        Work.push_back({Pred, nullptr});
  }
  PendingCleanCache[From] = Pending;
  return Pending;
}

std::optional<KeptFlush::Reason>
FlushAvailabilitySolver::computeKillReason(Instruction &I, const Fact &F) {
  if (F.Kind->Domain == FlushDomain::InstructionLineInvalidate &&
      !F.isSequenceStep() && F.From != Fact::Sequence && isAsmDsb(I) &&
      issuedWhileCleanMayBePending(F))
    return KeptFlush::Unordered;
  if (auto *Call = dyn_cast<CallBase>(&I)) {
    std::optional<KeptFlush::Reason> Why;
    if (F.Kind->Domain != FlushDomain::InstructionCache &&
        F.Kind->Domain != FlushDomain::DataCacheLine &&
        a64LineCallVerdict(*Call, F, Why))
      return Why;
    if (Call->isInlineAsm() || isX86Fence(*Call))
      return KeptFlush::Synchronises;
    // Nor do the markers the backend emits no instruction for (a local's
    // lifetime, debug info, pseudo probes): LTO leaves the lifetime.end of
    // an inlined writer's locals between its flush and the next one.
    if (isFlushNeutralCall(*Call) || Call->isLifetimeStartOrEnd() ||
        Call->isDebugOrPseudoInst())
      return std::nullopt;
  }
  // Another thread's writes become visible at synchronisation points, so no
  // flush survives one; volatile accesses may be device memory or MMIO.
  if (I.isAtomic() || I.isVolatile())
    return KeptFlush::Synchronises;
  if (!I.mayReadOrWriteMemory())
    return std::nullopt;
  if (++Queries > MaxQueries)
    OverBudget = true;
  return isLineDomain(F.Kind->Domain) ? lineKillReason(I, F)
                                      : rangeKillReason(I, F);
}

/// An instruction-cache range dies with a write that may alias its bytes.
std::optional<KeptFlush::Reason>
FlushAvailabilitySolver::rangeKillReason(Instruction &I, const Fact &F) {
  if (isModSet(BAA.getModRefInfo(&I, F.Loc)))
    return KeptFlush::Written;
  return std::nullopt;
}

/// A flushed cache line dies with any access that may touch the line, read
/// or write: flush+reload code measures exactly that reload.
std::optional<KeptFlush::Reason>
FlushAvailabilitySolver::lineKillReason(Instruction &I, const Fact &F) {
  if (auto *Call = dyn_cast<CallBase>(&I)) {
    if (Call->doesNotAccessMemory() || Call->onlyAccessesInaccessibleMemory())
      return std::nullopt;
    return isModSet(BAA.getModRefInfo(&I, F.Loc)) ? KeptFlush::Written
                                                  : KeptFlush::Read;
  }
  std::optional<MemoryLocation> Acc = MemoryLocation::getOrNone(&I);
  if (Acc && (F.isLineSpan() ? provablyOutsideLines(*Acc, F)
                             : provablyOtherLine(F.BeginPtr, *Acc, Ctx.SE, DL)))
    return std::nullopt;
  return I.mayWriteToMemory() ? KeptFlush::Written : KeptFlush::Read;
}

/// True when the bytes \p Acc touches lie outside every line that overlaps
/// loop range \p F: different line-aligned objects, or a line or more before
/// its first byte or after its last.
bool FlushAvailabilitySolver::provablyOutsideLines(const MemoryLocation &Acc,
                                                   const Fact &F) {
  uint64_t Line = opts::LineSize;
  const Value *ObjA = getUnderlyingObject(Acc.Ptr);
  const Value *ObjL = getUnderlyingObject(F.BeginPtr);
  if (ObjA != ObjL && isIdentifiedObject(ObjA) && isIdentifiedObject(ObjL) &&
      ObjA->getPointerAlignment(DL).value() >= Line &&
      ObjL->getPointerAlignment(DL).value() >= Line)
    return true;
  ScalarEvolution &SE = Ctx.SE;
  if (!Acc.Size.hasValue() || Acc.Size.isScalable() ||
      !SE.isSCEVable(Acc.Ptr->getType()))
    return false;
  const SCEV *A = Canon.canonical(const_cast<Value *>(Acc.Ptr));
  Type *IdxTy = SE.getEffectiveSCEVType(A->getType());
  uint64_t Size = std::max<uint64_t>(Acc.Size.getValue(), 1);
  // The lines of [Begin, End) start after Begin - Line and end before
  // End - 1 + Line.
  const SCEV *AfterAcc =
      SE.getAddExpr(A, SE.getConstant(IdxTy, Size + Line - 1));
  const SCEV *PastLines =
      SE.getAddExpr(F.Range.End, SE.getConstant(IdxTy, Line - 1));
  return knownLessOrEqual(AfterAcc, F.Range.Begin, SE) ||
         knownLessOrEqual(PastLines, A, SE);
}

/// Receives the events of the final walk (step 5).

struct FlushAvailabilitySolver::Observer {
  virtual ~Observer() = default;
  virtual void atSite(unsigned SiteFact, const FactSet &State) = 0;
  virtual void killed(unsigned Fact, KeptFlush::Reason Why,
                      Instruction *By) = 0;
  virtual void atReturn(const FactSet &State) = 0;
};

void FlushAvailabilitySolver::transferBlock(const BasicBlock *BB,
                                            FactSet &State, Observer *Obs) {
  auto Redefined = RedefinedAt.find(BB);
  if (Redefined != RedefinedAt.end())
    for (unsigned F : Redefined->second)
      if (State.test(F)) {
        State.reset(F);
        if (Obs)
          Obs->killed(F, KeptFlush::Redefined, nullptr);
      }
  for (const Instruction &CI : *BB) {
    auto &I = const_cast<Instruction &>(CI);
    auto Site = SiteFactOf.find(&I);
    if (Obs && Site != SiteFactOf.end())
      Obs->atSite(Site->second, State);
    if (Obs && isa<ReturnInst>(I))
      Obs->atReturn(State);
    for (unsigned F : State.set_bits())
      if (auto Why = killReason(I, F)) {
        State.reset(F);
        if (Obs)
          Obs->killed(F, *Why, &I);
      }
    if (OverBudget)
      return;
    auto Gen = GenAt.find(&I);
    if (Gen != GenAt.end())
      for (unsigned F : Gen->second)
        State.set(F);
    genSequenceSteps(I, State);
  }
}

/// At a barrier statement, each of its barriers in order advances the
/// sequence steps whose previous step holds: a `dsb` completes a clean
/// (SeqCleaned) or an invalidation (SeqFenced), an `isb` after the latter
/// completes the sequence. "dsb ish; isb" in one statement does both.
void FlushAvailabilitySolver::genSequenceSteps(const Instruction &I,
                                               FactSet &State) const {
  auto Barriers = BarriersAt.find(&I);
  if (Barriers == BarriersAt.end())
    return;
  for (AsmBarrier B : Barriers->second)
    for (unsigned F : B == AsmBarrier::Dsb ? AtDsb : AtIsb)
      if (State.test(Facts[F].Base))
        State.set(F);
}

bool FlushAvailabilitySolver::runToFixpoint(ArrayRef<const BasicBlock *> RPO) {
  // Must-availability converges in loop-depth + 2 sweeps; the cap only
  // guards against a bug turning into a hang.
  const unsigned MaxSweeps = 64;
  for (unsigned Sweep = 0; Sweep < MaxSweeps; ++Sweep) {
    bool Changed = false;
    for (const BasicBlock *BB : RPO) {
      FactSet State = meetPredecessors(BB);
      transferBlock(BB, State, nullptr);
      if (OverBudget)
        return false;
      auto [It, Inserted] = Out.try_emplace(BB, State);
      if (Inserted || It->second != State) {
        It->second = std::move(State);
        Changed = true;
      }
    }
    if (!Changed)
      return true;
  }
  return false;
}

/// The witness for a redundant site: a covering fact other than the site's
/// own, preferring one whose flush is kept.
int FlushAvailabilitySolver::pickWitness(
    const FactSet &State, unsigned SiteFact,
    const FlushAvailability &Result) const {
  int Fallback = -1;
  for (unsigned G : State.set_bits()) {
    // A fact of the site's own flush (its loop range) cannot vouch for it:
    // without the flush the fact would not hold.
    if (G == SiteFact || !CoveredBy[SiteFact].test(G) ||
        Facts[G].Witness == Facts[SiteFact].Witness)
      continue;
    if (!Result.redundancyOf(Facts[G].Witness))
      return G;
    if (Fallback < 0)
      Fallback = G;
  }
  return Fallback;
}

void FlushAvailabilitySolver::recordDecisions(ArrayRef<const BasicBlock *> RPO,
                                              FlushAvailability &Result) {
  struct Recorder : Observer {
    FlushAvailabilitySolver &S;
    FlushAvailability &Result;
    DenseMap<unsigned, std::pair<KeptFlush::Reason, Instruction *>> LastKill;
    std::optional<FactSet> OnEveryReturn;
    bool Deciding = false;

    Recorder(FlushAvailabilitySolver &S, FlushAvailability &Result)
        : S(S), Result(Result) {}

    void killed(unsigned F, KeptFlush::Reason Why, Instruction *By) override {
      LastKill[F] = {Why, By};
    }
    void atReturn(const FactSet &State) override {
      if (!Deciding)
        return;
      if (!OnEveryReturn)
        OnEveryReturn = State;
      else
        *OnEveryReturn &= State;
    }
    void atSite(unsigned SF, const FactSet &State) override {
      if (!Deciding)
        return;
      const Fact &Site = S.Facts[SF];
      int W = S.pickWitness(State, SF, Result);
      if (W >= 0) {
        Result.Redundant.push_back({Site.Witness, S.Facts[W].Witness});
        return;
      }
      size_t Before =
          Result.Kept.size() + Result.Narrowed.size() + Result.Partial.size();
      noteKept(SF, S.CoveredBy[SF]);
      S.planNarrowing(SF, State, Result);
      // No flush of the whole range came close, and no flush of part of it
      // was available: name one of part of it that was killed on the way.
      if (Result.Kept.size() + Result.Narrowed.size() + Result.Partial.size() ==
          Before)
        noteKept(SF, S.OverlappedBy[SF], /*Partly=*/true);
      // Nor one of a kind that covers it: name an available one of a kind
      // that does not (a clwb before a clflush of the line).
      if (Result.Kept.size() + Result.Narrowed.size() + Result.Partial.size() ==
          Before)
        noteWeaker(SF, State);
    }
    /// Names an available flush of a weaker kind, one over all of the
    /// range if there is one.
    void noteWeaker(unsigned SF, const FactSet &State) {
      const Fact &Site = S.Facts[SF];
      int Best = -1;
      bool BestCovers = false;
      for (unsigned G : State.set_bits()) {
        const Fact &FG = S.Facts[G];
        if (!S.WeakerBy[SF].test(G) || FG.Witness == Site.Witness ||
            !S.mayHaveRun(FG, *Site.Witness))
          continue;
        bool Covers = rangeCovers(FG, Site, S.Ctx.SE, S.DL);
        if (Best < 0 || (Covers && !BestCovers)) {
          Best = G;
          BestCovers = Covers;
        }
      }
      if (Best < 0)
        return;
      const Fact &FG = S.Facts[Best];
      Result.Kept.push_back(
          {Site.Witness, FG.Witness, KeptFlush::WeakerKind, nullptr});
      Result.Kept.back().EarlierIsLoop = FG.isLineSpan();
      Result.Kept.back().Partly = !BestCovers;
    }
    /// Names the nearest covering flush that could not be used, and why.
    void noteKept(unsigned SF, const FactSet &Candidates, bool Partly = false) {
      CallBase *Kept = S.Facts[SF].Witness;
      for (unsigned G : Candidates.set_bits()) {
        const Fact &FG = S.Facts[G];
        if (G == SF || FG.Witness == Kept)
          continue;
        // A sequence that never completed is no earlier flush to name.
        if (FG.From == Fact::Sequence && !LastKill.count(G))
          continue;
        // The same expression in an earlier iteration names other bytes
        // (a loop's flush of slot k, then slot k + 1's): not a near
        // duplicate.
        if (!S.reachesWithoutRedefinition(FG, *Kept))
          continue;
        CallBase *Earlier = FG.Witness;
        // Prefer what killed the earlier flush itself; else what killed any
        // covering flush (the site's own, on a loop's back edge) is why a
        // path arrives without one.
        auto Kill = LastKill.find(G);
        for (unsigned Other : Candidates.set_bits())
          if (Kill == LastKill.end())
            Kill = LastKill.find(Other);
        if (Kill != LastKill.end())
          Result.Kept.push_back(
              {Kept, Earlier, Kill->second.first, Kill->second.second});
        else
          Result.Kept.push_back(
              {Kept, Earlier, KeptFlush::NotAllPaths, nullptr});
        Result.Kept.back().EarlierIsLoop = FG.isLineSpan();
        Result.Kept.back().Partly = Partly;
        return;
      }
    }
  } Rec(*this, Result);

  // Two walks: in a loop the kill that keeps a flush may come after it in
  // RPO (a store later in the body), so kills are learnt first.
  for (bool Deciding : {false, true}) {
    Rec.Deciding = Deciding;
    for (const BasicBlock *BB : RPO) {
      FactSet State = meetPredecessors(BB);
      transferBlock(BB, State, &Rec);
    }
  }

  keepSequenceLoops(Result);

  // Resolve chains so every witness is a flush that stays: if A covers B and
  // B covers C, C's bytes have been clean since A.
  for (RedundantFlush &R : Result.Redundant)
    for (unsigned Hops = 0; Hops < Result.Redundant.size(); ++Hops) {
      const RedundantFlush *Next = Result.redundancyOf(R.Witness);
      if (!Next)
        break;
      R.Witness = Next->Witness;
    }

  // Every loop that stays and is no range flush says why (no silent miss);
  // one whose flush goes needs no excuse.
  erase_if(Result.Unsummarised, [&](const UnsummarisedLoopFlush &U) {
    return Result.redundancyOf(U.Call) != nullptr;
  });
  // Copies of one flush in an unrolled loop: same kind, loop and stride.
  for (UnsummarisedLoopFlush &U : Result.Unsummarised) {
    if (U.Why != UnsummarisedLoopFlush::StrideTooLarge)
      continue;
    const Loop *L = Ctx.LI.getLoopFor(U.Call->getParent());
    const FlushKind *Kind = Result.siteOf(U.Call)->Kind;
    U.Copies = count_if(Result.Sites, [&](const FlushSite &Other) {
      const SweepResult &R = Sweeps.lookup(Other.Call);
      int64_t Stride = R.Sweep ? R.Sweep->Stride : 0;
      return Other.Kind == Kind &&
             Ctx.LI.getLoopFor(Other.Call->getParent()) == L &&
             Stride == U.Stride;
    });
  }

  if (!Rec.OnEveryReturn || !Ctx.F.hasExactDefinition())
    return;
  for (unsigned F : Rec.OnEveryReturn->set_bits()) {
    const Fact &Fa = Facts[F];
    // A removed flush cannot vouch for a caller's; its witness is listed.
    if (Fa.SiteIndex < 0 || Result.redundancyOf(Fa.Witness) ||
        !isSummarisable(Fa.Range.Begin) ||
        (Fa.Range.End && !isSummarisable(Fa.Range.End)))
      continue;
    Result.Summary.FlushedOnReturn.push_back(Result.Sites[Fa.SiteIndex]);
  }
}

/// True when \p To can run after the flush of \p Earlier on a path that
/// enters no block recomputing its range: then both name the same bytes.
bool FlushAvailabilitySolver::reachesWithoutRedefinition(
    const Fact &Earlier, const Instruction &To) const {
  const Instruction *From = Earlier.ViaCall ? Earlier.ViaCall : Earlier.Witness;
  if (From->getFunction() != To.getFunction())
    return false;
  const BasicBlock *Goal = To.getParent();
  if (From->getParent() == Goal && From->comesBefore(&To))
    return true;
  SmallPtrSet<const BasicBlock *, 8> Redefines(Earlier.DefBlocks.begin(),
                                               Earlier.DefBlocks.end());
  SmallPtrSet<const BasicBlock *, 32> Seen;
  SmallVector<const BasicBlock *, 16> Work(successors(From->getParent()));
  while (!Work.empty()) {
    const BasicBlock *BB = Work.pop_back_val();
    if (Redefines.count(BB) || !Seen.insert(BB).second)
      continue;
    if (BB == Goal)
      return true;
    append_range(Work, successors(BB));
  }
  return false;
}

FlushAvailability FlushAvailabilitySolver::solve() {
  FlushAvailability Result;
  collectSites(Result);
  NumSitesAnalysed += Result.Sites.size();
  if (Result.Sites.empty())
    return Result;
  if (Result.Sites.size() > MaxSites) {
    ++NumFunctionsGivenUp;
    Result.GaveUp = true;
    return Result;
  }
  for (unsigned I = 0; I < Result.Sites.size(); ++I)
    addSiteFact(Result.Sites[I], I);
  for (const FlushSite &Site : Result.Sites)
    if (Site.Kind->Shape == RangeShape::OneLine) {
      const SweepResult &Sweep = sweepOf(Site);
      if (Sweep.Sweep)
        addLoopFacts(Site, *Sweep.Sweep, Result);
      else if (Sweep.Failure)
        Result.Unsummarised.push_back(
            {Site.Call, Sweep.Failure->Why, Sweep.Failure->Stride, nullptr});
    }
  for (Instruction &I : instructions(Ctx.F))
    if (auto *Call = dyn_cast<CallBase>(&I))
      addSummaryFacts(*Call);
  addSequenceFacts();
  buildCoverMatrix();

  SmallVector<const BasicBlock *, 32> RPO;
  for (const BasicBlock *BB :
       ReversePostOrderTraversal<const Function *>(&Ctx.F))
    RPO.push_back(BB);
  if (!runToFixpoint(RPO)) {
    LLVM_DEBUG(dbgs() << "[flushelim] " << Ctx.F.getName()
                      << ": over the work bound, keeping every flush\n");
    ++NumFunctionsGivenUp;
    Result.GaveUp = true;
    return Result;
  }
  recordDecisions(RPO, Result);
  if (OverBudget) {
    ++NumFunctionsGivenUp;
    FlushAvailability Bare;
    Bare.Sites = std::move(Result.Sites);
    Bare.GaveUp = true;
    return Bare;
  }
  if (!Result.Summary.FlushedOnReturn.empty())
    ++NumSummaries;
  LLVM_DEBUG(dbgs() << "[flushelim] " << Ctx.F.getName() << ": "
                    << Result.Sites.size() << " sites, "
                    << Result.Redundant.size() << " redundant, " << Facts.size()
                    << " facts\n");
  return Result;
}
