//===- FlushAvailability.cpp - Which flushes are already done -------------===//
//
// The analysis half of flushelim: for each cache-flush call, is an earlier
// flush of the same or a containing range available on every path to it? If
// only part of its range is, what is left to flush?
//
// Flush primitives carry only `nounwind`, so LLVM treats each as reading and
// writing all memory: -O2 keeps every duplicate, and a pointer reloaded after
// a flush is a new value to it. This analysis knows better: a flush writes
// nothing the program can see.
//
// Algorithm, per function (callees first, so call sites can use summaries):
//  1. Decode the flush calls (FlushKinds table). Give up past
//     -flushelim-max-sites; the function then keeps every flush.
//  2. Canonicalise each range into SCEVs. A load is replaced by a
//     representative load of the same canonical address whose clobbering
//     memory state (MemorySSA, skipping flushes and flush-neutral calls) is
//     the same, so `j->code` reloaded after a flush names the same range.
//  3. Build one fact per flush (and per callee-summary entry at each direct
//     call). A line flush in a loop whose pointer advances by at most a line
//     per iteration, on every iteration, in a loop that touches nothing else
//     of those lines, also gives a loop-range fact: "every line of
//     [first, last] is flushed", generated on the loop's exit edge; when a
//     guard branch skips the loop, a twin "... if the guard let the loop
//     run" holds on the skip edge too. Then the matrix of which fact covers
//     which (compatible kinds, FlushKinds.h, and SCEV-proved containment) and
//     which only overlaps.
//  4. Forward must-availability to a fixpoint over reachable blocks in RPO.
//     Transfer: an instruction kills a fact when it may write the range (or,
//     for cache-line flushes, read it), or is a fence, atomic, volatile access
//     or inline asm; entering a block that (re)defines one of a fact's range
//     operands kills it too (the same SSA name then holds a new value). Meet:
//     a fact survives a join when every incoming path has a fact covering it
//     (edge facts included).
//  5. One more walk records the decisions: redundant flushes with a kept
//     witness, kept near-duplicates with the blocker, and the summary of
//     facts that hold on every return and mention only arguments, globals and
//     constants. A flush with available facts over part of its range gets a
//     narrowing plan (RangeAlgebra's subtraction over SCEV bounds, pieces
//     and lines saved checked against the knobs), or the reason it has none.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/FlushAvailability.h"
#include "hotlayout/FlushElimOptions.h"

#include "FlushNarrow.h"
#include "hotlayout/Support/RangeAlgebra.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/Analysis/MemorySSA.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsX86.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <tuple>

using namespace llvm;

#define DEBUG_TYPE "flushelim"

STATISTIC(NumSitesAnalysed, "Number of flush calls analysed");
STATISTIC(NumFunctionsGivenUp, "Number of functions too large to analyse");
STATISTIC(NumSummaries, "Number of functions with a flush summary");
STATISTIC(NumSummaryFacts, "Number of flush facts instantiated at call sites");
STATISTIC(NumLoopRanges, "Number of line-flush loops summarised as a range");

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

static cl::opt<bool> UseSummaries(
    "flushelim-interprocedural",
    cl::desc("Use callee summaries: a callee that leaves a range flushed on "
             "every return lets its caller drop a re-flush (default: on)"),
    cl::init(true), cl::cat(hotlayout::flushElimOptionCategory()));

namespace hotlayout {

AnalysisKey FlushAvailabilityAnalysis::Key;

/// The table row of what \p Call calls: a declared function by name, or an
/// inline-asm statement that is one AArch64 line operation (`dc cvau`,
/// `ic ivau`), which has no intrinsic.
static const FlushKind *flushKindOfCallee(const CallBase &Call) {
  if (auto *IA = dyn_cast<InlineAsm>(Call.getCalledOperand()))
    return IA->hasSideEffects() ? lookupAsmFlushKind(IA->getAsmString(),
                                                     IA->getConstraintString())
                                : nullptr;
  Function *Callee = Call.getCalledFunction();
  return Callee && Callee->isDeclaration() ? lookupFlushKind(Callee->getName())
                                           : nullptr;
}

std::optional<FlushSite> decodeFlushSite(CallBase &Call) {
  // Only plain calls whose result nobody reads can be erased or replaced:
  // an invoke is a terminator, and a used result (an odd user prototype)
  // would dangle.
  if (!isa<CallInst>(Call) || !Call.use_empty())
    return std::nullopt;
  const FlushKind *Kind = flushKindOfCallee(Call);
  if (!Kind)
    return std::nullopt;
  // A library name with another prototype is not the primitive (as in
  // LLVM's own library-function table): demand the exact parameter list.
  // An asm line operation's operand must be the pointer itself: an integer
  // address (uintptr_t) has no object for alias analysis to reason about.
  unsigned Needed = Kind->Shape == RangeShape::OneLine ? 1 : 2;
  Function *Callee = Call.getCalledFunction();
  FunctionType *FTy =
      Callee ? Callee->getFunctionType() : Call.getFunctionType();
  if (FTy->isVarArg() || FTy->getNumParams() != Needed ||
      Call.arg_size() != Needed || !FTy->getParamType(0)->isPointerTy())
    return std::nullopt;
  FlushSite Site;
  Site.Call = &Call;
  Site.Kind = Kind;
  Site.Begin = Call.getArgOperand(0);
  if (Needed == 2) {
    Site.EndOrLen = Call.getArgOperand(1);
    bool WantPointer = Kind->Shape == RangeShape::BeginEnd;
    if (Site.EndOrLen->getType()->isPointerTy() != WantPointer)
      return std::nullopt;
  }
  return Site;
}

StringRef describeKeptReason(KeptFlush::Reason Why) {
  switch (Why) {
  case KeptFlush::Written:
    return "memory in its range may be written in between";
  case KeptFlush::Read:
    return "the cache line may be read in between";
  case KeptFlush::Synchronises:
    return "a fence, atomic, volatile access or inline asm is in between";
  case KeptFlush::Redefined:
    return "its range operands are recomputed in between";
  case KeptFlush::NotAllPaths:
    return "not every path to it has flushed the range";
  case KeptFlush::MayClean:
    return "the data cache may be cleaned in between, after which the "
           "instruction cache may hold stale lines again";
  case KeptFlush::Unordered:
    return "it ran while a data-cache clean before it may not have completed "
           "(no dsb between them), so the instruction cache may hold stale "
           "lines again after the dsb";
  }
  llvm_unreachable("unknown reason");
}

std::string describeNotNarrowed(const PartiallyCoveredFlush &P) {
  std::string Text;
  raw_string_ostream OS(Text);
  switch (P.WhyNot) {
  case PartiallyCoveredFlush::Disabled:
    OS << "narrowing is off (-flushelim-narrow=false)";
    break;
  case PartiallyCoveredFlush::TooManyPieces:
    OS << "the rest is " << P.Detail << " pieces, more than "
       << opts::NarrowMaxPieces << " (-flushelim-narrow-max-pieces)";
    break;
  case PartiallyCoveredFlush::TooFewLines:
    OS << "it would save " << P.Detail << " whole lines at worst, fewer than "
       << opts::NarrowMinLines << " (-flushelim-narrow-min-lines)";
    break;
  case PartiallyCoveredFlush::NotExpressible:
    OS << "the bounds of the flushed part are not available at it";
    break;
  case PartiallyCoveredFlush::MayWrap:
    OS << "an unsigned length (its own or the earlier flush's) may be 2^63 "
          "or more";
    break;
  case PartiallyCoveredFlush::AlreadyNarrowed:
    OS << "it is what an earlier narrowing left";
    break;
  }
  return Text;
}

std::string describeUnsummarised(const UnsummarisedLoopFlush &U,
                                 unsigned LineSize) {
  std::string Text;
  raw_string_ostream OS(Text);
  switch (U.Why) {
  case UnsummarisedLoopFlush::StrideTooLarge:
    OS << "its pointer advances " << U.Stride << " bytes per iteration, more "
       << "than the " << LineSize << "-byte line, so lines in between stay";
    break;
  case UnsummarisedLoopFlush::NotEveryIteration:
    OS << "it does not flush on every iteration";
    break;
  case UnsummarisedLoopFlush::Shape:
    OS << "its trip count is unknown or it does not exit at its latch";
    break;
  case UnsummarisedLoopFlush::BodyWrites:
    OS << "the loop may write the lines it flushes";
    break;
  case UnsummarisedLoopFlush::BodyReads:
    OS << "the loop may read the lines it flushes";
    break;
  case UnsummarisedLoopFlush::BodySynchronises:
    OS << "a fence, atomic, volatile access or inline asm is in the loop";
    break;
  case UnsummarisedLoopFlush::BodyMayClean:
    OS << "the loop may clean the data cache after invalidating a line";
    break;
  case UnsummarisedLoopFlush::StrideNotConstant:
    OS << "its pointer advances by a run-time amount per iteration (a line "
       << "size read from CTR_EL0, say), which another core's smaller lines "
       << "or a " << LineSize << "-byte line may not match";
    break;
  }
  return Text;
}

} // namespace hotlayout

using namespace hotlayout;

namespace {

/// A call that writes no memory the program can see: a flush primitive or a
/// known flush-neutral external (mprotect, the JIT write-protect toggle).
bool isFlushNeutralCall(const CallBase &Call) {
  if (auto *IA = dyn_cast<InlineAsm>(Call.getCalledOperand()))
    return lookupAsmFlushKind(IA->getAsmString(), IA->getConstraintString());
  const Function *Callee = Call.getCalledFunction();
  return Callee && Callee->isDeclaration() &&
         isFlushNeutralCallee(Callee->getName());
}

/// sfence, lfence and mfence: they order flushes with what follows (what
/// batching relies on), so the remark says "fence" rather than "may write".
bool isX86Fence(const CallBase &Call) {
  const Function *Callee = Call.getCalledFunction();
  if (!Callee)
    return false;
  switch (Callee->getIntrinsicID()) {
  case Intrinsic::x86_sse_sfence:
  case Intrinsic::x86_sse2_lfence:
  case Intrinsic::x86_sse2_mfence:
    return true;
  default:
    return false;
  }
}

/// Calls \p Fn on every sub-expression of \p S until it returns false.
template <typename FnT> void forEachSubExpr(const SCEV *S, FnT Fn) {
  struct Visitor {
    FnT &Fn;
    bool Done = false;
    bool follow(const SCEV *Sub) {
      Done = !Fn(Sub);
      return !Done;
    }
    bool isDone() const { return Done; }
  } V{Fn};
  visitAll(S, V);
}

/// True when \p S mentions only arguments, globals and constants: the only
/// ranges a summary can state in terms a caller understands.
bool isSummarisable(const SCEV *S) {
  bool OK = true;
  forEachSubExpr(S, [&](const SCEV *Sub) {
    if (isa<SCEVAddRecExpr>(Sub))
      OK = false;
    if (auto *U = dyn_cast<SCEVUnknown>(Sub))
      if (!isa<Argument>(U->getValue()) && !isa<Constant>(U->getValue()))
        OK = false;
    return OK;
  });
  return OK;
}

/// A flushed range in canonical SCEV form. End is null for one-line flushes.
struct CanonRange {
  const SCEV *Begin = nullptr;
  const SCEV *End = nullptr;
};

/// "Bytes of range R are flushed and untouched since", valid where generated.
struct Fact {
  /// Where the fact comes from: a flush call here, a callee's summary, or a
  /// loop of line flushes (LoopRangeIfRan: holds only if its guard let the
  /// loop run), or AArch64's __clear_cache sequence done by hand (Sequence),
  /// which is derived from a `dc cvau` and an `ic ivau` loop range in the
  /// three steps that check its barriers (see addSequenceFacts).
  enum Origin {
    Site,
    Summary,
    LoopRange,
    LoopRangeIfRan,
    SeqCleaned,     ///< A `dc cvau` loop range, then a `dsb`.
    SeqInvalidated, ///< Then an `ic ivau` loop range over part of it.
    SeqFenced,      ///< Then a `dsb`.
    Sequence,       ///< Then an `isb`: a range flush (__clear_cache's kind).
  };
  Origin From = Site;
  const FlushKind *Kind = nullptr;
  CallBase *Witness = nullptr; ///< The flush (possibly in a callee).
  int SiteIndex = -1;          ///< Index into Sites when From == Site.
  /// Range flushes: the bytes [Begin, End). One-line flushes: the line that
  /// holds Begin (End null). Loop ranges: every line that overlaps
  /// [Begin, End).
  CanonRange Range;
  /// Site facts: Range as the flush's operands give it (not canonical), and
  /// the operands themselves when they are the bounds (End is null for a
  /// length).
  CanonRange Raw;
  Value *RawBeginValue = nullptr, *RawEndValue = nullptr;
  /// A line flush in a loop: every pointer it is given while the loop runs
  /// lies in [Span.Begin, Span.End) (null when not known).
  CanonRange Span;
  Value *BeginPtr = nullptr; ///< The pointer the flush was given.
  MemoryLocation Loc;
  /// The range's size may be "negative" as a signed number (an unsigned
  /// length >= 2^63): then End wrapped and only an identical range covers it.
  bool SizeMayWrap = false;
  /// LoopRangeIfRan: the fact holds if the loop ran: see
  /// NarrowedFlush::CoverCondition. SkipCond, when there is one guard: the
  /// loop was skipped when it has the value SkipWhen.
  Value *SkipCond = nullptr;
  bool SkipWhen = false;
  BasicBlock *RanAt = nullptr;
  SmallVector<BasicBlock *, 2> NotRanAt;
  /// Entering any of these blocks recomputes an operand of the range.
  SmallVector<const BasicBlock *, 2> DefBlocks;

  /// The sequence step this one is generated from (SeqCleaned: the `dc
  /// cvau` loop range; SeqInvalidated: the SeqCleaned fact).
  unsigned Base = ~0u;

  bool isLineSpan() const {
    return From == LoopRange || From == LoopRangeIfRan;
  }
  /// A step towards a Sequence fact: it only feeds the next step, and
  /// covers (and is covered by) no other fact.
  bool isSequenceStep() const {
    return From == SeqCleaned || From == SeqInvalidated || From == SeqFenced;
  }
};

//===----------------------------------------------------------------------===//
// Step 2: canonical ranges.
//===----------------------------------------------------------------------===//

class RangeCanonicalizer {
public:
  RangeCanonicalizer(ScalarEvolution &SE, MemorySSA &MSSA, BatchAAResults &BAA)
      : SE(SE), MSSA(MSSA), BAA(BAA) {}

  /// SCEV of \p V with every simple load replaced by its representative.
  const SCEV *canonical(Value *V) { return canonical(SE.getSCEV(V), 0); }

  const SCEV *canonical(const SCEV *S, unsigned Depth);

  /// Blocks whose entry recomputes an operand of canonical SCEV \p S.
  void collectDefBlocks(const SCEV *S,
                        SmallVectorImpl<const BasicBlock *> &Blocks);

private:
  static constexpr unsigned MaxDepth = 6;
  static constexpr unsigned MaxClobberSteps = 32;

  LoadInst *representative(LoadInst *L, unsigned Depth);
  const SCEV *sameOnEveryPath(PHINode *Phi, unsigned Depth);
  MemoryAccess *clobberOf(LoadInst *L);
  Value *forwardedValue(LoadInst *L, unsigned Depth);

  ScalarEvolution &SE;
  MemorySSA &MSSA;
  BatchAAResults &BAA;
  DenseMap<const LoadInst *, LoadInst *> RepOf;
  DenseMap<const LoadInst *, MemoryAccess *> ClobberOf;
  std::map<std::tuple<const SCEV *, Type *, MemoryAccess *>, LoadInst *>
      RepByKey;
};

/// The memory state a load reads: its clobbering access, looking through
/// flushes and flush-neutral calls, which MemorySSA counts as writes.
MemoryAccess *RangeCanonicalizer::clobberOf(LoadInst *L) {
  auto It = ClobberOf.find(L);
  if (It != ClobberOf.end())
    return It->second;
  MemorySSAWalker *Walker = MSSA.getWalker();
  MemoryLocation Loc = MemoryLocation::get(L);
  MemoryAccess *MA = Walker->getClobberingMemoryAccess(L);
  for (unsigned Step = 0; MA && Step < MaxClobberSteps; ++Step) {
    auto *Def = dyn_cast<MemoryDef>(MA);
    if (!Def || MSSA.isLiveOnEntryDef(Def))
      break;
    auto *Call = dyn_cast_or_null<CallBase>(Def->getMemoryInst());
    if (!Call || !isFlushNeutralCall(*Call))
      break;
    MA = Walker->getClobberingMemoryAccess(Def->getDefiningAccess(), Loc, BAA);
  }
  ClobberOf[L] = MA;
  return MA;
}

LoadInst *RangeCanonicalizer::representative(LoadInst *L, unsigned Depth) {
  auto It = RepOf.find(L);
  if (It != RepOf.end())
    return It->second;
  LoadInst *Rep = L;
  if (L->isSimple() && Depth < MaxDepth && MSSA.getMemoryAccess(L)) {
    const SCEV *Ptr = canonical(SE.getSCEV(L->getPointerOperand()), Depth + 1);
    auto Key = std::make_tuple(Ptr, L->getType(), clobberOf(L));
    Rep = RepByKey.try_emplace(Key, L).first->second;
  }
  RepOf[L] = Rep;
  return Rep;
}

/// The value \p L reads when its clobber (looking through flushes) is a
/// plain store of the same type to the same canonical address: after
/// `j->pos = pos; flush(code, code + pos)`, a reload of j->pos is `pos`.
Value *RangeCanonicalizer::forwardedValue(LoadInst *L, unsigned Depth) {
  if (!L->isSimple() || Depth >= MaxDepth || !MSSA.getMemoryAccess(L))
    return nullptr;
  auto *Def = dyn_cast_or_null<MemoryDef>(clobberOf(L));
  auto *Store =
      Def ? dyn_cast_or_null<StoreInst>(Def->getMemoryInst()) : nullptr;
  if (!Store || !Store->isSimple() ||
      Store->getValueOperand()->getType() != L->getType())
    return nullptr;
  const SCEV *LoadPtr =
      canonical(SE.getSCEV(L->getPointerOperand()), Depth + 1);
  const SCEV *StorePtr =
      canonical(SE.getSCEV(Store->getPointerOperand()), Depth + 1);
  return LoadPtr == StorePtr ? Store->getValueOperand() : nullptr;
}

/// The one value \p Phi has whichever way control came, when every incoming
/// value is the same expression of arguments, globals and constants (which
/// hold one value in the whole function): clang leaves `code + pos` computed
/// once per arm around a loop whose guard it merged with an earlier one's,
/// and a phi of the two. Null otherwise (a loop header's phi included: its
/// incoming values differ).
const SCEV *RangeCanonicalizer::sameOnEveryPath(PHINode *Phi, unsigned Depth) {
  if (Depth >= MaxDepth || Phi->getNumIncomingValues() == 0)
    return nullptr;
  const SCEV *Same = nullptr;
  for (Value *In : Phi->incoming_values()) {
    if (In == Phi)
      return nullptr;
    const SCEV *S = canonical(SE.getSCEV(In), Depth + 1);
    if ((Same && S != Same) || !isSummarisable(S))
      return nullptr;
    Same = S;
  }
  return Same;
}

const SCEV *RangeCanonicalizer::canonical(const SCEV *S, unsigned Depth) {
  SmallVector<LoadInst *, 4> Loads;
  SmallVector<PHINode *, 2> Phis;
  forEachSubExpr(S, [&](const SCEV *Sub) {
    if (auto *U = dyn_cast<SCEVUnknown>(Sub)) {
      if (auto *L = dyn_cast<LoadInst>(U->getValue()))
        Loads.push_back(L);
      else if (auto *Phi = dyn_cast<PHINode>(U->getValue()))
        Phis.push_back(Phi);
    }
    return true;
  });
  if (Loads.empty() && Phis.empty())
    return S;
  ValueToSCEVMapTy Map;
  for (PHINode *Phi : Phis)
    if (SE.isSCEVable(Phi->getType()))
      if (const SCEV *Same = sameOnEveryPath(Phi, Depth))
        Map[Phi] = Same;
  for (LoadInst *L : Loads) {
    if (!SE.isSCEVable(L->getType()))
      continue;
    if (Value *Stored = forwardedValue(L, Depth)) {
      Map[L] = canonical(SE.getSCEV(Stored), Depth + 1);
      continue;
    }
    LoadInst *Rep = representative(L, Depth);
    if (Rep != L)
      Map[L] = SE.getUnknown(Rep);
  }
  return Map.empty() ? S : SCEVParameterRewriter::rewrite(S, SE, Map);
}

void RangeCanonicalizer::collectDefBlocks(
    const SCEV *S, SmallVectorImpl<const BasicBlock *> &Blocks) {
  forEachSubExpr(S, [&](const SCEV *Sub) {
    if (auto *AR = dyn_cast<SCEVAddRecExpr>(Sub)) {
      Blocks.push_back(AR->getLoop()->getHeader());
      return true;
    }
    auto *U = dyn_cast<SCEVUnknown>(Sub);
    auto *I = U ? dyn_cast<Instruction>(U->getValue()) : nullptr;
    if (!I)
      return true;
    auto *L = dyn_cast<LoadInst>(I);
    auto Clobber = L ? ClobberOf.find(L) : ClobberOf.end();
    if (Clobber == ClobberOf.end() || RepOf.lookup(L) != L) {
      // Not a canonical load: the value changes whenever I runs again.
      Blocks.push_back(I->getParent());
      return true;
    }
    // A representative load stands for "memory at this address in state
    // Clobber": it changes when that state is recomputed, and with its address.
    MemoryAccess *MA = Clobber->second;
    if (MA && !MSSA.isLiveOnEntryDef(MA))
      Blocks.push_back(MA->getBlock());
    collectDefBlocks(canonical(SE.getSCEV(L->getPointerOperand()), MaxDepth),
                     Blocks);
    return true;
  });
}

//===----------------------------------------------------------------------===//
// Step 3: ranges, locations and coverage.
//===----------------------------------------------------------------------===//

/// SCEV for the first byte after the range of \p Site, or null (OneLine).
const SCEV *rangeEndSCEV(const FlushSite &Site, ScalarEvolution &SE) {
  switch (Site.Kind->Shape) {
  case RangeShape::OneLine:
    return nullptr;
  case RangeShape::BeginEnd:
    return SE.getSCEV(Site.EndOrLen);
  case RangeShape::BeginLength: {
    Type *IdxTy = SE.getEffectiveSCEVType(Site.Begin->getType());
    const SCEV *Len =
        SE.getTruncateOrZeroExtend(SE.getSCEV(Site.EndOrLen), IdxTy);
    return SE.getAddExpr(SE.getSCEV(Site.Begin), Len);
  }
  }
  llvm_unreachable("unknown shape");
}

/// What AA is asked about: the exact bytes when the size is a known
/// constant, everything from Begin on otherwise. A line flush acts on bytes
/// before its pointer too, so it covers the whole underlying object.
MemoryLocation rangeLocation(const FlushKind &Kind, Value *BeginPtr,
                             const SCEV *Begin, const SCEV *End,
                             ScalarEvolution &SE) {
  if (Kind.Shape == RangeShape::OneLine)
    return MemoryLocation::getBeforeOrAfter(BeginPtr);
  const SCEV *Size = SE.getMinusSCEV(End, Begin);
  if (auto *C = dyn_cast<SCEVConstant>(Size))
    if (!C->getAPInt().isNegative())
      return MemoryLocation(
          BeginPtr, LocationSize::precise(C->getAPInt().getZExtValue()));
  return MemoryLocation(BeginPtr, LocationSize::afterPointer());
}

/// True when B - A is provably non-negative (and computable at all).
bool knownLessOrEqual(const SCEV *A, const SCEV *B, ScalarEvolution &SE) {
  if (A == B)
    return true;
  if (SE.getEffectiveSCEVType(A->getType()) !=
      SE.getEffectiveSCEVType(B->getType()))
    return false;
  const SCEV *Diff = SE.getMinusSCEV(B, A);
  return !isa<SCEVCouldNotCompute>(Diff) && SE.isKnownNonNegative(Diff);
}

/// Two line flushes hit the same line when their pointers are equal, or a
/// constant apart from a base whose alignment pins the line boundaries.
bool sameCacheLine(const SCEV *A, const SCEV *B, ScalarEvolution &SE,
                   const DataLayout &DL) {
  if (A == B)
    return true;
  const SCEV *Base = SE.getPointerBase(A);
  if (Base != SE.getPointerBase(B))
    return false;
  auto *OffA = dyn_cast<SCEVConstant>(SE.getMinusSCEV(A, Base));
  auto *OffB = dyn_cast<SCEVConstant>(SE.getMinusSCEV(B, Base));
  auto *BaseU = dyn_cast<SCEVUnknown>(Base);
  if (!OffA || !OffB || !BaseU)
    return false;
  uint64_t Align = BaseU->getValue()->getPointerAlignment(DL).value();
  auto LineA =
      cacheLineOf(OffA->getAPInt().getSExtValue(), Align, opts::LineSize);
  auto LineB =
      cacheLineOf(OffB->getAPInt().getSExtValue(), Align, opts::LineSize);
  return LineA && LineB && LineA->Begin == LineB->Begin;
}

/// True when the bytes \p Acc touches provably lie outside the cache line
/// that holds \p LinePtr. Alias analysis is not enough: two distinct
/// objects that never alias may still share a line, and touching either
/// brings the line back (flush+reload measures exactly that).
bool provablyOtherLine(Value *LinePtr, const MemoryLocation &Acc,
                       ScalarEvolution &SE, const DataLayout &DL) {
  uint64_t Line = opts::LineSize;
  // Distinct identified objects that both start on a line boundary own
  // disjoint sets of lines (their in-bounds bytes cannot share one).
  const Value *ObjA = getUnderlyingObject(Acc.Ptr);
  const Value *ObjL = getUnderlyingObject(LinePtr);
  if (ObjA != ObjL && isIdentifiedObject(ObjA) && isIdentifiedObject(ObjL) &&
      ObjA->getPointerAlignment(DL).value() >= Line &&
      ObjL->getPointerAlignment(DL).value() >= Line)
    return true;
  if (!Acc.Size.hasValue() || Acc.Size.isScalable() ||
      !SE.isSCEVable(Acc.Ptr->getType()))
    return false;
  const SCEV *Diff = SE.getMinusSCEV(SE.getSCEV(const_cast<Value *>(Acc.Ptr)),
                                     SE.getSCEV(LinePtr));
  auto *C = dyn_cast<SCEVConstant>(Diff);
  if (!C || C->getAPInt().getSignificantBits() > 63)
    return false;
  int64_t Off = C->getAPInt().getSExtValue();
  int64_t Size = int64_t(Acc.Size.getValue());
  // Without alignment the line holding LinePtr lies within +-(Line - 1).
  if (Off >= int64_t(Line) || Off + Size <= -int64_t(Line) + 1)
    return true;
  const SCEV *Base = SE.getPointerBase(SE.getSCEV(LinePtr));
  auto *BaseU = dyn_cast<SCEVUnknown>(Base);
  auto *LineOff =
      dyn_cast<SCEVConstant>(SE.getMinusSCEV(SE.getSCEV(LinePtr), Base));
  if (!BaseU || !LineOff)
    return false;
  uint64_t Align = BaseU->getValue()->getPointerAlignment(DL).value();
  int64_t L0 = LineOff->getAPInt().getSExtValue();
  auto FlushLine = cacheLineOf(L0, Align, Line);
  auto First = cacheLineOf(L0 + Off, Align, Line);
  auto Last =
      cacheLineOf(L0 + Off + std::max<int64_t>(Size, 1) - 1, Align, Line);
  return FlushLine && First && Last &&
         (FlushLine->Begin < First->Begin || FlushLine->Begin > Last->Begin);
}

/// True when B - A is provably positive.
bool knownLess(const SCEV *A, const SCEV *B, ScalarEvolution &SE) {
  if (SE.getEffectiveSCEVType(A->getType()) !=
      SE.getEffectiveSCEVType(B->getType()))
    return false;
  const SCEV *Diff = SE.getMinusSCEV(B, A);
  return !isa<SCEVCouldNotCompute>(Diff) && SE.isKnownPositive(Diff);
}

/// True when [In.Begin, In.End) provably lies in [Out.Begin, Out.End).
bool rangeInside(const CanonRange &In, const CanonRange &Out,
                 ScalarEvolution &SE) {
  return knownLessOrEqual(Out.Begin, In.Begin, SE) &&
         knownLessOrEqual(In.End, Out.End, SE);
}

/// True when the two ranges may share a byte: they lie in the same object
/// (SCEV gives them one pointer base) and neither provably ends before the
/// other starts. RandomX flushes [code+64, code+pos), then [code, code+size)
/// with size a run-time value: nothing proves they meet, but a run-time test
/// can tell, and narrowing has one.
bool rangesMayMeet(const CanonRange &A, const CanonRange &B,
                   ScalarEvolution &SE) {
  return SE.getPointerBase(A.Begin) == SE.getPointerBase(B.Begin) &&
         !knownLessOrEqual(A.End, B.Begin, SE) &&
         !knownLessOrEqual(B.End, A.Begin, SE);
}

/// True when \p G's bytes (range flushes) or lines (line flushes) include
/// every one \p S flushes, whatever their kinds and conditions.
bool rangeCovers(const Fact &G, const Fact &S, ScalarEvolution &SE,
                 const DataLayout &DL) {
  if (G.Kind->Domain != S.Kind->Domain)
    return false;
  if (G.Kind->Domain == FlushDomain::InstructionCache) {
    if (S.SizeMayWrap || G.SizeMayWrap)
      return G.Range.Begin == S.Range.Begin && G.Range.End == S.Range.End &&
             S.SizeMayWrap == G.SizeMayWrap;
    return rangeInside(S.Range, G.Range, SE);
  }
  // Data-cache lines. A loop range holds every line overlapping its bytes,
  // so a pointer inside it names a flushed line.
  if (G.isLineSpan()) {
    if (S.isLineSpan())
      return rangeInside(S.Range, G.Range, SE);
    if (S.Span.Begin)
      return rangeInside(S.Span, G.Range, SE);
    // A loop range's first byte is always flushed (by its first or, going
    // down, its last iteration), however many iterations it ran.
    return S.Range.Begin == G.Range.Begin ||
           (knownLessOrEqual(G.Range.Begin, S.Range.Begin, SE) &&
            knownLess(S.Range.Begin, G.Range.End, SE));
  }
  return !S.isLineSpan() && sameCacheLine(G.Range.Begin, S.Range.Begin, SE, DL);
}

/// True when \p G may flush part of what \p S flushes: the candidates for
/// narrowing \p S (a range flush gets a run-time test of how much is
/// covered unless the sizes are known; a loop's line flush a compare per
/// line).
bool rangeOverlaps(const Fact &G, const Fact &S, ScalarEvolution &SE) {
  if (G.Kind->Domain != S.Kind->Domain || S.isLineSpan())
    return false;
  if (G.Kind->Domain == FlushDomain::InstructionCache)
    return G.Range.End && S.Range.End && rangesMayMeet(G.Range, S.Range, SE);
  return G.isLineSpan() && S.Span.Begin && rangesMayMeet(G.Range, S.Span, SE);
}

//===----------------------------------------------------------------------===//
// Callee summaries: translate a callee's SCEV into the caller's.
//===----------------------------------------------------------------------===//

/// Rebuilds callee expression \p S in the caller's ScalarEvolution, with the
/// callee's formal arguments replaced by \p Call's actual ones. Returns null
/// for anything but arguments, globals, constants and simple arithmetic.
const SCEV *translateToCaller(const SCEV *S, ScalarEvolution &To,
                              CallBase &Call) {
  auto Ops = [&](const SCEVNAryExpr *N, SmallVectorImpl<const SCEV *> &Out) {
    for (const SCEV *Op : N->operands()) {
      const SCEV *T = translateToCaller(Op, To, Call);
      if (!T)
        return false;
      Out.push_back(T);
    }
    return true;
  };
  if (auto *C = dyn_cast<SCEVConstant>(S))
    return To.getConstant(C->getAPInt());
  if (auto *U = dyn_cast<SCEVUnknown>(S)) {
    Value *V = U->getValue();
    if (auto *A = dyn_cast<Argument>(V))
      return A->getArgNo() < Call.arg_size()
                 ? To.getSCEV(Call.getArgOperand(A->getArgNo()))
                 : nullptr;
    return isa<Constant>(V) ? To.getSCEV(V) : nullptr;
  }
  SmallVector<const SCEV *, 4> T;
  if (auto *Add = dyn_cast<SCEVAddExpr>(S))
    return Ops(Add, T) ? To.getAddExpr(T) : nullptr;
  if (auto *Mul = dyn_cast<SCEVMulExpr>(S))
    return Ops(Mul, T) ? To.getMulExpr(T) : nullptr;
  if (auto *Cast = dyn_cast<SCEVCastExpr>(S)) {
    const SCEV *Op = translateToCaller(Cast->getOperand(), To, Call);
    if (!Op)
      return nullptr;
    switch (Cast->getSCEVType()) {
    case scZeroExtend:
      return To.getZeroExtendExpr(Op, Cast->getType());
    case scSignExtend:
      return To.getSignExtendExpr(Op, Cast->getType());
    case scTruncate:
      return To.getTruncateExpr(Op, Cast->getType());
    case scPtrToInt:
      return To.getPtrToIntExpr(Op, Cast->getType());
    default:
      return nullptr;
    }
  }
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Steps 3-5: facts, dataflow, decisions.
//===----------------------------------------------------------------------===//

struct AnalysisContext {
  Function &F;
  AAResults &AA;
  MemorySSA &MSSA;
  ScalarEvolution &SE;
  DominatorTree &DT;
  LoopInfo &LI;
  const FlushSummaryMap &Summaries;
  FunctionAnalysisManager &FAM;
};

/// How a line flush in a loop sweeps memory: the bytes [Begin, End) hold
/// every pointer it is given (raw SCEVs, not canonical). Exact: the last
/// pointer is End - 1 (stride > 0) or Begin, not just a bound.
struct LoopSweep {
  const Loop *L = nullptr;
  int64_t Stride = 0;
  const SCEV *Begin = nullptr;
  const SCEV *End = nullptr;
  bool Exact = false;
};

class FlushAvailabilitySolver {
public:
  FlushAvailabilitySolver(AnalysisContext &Ctx)
      : Ctx(Ctx), DL(Ctx.F.getParent()->getDataLayout()), BAA(Ctx.AA),
        Canon(Ctx.SE, Ctx.MSSA, BAA) {}

  FlushAvailability solve();

private:
  using FactSet = BitVector;
  using Edge = std::pair<const BasicBlock *, const BasicBlock *>;

  void collectSites(FlushAvailability &Result);
  void addSiteFact(const FlushSite &Site, int Index);
  void addSummaryFacts(CallBase &Call);
  bool addFact(Fact F, Instruction *GenPoint);
  void buildCoverMatrix();

  // Loops of line flushes (step 3).
  std::optional<LoopSweep> sweepOf(const FlushSite &Site);
  bool hasRuntimeStride(const FlushSite &Site);
  const SCEV *latchExitCount(const Loop &L);
  void addLoopFacts(const FlushSite &Site, const LoopSweep &Sweep,
                    FlushAvailability &Result);
  bool addEdgeFact(Fact F, ArrayRef<Edge> Edges);
  void addSequenceFacts();
  bool loopHasDsb(const Loop &L) const;
  void genSequenceSteps(const Instruction &I, FactSet &State) const;
  void keepSequenceLoops(FlushAvailability &Result) const;
  std::optional<UnsummarisedLoopFlush>
  loopBodyBlocker(const Loop &L, const Fact &F, const FlushSite &Site);
  bool condHoldsAt(Value *Cond, bool Want, const Instruction *At) const;
  bool conditionAllows(const Fact &G, const Fact &S) const;

  FactSet meetPredecessors(const BasicBlock *BB);
  /// The kill reason of \p I for fact \p FI, or none when it survives.
  std::optional<KeptFlush::Reason> killReason(Instruction &I, unsigned FI);
  bool issuedWhileCleanMayBePending(const Fact &F);
  std::optional<KeptFlush::Reason> computeKillReason(Instruction &I,
                                                     const Fact &F);
  std::optional<KeptFlush::Reason> rangeKillReason(Instruction &I,
                                                   const Fact &F);
  std::optional<KeptFlush::Reason> lineKillReason(Instruction &I,
                                                  const Fact &F);
  bool provablyOutsideLines(const MemoryLocation &Acc, const Fact &F);

  struct Observer;
  void transferBlock(const BasicBlock *BB, FactSet &State, Observer *Obs);
  bool runToFixpoint(ArrayRef<const BasicBlock *> RPO);
  void recordDecisions(ArrayRef<const BasicBlock *> RPO,
                       FlushAvailability &Result);
  int pickWitness(const FactSet &State, unsigned SiteFact,
                  const FlushAvailability &Result) const;
  bool reachesWithoutRedefinition(const Fact &Earlier,
                                  const Instruction &To) const;

  // Narrowing (step 5).
  void planNarrowing(unsigned SiteFact, const FactSet &State,
                     FlushAvailability &Result);
  void planRangeNarrowing(unsigned SiteFact, ArrayRef<unsigned> Covers,
                          FlushAvailability &Result);
  bool mayHaveRun(const Fact &G, const Instruction &At) const;
  void planLineSkipping(unsigned SiteFact, ArrayRef<unsigned> Covers,
                        FlushAvailability &Result);
  /// A cover's bounds at a flush: SCEVs, and existing values when there are.
  struct CoverBounds {
    CanonRange Range;
    Value *BeginValue = nullptr, *EndValue = nullptr;
    /// Values that exist only if the (conditional) loop ran.
    SmallVector<Value *, 2> Routed;
  };
  std::optional<CoverBounds> expressibleAt(const Fact &G,
                                           const Instruction &At) const;
  bool expandableAt(const SCEV *S, const Instruction &At,
                    const Fact *IfRan = nullptr,
                    SmallVectorImpl<Value *> *Routed = nullptr) const;
  const SCEV *coveredBytes(const NarrowedFlush &N,
                           ArrayRef<const SCEV *> Canonical,
                           ProvenLessEqual LE) const;

  /// The most covers one narrowing subtracts.
  static constexpr unsigned MaxCovers = 4;

  AnalysisContext &Ctx;
  const DataLayout &DL;
  BatchAAResults BAA;
  RangeCanonicalizer Canon;

  std::vector<Fact> Facts;
  DenseMap<const Instruction *, SmallVector<unsigned, 1>> GenAt;
  /// Facts that hold on an edge: a loop range on its exit edge, its "if the
  /// loop ran" twin also on the guard's skip edge.
  DenseMap<Edge, SmallVector<unsigned, 2>> GenOnEdge;
  DenseMap<const BasicBlock *, SmallVector<unsigned, 2>> RedefinedAt;
  /// Plain (unconditional) loop-range facts, for the sequence steps.
  SmallVector<unsigned, 4> PlainLoopFacts;
  /// Sequence steps generated at a barrier when their Base fact holds right
  /// before it: SeqCleaned and SeqFenced at a `dsb`, Sequence at an `isb`.
  SmallVector<unsigned, 2> AtDsb, AtIsb;
  /// An `ic ivau` loop range's fact -> the SeqInvalidated facts generated
  /// with it on its exit edges when their Base holds at the latch's end.
  DenseMap<unsigned, SmallVector<unsigned, 1>> AfterLoop;
  /// The barriers of each barrier asm statement, in order.
  DenseMap<const Instruction *, SmallVector<AsmBarrier, 2>> BarriersAt;
  DenseMap<const Instruction *, unsigned> SiteFactOf;
  std::vector<FactSet> CoveredBy;    ///< CoveredBy[f]: facts that cover f.
  std::vector<FactSet> OverlappedBy; ///< Share bytes with f, not covering.
  DenseMap<const BasicBlock *, FactSet> Out; ///< Absent: not yet reached.
  DenseMap<std::pair<const Instruction *, unsigned>, int8_t> KillCache;
  /// issuedWhileCleanMayBePending's answers, per `ic ivau` call.
  DenseMap<const Instruction *, bool> PendingCleanCache;
  unsigned Queries = 0;
  bool OverBudget = false;
};

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
    if (std::optional<LoopSweep> Sweep = sweepOf(Site)) {
      F.Span.Begin = Canon.canonical(Sweep->Begin, 0);
      F.Span.End = Canon.canonical(Sweep->End, 0);
    }
  unsigned FactIndex = Facts.size();
  if (addFact(std::move(F), Site.Call))
    SiteFactOf[Site.Call] = FactIndex;
}

/// What AA is asked about for a callee's range [Begin, End) in the caller:
/// [Base, End) when both ends lie at constant offsets at or past Base (a
/// JIT's prologue, [code, code+16), survives the program's stores behind
/// it), else the whole underlying object, which is conservative for kills.
MemoryLocation summaryLocation(const SCEV *Begin, const SCEV *End,
                               const SCEVUnknown &Base, ScalarEvolution &SE) {
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
  if (!UseSummaries || !Callee || !isa<CallInst>(Call) ||
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

//===----------------------------------------------------------------------===//
// Step 3: loops of line flushes as range flushes.
//===----------------------------------------------------------------------===//

/// The bytes a line flush's pointer sweeps in its innermost loop, when the
/// pointer advances by a constant stride and the trip count is computable
/// (at least as an upper bound): every pointer it is given lies inside.
std::optional<LoopSweep>
FlushAvailabilitySolver::sweepOf(const FlushSite &Site) {
  ScalarEvolution &SE = Ctx.SE;
  const Loop *L = Ctx.LI.getLoopFor(Site.Call->getParent());
  if (!L || !SE.isSCEVable(Site.Begin->getType()))
    return std::nullopt;
  auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Site.Begin));
  if (!AR || AR->getLoop() != L || !AR->isAffine())
    return std::nullopt;
  auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
  if (!Step || Step->getAPInt().getSignificantBits() > 32 || Step->isZero())
    return std::nullopt;
  bool Exact = true;
  const SCEV *Count = SE.getBackedgeTakenCount(L);
  if (isa<SCEVCouldNotCompute>(Count))
    Count = latchExitCount(*L);
  if (!Count || isa<SCEVCouldNotCompute>(Count)) {
    Exact = false;
    Count = SE.getSymbolicMaxBackedgeTakenCount(L);
  }
  if (isa<SCEVCouldNotCompute>(Count))
    return std::nullopt;
  Type *IdxTy = SE.getEffectiveSCEVType(AR->getType());
  Count = SE.getTruncateOrZeroExtend(Count, IdxTy);
  const SCEV *Start = AR->getStart();
  const SCEV *Last = SE.getAddExpr(Start, SE.getMulExpr(Step, Count));
  const SCEV *One = SE.getOne(IdxTy);
  LoopSweep Sweep;
  Sweep.L = L;
  Sweep.Stride = Step->getAPInt().getSExtValue();
  Sweep.Begin = Sweep.Stride > 0 ? Start : Last;
  Sweep.End = SE.getAddExpr(Sweep.Stride > 0 ? Last : Start, One);
  Sweep.Exact = Exact;
  return Sweep;
}

/// True when a line flush's pointer advances through its innermost loop by
/// a loop-invariant amount that is not a constant: the usual AArch64 shape,
/// a stride read from CTR_EL0 at run time, which no constant line size can
/// be compared with.
bool FlushAvailabilitySolver::hasRuntimeStride(const FlushSite &Site) {
  const Loop *L = Ctx.LI.getLoopFor(Site.Call->getParent());
  if (!L || !Ctx.SE.isSCEVable(Site.Begin->getType()))
    return false;
  auto *AR = dyn_cast<SCEVAddRecExpr>(Ctx.SE.getSCEV(Site.Begin));
  return AR && AR->getLoop() == L && AR->isAffine() &&
         !isa<SCEVConstant>(AR->getStepRecurrence(Ctx.SE));
}

/// The backedge-taken count of a rotated loop whose latch exits on
/// `X <u Bound` turning false, X an increasing recurrence of the loop: the
/// first iteration k with X_k >= Bound, k = ceil((max(Bound, X_0) - X_0) /
/// step). ScalarEvolution declines when X might wrap (an IV stepping by the
/// line size has no nuw flag); here that cannot matter: a loop of x86 line
/// flushes whose pointer wraps around the address space faults on the
/// non-canonical hole before it could exit. AArch64's `dc cvau` faults
/// likewise on the untranslated addresses past the user range, and an
/// `ic ivau` sweep across them would take 2^58 iterations first.
const SCEV *FlushAvailabilitySolver::latchExitCount(const Loop &L) {
  ScalarEvolution &SE = Ctx.SE;
  BasicBlock *Latch = L.getLoopLatch();
  auto *Br = Latch ? dyn_cast<BranchInst>(Latch->getTerminator()) : nullptr;
  if (!Br || !Br->isConditional() || L.getExitingBlock() != Latch)
    return nullptr;
  auto *Cmp = dyn_cast<ICmpInst>(Br->getCondition());
  if (!Cmp)
    return nullptr;
  // Continue while Pred(X, Bound) holds.
  bool ContinueOnTrue = L.contains(Br->getSuccessor(0));
  ICmpInst::Predicate Pred =
      ContinueOnTrue ? Cmp->getPredicate() : Cmp->getInversePredicate();
  const SCEV *X = SE.getSCEV(Cmp->getOperand(0));
  const SCEV *Bound = SE.getSCEV(Cmp->getOperand(1));
  if (!SE.isLoopInvariant(Bound, &L)) {
    std::swap(X, Bound);
    Pred = ICmpInst::getSwappedPredicate(Pred);
  }
  // The bound in canonical form: a phi of `code + pos` computed on two paths
  // (a merged guard) is that one expression, in the buffer of X's start.
  Bound = Canon.canonical(Bound, 0);
  auto *AR = dyn_cast<SCEVAddRecExpr>(X);
  if (Pred != ICmpInst::ICMP_ULT || !AR || AR->getLoop() != &L ||
      !AR->isAffine() || !SE.isLoopInvariant(Bound, &L) ||
      X->getType() != Bound->getType())
    return nullptr;
  auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
  if (!Step || !Step->getAPInt().isStrictlyPositive())
    return nullptr;
  const SCEV *X0 = AR->getStart();
  const SCEV *Distance;
  if (X0->getType()->isPointerTy()) {
    // `p < end` with p stepping through one buffer: the umax of two
    // pointers has no pointer base of its own, so SCEV cannot subtract from
    // it. Their difference, floored at zero, is the same distance (a
    // distance of 2^63 or more would cross the non-canonical hole).
    const SCEV *Diff = SE.getMinusSCEV(Bound, X0);
    if (isa<SCEVCouldNotCompute>(Diff))
      return nullptr; // Not one buffer.
    Distance = SE.getSMaxExpr(Diff, SE.getZero(Diff->getType()));
  } else {
    Distance = SE.getMinusSCEV(SE.getUMaxExpr(Bound, X0), X0);
  }
  const SCEV *StepLessOne = SE.getConstant(Step->getAPInt() - 1);
  return SE.getUDivExpr(SE.getAddExpr(Distance, StepLessOne), Step);
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
  if (!Latch || L.getExitingBlock() != Latch || !Sweep.Exact)
    return Unsummarised(UnsummarisedLoopFlush::Shape);
  if (!Ctx.DT.dominates(Site.Call->getParent(), Latch))
    return Unsummarised(UnsummarisedLoopFlush::NotEveryIteration);

  Fact F;
  F.From = Fact::LoopRange;
  F.Kind = Site.Kind;
  F.Witness = Site.Call;
  F.BeginPtr = Site.Begin;
  F.Range.Begin = Canon.canonical(Sweep.Begin, 0);
  F.Range.End = Canon.canonical(Sweep.End, 0);
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

  // The ways in: the loop's only outside predecessor, or, when that is a
  // plain preheader, its predecessors. A way in that ends in a conditional
  // branch may go around the loop instead (LoopRotate's guard): on that
  // edge the loop did not run, so "lines flushed if the loop ran" holds
  // there too, and the fact survives the join after the loop.
  const BasicBlock *Into = L.getHeader();
  BasicBlock *Entry = L.getLoopPredecessor();
  if (!Entry)
    return;
  SmallVector<BasicBlock *, 2> WaysIn{Entry};
  if (Entry->getSingleSuccessor() == Into && !Entry->hasNPredecessors(0)) {
    Into = Entry;
    WaysIn.assign(pred_begin(Entry), pred_end(Entry));
  }
  IfRan.From = Fact::LoopRangeIfRan;
  IfRan.RanAt = Latch;
  for (BasicBlock *Way : WaysIn) {
    if (L.contains(Way))
      return;
    IfRan.NotRanAt.push_back(Way);
    for (BasicBlock *Succ : successors(Way))
      if (Succ != Into)
        IfRanEdges.push_back({Way, Succ});
  }
  if (IfRanEdges.size() == Exits.size())
    return; // Nothing goes around the loop: the plain fact is enough.
  auto *Br = dyn_cast<BranchInst>(WaysIn[0]->getTerminator());
  if (WaysIn.size() == 1 && Br && Br->isConditional() &&
      Br->getSuccessor(0) != Br->getSuccessor(1)) {
    IfRan.SkipCond = Br->getCondition();
    IfRan.SkipWhen = Br->getSuccessor(0) != Into;
  }
  addEdgeFact(std::move(IfRan), IfRanEdges);
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
  for (unsigned F : PlainLoopFacts)
    (Facts[F].Kind->Domain == FlushDomain::DataCleanToPoU ? Cleans
                                                          : Invalidations)
        .push_back(F);
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
      F.Span = {};
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

void FlushAvailabilitySolver::buildCoverMatrix() {
  CoveredBy.assign(Facts.size(), FactSet(Facts.size()));
  OverlappedBy.assign(Facts.size(), FactSet(Facts.size()));
  for (unsigned S = 0; S < Facts.size(); ++S)
    for (unsigned G = 0; G < Facts.size(); ++G) {
      if (G == S) {
        CoveredBy[S].set(G);
        continue;
      }
      const Fact &FG = Facts[G], &FS = Facts[S];
      if (FG.isSequenceStep() || FS.isSequenceStep() ||
          !flushKindCovers(*FG.Kind, *FS.Kind))
        continue;
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
      if (ForICache && K->Domain == FlushDomain::DataCleanToPoU)
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
        isa<IntrinsicInst>(Call) && !Call->mayWriteToMemory())
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
    }
    /// Names the nearest covering flush that could not be used, and why.
    void noteKept(unsigned SF, const FactSet &Candidates, bool Partly = false) {
      CallBase *Kept = S.Facts[SF].Witness;
      for (unsigned G : Candidates.set_bits()) {
        const Fact &FG = S.Facts[G];
        if (G == SF || FG.From == Fact::Summary || FG.Witness == Kept)
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

  // A loop that is no range flush matters only to a later flush of its
  // kind: keep the note where one follows.
  erase_if(Result.Unsummarised, [&](const UnsummarisedLoopFlush &U) {
    const FlushKind *Kind = Result.siteOf(U.Call)->Kind;
    const Loop *L = Ctx.LI.getLoopFor(U.Call->getParent());
    return none_of(Result.Sites, [&](const FlushSite &Other) {
      return Other.Call != U.Call && Other.Kind->Domain == Kind->Domain &&
             !L->contains(Other.Call) &&
             isPotentiallyReachable(U.Call, Other.Call, nullptr, &Ctx.DT,
                                    &Ctx.LI);
    });
  });

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
  const Instruction *From = Earlier.Witness;
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

//===----------------------------------------------------------------------===//
// Step 5: narrowing plans.
//===----------------------------------------------------------------------===//

/// True when materialiseSCEV (FlushNarrow.cpp) can compute \p S right
/// before \p At: only the expression kinds it knows, every value it names
/// defined there, and no division that may trap.
bool FlushAvailabilitySolver::expandableAt(
    const SCEV *S, const Instruction &At, const Fact *IfRan,
    SmallVectorImpl<Value *> *Routed) const {
  bool OK = true;
  forEachSubExpr(S, [&](const SCEV *Sub) {
    if (auto *Div = dyn_cast<SCEVUDivExpr>(Sub))
      OK = Ctx.SE.isKnownNonZero(Div->getRHS());
    else if (auto *U = dyn_cast<SCEVUnknown>(Sub)) {
      auto *I = dyn_cast<Instruction>(U->getValue());
      if (!I || Ctx.DT.dominates(I, &At))
        return true;
      // A value of a loop behind a guard (its trip count, computed in the
      // preheader) exists only where the loop ran; so does the fact. The
      // transformation routes it to At in SSA form, as zero where the loop
      // did not run.
      OK = IfRan && IfRan->RanAt && Routed &&
           Ctx.DT.dominates(I, IfRan->RanAt->getTerminator());
      if (OK && !is_contained(*Routed, I))
        Routed->push_back(I);
    } else {
      OK = isMaterialisable(Sub);
    }
    return OK;
  });
  return OK;
}

/// The bounds of \p G in a form valid at \p At: the operands of its flush
/// call when that call dominates \p At (the same values: the fact is
/// available, so nothing recomputed them), else its canonical range when
/// that can be computed there.
std::optional<FlushAvailabilitySolver::CoverBounds>
FlushAvailabilitySolver::expressibleAt(const Fact &G,
                                       const Instruction &At) const {
  CoverBounds B;
  const Fact *IfRan = G.From == Fact::LoopRangeIfRan ? &G : nullptr;
  auto Expandable = [&](const CanonRange &R) {
    B.Routed.clear();
    return R.Begin && R.End && expandableAt(R.Begin, At, IfRan, &B.Routed) &&
           expandableAt(R.End, At, IfRan, &B.Routed);
  };
  if (G.From == Fact::Site && G.Raw.End && Ctx.DT.dominates(G.Witness, &At) &&
      Expandable(G.Raw)) {
    B.Range = G.Raw;
    B.BeginValue = G.RawBeginValue;
    B.EndValue = G.RawEndValue;
    return B;
  }
  if (Expandable(G.Range)) {
    B.Range = G.Range;
    return B;
  }
  return std::nullopt;
}

/// Bytes already flushed, for remarks: the sum over covers of
/// min(end, cover end) - max(begin, cover begin), with every min and max
/// the order proves folded; null when SCEV cannot subtract the pointers.
const SCEV *
FlushAvailabilitySolver::coveredBytes(const NarrowedFlush &N,
                                      ArrayRef<const SCEV *> Canonical,
                                      ProvenLessEqual LE) const {
  ScalarEvolution &SE = Ctx.SE;
  const SCEV *Base = SE.getPointerBase(Canonical[0]);
  // Offsets from the flush's base; null when a bound has another base.
  auto Offset = [&](BoundId B) -> const SCEV * {
    if (SE.getPointerBase(Canonical[B]) != Base)
      return nullptr;
    const SCEV *Off = SE.getMinusSCEV(Canonical[B], Base);
    return isa<SCEVCouldNotCompute>(Off) ? nullptr : Off;
  };
  auto Pick = [&](BoundId A, BoundId B, bool Max) -> const SCEV * {
    if (LE(A, B))
      return Offset(Max ? B : A);
    if (LE(B, A))
      return Offset(Max ? A : B);
    const SCEV *OA = Offset(A), *OB = Offset(B);
    if (!OA || !OB || OA->getType() != OB->getType())
      return nullptr;
    return Max ? SE.getUMaxExpr(OA, OB) : SE.getUMinExpr(OA, OB);
  };
  const SCEV *Sum = nullptr;
  for (unsigned K = 0; K < N.Witnesses.size(); ++K) {
    const SCEV *Hi = Pick(1, 3 + 2 * K, false);
    const SCEV *Lo = Pick(0, 2 + 2 * K, true);
    if (!Hi || !Lo || Hi->getType() != Lo->getType())
      return nullptr;
    const SCEV *Part = SE.getMinusSCEV(Hi, Lo);
    if (Sum && Sum->getType() != Part->getType())
      return nullptr;
    Sum = Sum ? SE.getAddExpr(Sum, Part) : Part;
  }
  return Sum;
}

/// False when \p G is a guarded loop's "flushed if it ran" and its loop
/// cannot have run before \p At. Such a fact also reaches code before the
/// loop (a way into the loop that branches elsewhere first, e.g. into an
/// earlier loop, carries it), where its run-time condition is always false:
/// a narrowing on it would only add compares, and a remark naming a flush
/// that never came first.
bool FlushAvailabilitySolver::mayHaveRun(const Fact &G,
                                         const Instruction &At) const {
  return G.From != Fact::LoopRangeIfRan ||
         isPotentiallyReachable(G.RanAt, At.getParent(), nullptr, &Ctx.DT,
                                &Ctx.LI);
}

/// A flush with facts over part of its range: plan what is left, or say why
/// it stays whole.
void FlushAvailabilitySolver::planNarrowing(unsigned SF, const FactSet &State,
                                            FlushAvailability &Result) {
  const Fact &S = Facts[SF];
  SmallVector<unsigned, 4> Candidates;
  for (unsigned G : State.set_bits())
    if (OverlappedBy[SF].test(G) && Facts[G].Witness != S.Witness &&
        mayHaveRun(Facts[G], *S.Witness))
      Candidates.push_back(G);
  if (Candidates.empty())
    return;
  auto NotNarrowed = [&](PartiallyCoveredFlush::Reason Why) {
    Result.Partial.push_back({S.Witness, Facts[Candidates[0]].Witness, Why});
  };
  if (!opts::Narrow)
    return NotNarrowed(PartiallyCoveredFlush::Disabled);
  if (S.Witness->getMetadata(NarrowedFlushMetadata))
    return NotNarrowed(PartiallyCoveredFlush::AlreadyNarrowed);
  if (S.Kind->Shape == RangeShape::OneLine)
    return planLineSkipping(SF, Candidates, Result);
  if (S.SizeMayWrap)
    return NotNarrowed(PartiallyCoveredFlush::MayWrap);
  planRangeNarrowing(SF, Candidates, Result);
}

/// A range flush: RangeAlgebra's subtraction over SCEV-ordered bounds, then
/// the knobs. Sizes known at compile time are judged here; otherwise the
/// transformation tests the covered bytes at run time.
void FlushAvailabilitySolver::planRangeNarrowing(unsigned SF,
                                                 ArrayRef<unsigned> Candidates,
                                                 FlushAvailability &Result) {
  const Fact &S = Facts[SF];
  ScalarEvolution &SE = Ctx.SE;
  Instruction &At = *S.Witness;
  auto NotNarrowed = [&](PartiallyCoveredFlush::Reason Why,
                         uint64_t Detail = 0) {
    Result.Partial.push_back(
        {S.Witness, Facts[Candidates[0]].Witness, Why, Detail});
  };
  // The covers whose bounds can be computed at the flush, each range once.
  SmallVector<unsigned, 4> Covers;
  SmallVector<CoverBounds, 4> AtFlush;
  bool SomeMayWrap = false;
  for (unsigned G : Candidates) {
    const Fact &FG = Facts[G];
    SomeMayWrap |= FG.SizeMayWrap;
    if (FG.SizeMayWrap || !FG.Range.End || FG.isLineSpan() ||
        any_of(Covers, [&](unsigned C) {
          return Facts[C].Range.Begin == FG.Range.Begin &&
                 Facts[C].Range.End == FG.Range.End;
        }))
      continue;
    if (std::optional<CoverBounds> R = expressibleAt(FG, At)) {
      Covers.push_back(G);
      AtFlush.push_back(*R);
    }
    if (Covers.size() == MaxCovers)
      break;
  }
  if (Covers.empty())
    return NotNarrowed(SomeMayWrap ? PartiallyCoveredFlush::MayWrap
                                   : PartiallyCoveredFlush::NotExpressible);

  // Subtract a subset of the covers (indices into Covers).
  struct Plan {
    SmallVector<unsigned, 4> Use;
    SmallVector<const SCEV *, 6> Canonical;
    SmallVector<SymbolicPiece, 4> Pieces;
  };
  auto Subtract = [&](ArrayRef<unsigned> Use) {
    Plan P;
    P.Use.assign(Use.begin(), Use.end());
    P.Canonical = {S.Range.Begin, S.Range.End};
    SmallVector<std::pair<BoundId, BoundId>, 4> Pairs;
    for (unsigned K : Use) {
      Pairs.push_back({P.Canonical.size(), P.Canonical.size() + 1});
      P.Canonical.push_back(Facts[Covers[K]].Range.Begin);
      P.Canonical.push_back(Facts[Covers[K]].Range.End);
    }
    P.Pieces = subtractRanges(0, 1, Pairs, [&](BoundId A, BoundId B) {
      return knownLessOrEqual(P.Canonical[A], P.Canonical[B], SE);
    });
    return P;
  };
  SmallVector<unsigned, 4> All;
  for (unsigned K = 0; K < Covers.size(); ++K)
    All.push_back(K);
  Plan Best = Subtract(All);
  // Too many pieces with every cover: one cover alone may leave fewer.
  for (unsigned K = 0; K < Covers.size() && Covers.size() > 1 &&
                       Best.Pieces.size() > opts::NarrowMaxPieces;
       ++K) {
    Plan One = Subtract({K});
    if (One.Pieces.size() < Best.Pieces.size())
      Best = std::move(One);
  }
  if (Best.Pieces.size() > opts::NarrowMaxPieces)
    return NotNarrowed(PartiallyCoveredFlush::TooManyPieces,
                       Best.Pieces.size());
  auto BestLE = [&](BoundId A, BoundId B) {
    return knownLessOrEqual(Best.Canonical[A], Best.Canonical[B], SE);
  };

  NarrowedFlush N;
  N.Later = S.Witness;
  N.Pieces.assign(Best.Pieces.begin(), Best.Pieces.end());
  N.Bounds = {S.Raw.Begin, S.Raw.End};
  N.BoundValues = {nullptr, nullptr};
  for (unsigned K : Best.Use) {
    N.Witnesses.push_back(Facts[Covers[K]].Witness);
    N.Bounds.push_back(AtFlush[K].Range.Begin);
    N.Bounds.push_back(AtFlush[K].Range.End);
    N.BoundValues.push_back(AtFlush[K].BeginValue);
    N.BoundValues.push_back(AtFlush[K].EndValue);
    N.CoverConds.emplace_back();
  }
  N.TotalBytes = SE.getMinusSCEV(S.Range.End, S.Range.Begin);
  if (isa<SCEVCouldNotCompute>(N.TotalBytes))
    N.TotalBytes = nullptr;
  N.CoveredBytes = coveredBytes(N, Best.Canonical, BestLE);

  // Lines saved, when every bound lies a constant distance from the start.
  SmallVector<int64_t, 6> Off;
  for (const SCEV *B : Best.Canonical) {
    auto *C = dyn_cast<SCEVConstant>(SE.getMinusSCEV(B, S.Range.Begin));
    if (!C || C->getAPInt().getSignificantBits() > 63)
      break;
    Off.push_back(C->getAPInt().getSExtValue());
  }
  if (Off.size() == Best.Canonical.size()) {
    SmallVector<ByteInterval, 2> Pieces;
    for (const SymbolicPiece &P : N.Pieces) {
      ByteInterval I{INT64_MIN, INT64_MAX};
      for (BoundId B : P.Lo)
        I.Begin = std::max(I.Begin, Off[B]);
      for (BoundId B : P.Hi)
        I.End = std::min(I.End, Off[B]);
      Pieces.push_back(I);
    }
    uint64_t Line = opts::LineSize;
    std::optional<uint64_t> BaseOffset;
    const SCEV *Base = SE.getPointerBase(S.Range.Begin);
    auto *BaseU = dyn_cast<SCEVUnknown>(Base);
    auto *Start = dyn_cast<SCEVConstant>(SE.getMinusSCEV(S.Range.Begin, Base));
    if (BaseU && Start &&
        BaseU->getValue()->getPointerAlignment(DL).value() >= Line)
      BaseOffset = Start->getAPInt().getZExtValue() % Line;
    uint64_t Saved = linesSavedAtWorst({0, Off[1]}, Pieces, Line, BaseOffset);
    if (Saved < opts::NarrowMinLines)
      return NotNarrowed(PartiallyCoveredFlush::TooFewLines, Saved);
    N.LinesSaved = Saved;
  } else {
    // Nothing left to flush needs no test; else run time decides.
    N.RuntimeGuard = !N.Pieces.empty();
  }
  Result.Narrowed.push_back(std::move(N));
}

/// A line flush (in a loop) partly covered by loop ranges: skip, at run
/// time, the lines whose pointer lies in one of them.
void FlushAvailabilitySolver::planLineSkipping(unsigned SF,
                                               ArrayRef<unsigned> Candidates,
                                               FlushAvailability &Result) {
  const Fact &S = Facts[SF];
  ScalarEvolution &SE = Ctx.SE;
  Instruction &At = *S.Witness;
  // Loop-invariant bounds are computed once, before the loop, when they can
  // be.
  Instruction *Hoist = nullptr;
  if (const Loop *L = Ctx.LI.getLoopFor(At.getParent()))
    if (BasicBlock *Pred = L->getLoopPredecessor())
      Hoist = Pred->getTerminator();
  NarrowedFlush N;
  N.Later = S.Witness;
  N.PerLine = true;
  const SCEV *One = SE.getOne(SE.getEffectiveSCEVType(S.Raw.Begin->getType()));
  N.Bounds = {S.Raw.Begin, SE.getAddExpr(S.Raw.Begin, One)};
  N.BoundValues = {nullptr, nullptr};
  SmallVector<const SCEV *, 6> Canonical = {S.Range.Begin,
                                            SE.getAddExpr(S.Range.Begin, One)};
  const CanonRange &Mine =
      S.Span.Begin ? S.Span : CanonRange{Canonical[0], Canonical[1]};
  for (unsigned G : Candidates) {
    const Fact &FG = Facts[G];
    if (!FG.isLineSpan() || N.Witnesses.size() == MaxCovers)
      continue;
    // When the loop ran: its guard's condition if that is known here, else
    // a flag made of the ways around the loop.
    NarrowedFlush::CoverCondition When;
    if (FG.From == Fact::LoopRangeIfRan) {
      auto *Cond = dyn_cast_or_null<Instruction>(FG.SkipCond);
      if (FG.SkipCond && (!Cond || Ctx.DT.dominates(Cond, &At))) {
        When.Cond = FG.SkipCond;
        When.SkipWhen = FG.SkipWhen;
      } else {
        When.RanAt = FG.RanAt;
        When.NotRanAt = FG.NotRanAt;
      }
    }
    std::optional<CoverBounds> R;
    if (Hoist)
      R = expressibleAt(FG, *Hoist);
    if (!R) {
      R = expressibleAt(FG, At);
      Hoist = nullptr; // Every cover's bounds are computed in one place.
    }
    if (!R)
      continue;
    N.Witnesses.push_back(FG.Witness);
    N.Bounds.push_back(R->Range.Begin);
    N.Bounds.push_back(R->Range.End);
    N.BoundValues.push_back(R->BeginValue);
    N.BoundValues.push_back(R->EndValue);
    // Values routed in SSA form need the flag's blocks even when the guard
    // condition says whether the loop ran.
    if (!R->Routed.empty()) {
      When.RanAt = FG.RanAt;
      When.NotRanAt = FG.NotRanAt;
      When.Routed = R->Routed;
    }
    N.CoverConds.push_back(std::move(When));
    Canonical.push_back(FG.Range.Begin);
    Canonical.push_back(FG.Range.End);
  }
  if (N.Witnesses.empty()) {
    Result.Partial.push_back({S.Witness, Facts[Candidates[0]].Witness,
                              PartiallyCoveredFlush::NotExpressible});
    return;
  }
  // Remarks: the loop's bytes, and those of them the covers hold.
  Canonical[0] = Mine.Begin;
  Canonical[1] = Mine.End;
  N.TotalBytes = SE.getMinusSCEV(Mine.End, Mine.Begin);
  if (isa<SCEVCouldNotCompute>(N.TotalBytes))
    N.TotalBytes = nullptr;
  N.CoveredBytes = coveredBytes(N, Canonical, [&](BoundId A, BoundId B) {
    return knownLessOrEqual(Canonical[A], Canonical[B], SE);
  });
  N.CoverInsertPt = Hoist ? Hoist : &At;
  Result.Narrowed.push_back(std::move(N));
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
      if (std::optional<LoopSweep> Sweep = sweepOf(Site))
        addLoopFacts(Site, *Sweep, Result);
      else if (hasRuntimeStride(Site))
        Result.Unsummarised.push_back(
            {Site.Call, UnsummarisedLoopFlush::StrideNotConstant});
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

bool hasFlushCall(Function &F) {
  for (Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallBase>(&I))
      if (decodeFlushSite(*Call))
        return true;
  return false;
}

/// Visits defined functions callees-first so each caller sees its callees'
/// summaries; recursion (a callee already on the stack) gets no summary.
class ModuleFlushAnalysis {
public:
  ModuleFlushAnalysis(FunctionAnalysisManager &FAM,
                      FlushAvailabilityAnalysis::Result &Results)
      : FAM(FAM), Results(Results) {}

  void visit(Function &F, unsigned Depth) {
    if (F.isDeclaration() || Results.count(&F) || !OnStack.insert(&F).second)
      return;
    if (UseSummaries && Depth < MaxCallDepth)
      for (Instruction &I : instructions(F))
        if (auto *Call = dyn_cast<CallBase>(&I))
          if (Function *Callee = Call->getCalledFunction())
            visit(*Callee, Depth + 1);
    OnStack.erase(&F);
    if (Results.count(&F))
      return;
    Results[&F] = analyse(F);
    if (!Results[&F].Summary.FlushedOnReturn.empty())
      Summaries[&F] = Results[&F].Summary;
  }

private:
  static constexpr unsigned MaxCallDepth = 64;

  FlushAvailability analyse(Function &F) {
    // Decisions and summaries are only ever about a function's own flush
    // calls: without one, skip building MemorySSA, SCEV and the dominator
    // tree (most functions of a module).
    if (F.hasOptNone() || !hasFlushCall(F))
      return {};
    AnalysisContext Ctx{F,
                        FAM.getResult<AAManager>(F),
                        FAM.getResult<MemorySSAAnalysis>(F).getMSSA(),
                        FAM.getResult<ScalarEvolutionAnalysis>(F),
                        FAM.getResult<DominatorTreeAnalysis>(F),
                        FAM.getResult<LoopAnalysis>(F),
                        Summaries,
                        FAM};
    return FlushAvailabilitySolver(Ctx).solve();
  }

  FunctionAnalysisManager &FAM;
  FlushAvailabilityAnalysis::Result &Results;
  FlushSummaryMap Summaries;
  SmallPtrSet<const Function *, 8> OnStack;
};

} // namespace

FlushAvailabilityAnalysis::Result
FlushAvailabilityAnalysis::run(Module &M, ModuleAnalysisManager &MAM) {
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  Result Results;
  ModuleFlushAnalysis Walk(FAM, Results);
  for (Function &F : M)
    Walk.visit(F, 0);
  return Results;
}

//===----------------------------------------------------------------------===//
// print<flushelim>
//===----------------------------------------------------------------------===//

const FlushSite *FlushAvailability::siteOf(const CallBase *Call) const {
  auto It = find_if(Sites, [&](const FlushSite &S) { return S.Call == Call; });
  return It == Sites.end() ? nullptr : &*It;
}

RedundantFlush *FlushAvailability::redundancyOf(const CallBase *Call) {
  auto It = find_if(Redundant,
                    [&](const RedundantFlush &R) { return R.Elided == Call; });
  return It == Redundant.end() ? nullptr : &*It;
}

const NarrowedFlush *
FlushAvailability::narrowingOf(const CallBase *Call) const {
  auto It = find_if(Narrowed,
                    [&](const NarrowedFlush &N) { return N.Later == Call; });
  return It == Narrowed.end() ? nullptr : &*It;
}

static void printSiteRef(raw_ostream &OS, const FlushAvailability &A,
                         const CallBase *Call) {
  if (const FlushSite *Site = A.siteOf(Call)) {
    OS << "#" << (Site - A.Sites.begin());
    return;
  }
  OS << "@" << Call->getFunction()->getName() << ":" << *Call;
}

void FlushAvailability::print(raw_ostream &OS, const Function &F) const {
  OS << "flushelim: function '" << F.getName() << "'"
     << (GaveUp ? " (gave up: over the work bound)" : "") << "\n";
  for (unsigned I = 0; I < Sites.size(); ++I)
    OS << "  site #" << I << ": " << Sites[I].Kind->Display << " "
       << *Sites[I].Call << "\n";
  for (const RedundantFlush &R : Redundant) {
    OS << "  redundant: ";
    printSiteRef(OS, *this, R.Elided);
    OS << " covered by ";
    printSiteRef(OS, *this, R.Witness);
    OS << "\n";
  }
  for (const KeptFlush &K : Kept) {
    OS << "  kept: ";
    printSiteRef(OS, *this, K.Kept);
    OS << (K.Partly ? " despite part by " : " despite ");
    printSiteRef(OS, *this, K.Earlier);
    OS << ": " << describeKeptReason(K.Why) << "\n";
  }
  for (const PartiallyCoveredFlush &P : Partial) {
    OS << "  partial: ";
    printSiteRef(OS, *this, P.Later);
    OS << " after ";
    printSiteRef(OS, *this, P.Earlier);
    OS << ": not narrowed: " << describeNotNarrowed(P) << "\n";
  }
  for (const auto &[Call, Begin, End] : LoopRanges) {
    OS << "  loop range: ";
    printSiteRef(OS, *this, Call);
    OS << " flushes every line of [" << *Begin << ", " << *End << ")\n";
  }
  for (const UnsummarisedLoopFlush &U : Unsummarised) {
    OS << "  loop not a range: ";
    printSiteRef(OS, *this, U.Call);
    OS << ": " << describeUnsummarised(U, opts::LineSize) << "\n";
  }
  for (const NarrowedFlush &N : Narrowed) {
    OS << "  narrowed: ";
    printSiteRef(OS, *this, N.Later);
    OS << " by";
    for (const CallBase *W : N.Witnesses) {
      OS << " ";
      printSiteRef(OS, *this, W);
    }
    if (N.PerLine) {
      OS << ": skips the lines it covers\n";
      continue;
    }
    OS << ": " << N.Pieces.size() << " pieces";
    if (N.RuntimeGuard)
      OS << ", run-time guard";
    if (N.LinesSaved)
      OS << ", saves " << *N.LinesSaved << " lines";
    OS << "\n";
  }
  for (const FlushSite &S : Summary.FlushedOnReturn) {
    OS << "  summary: flushed on every return: ";
    printSiteRef(OS, *this, S.Call);
    OS << "\n";
  }
}

PreservedAnalyses
FlushAvailabilityPrinterPass::run(Module &M, ModuleAnalysisManager &MAM) {
  auto &Results = MAM.getResult<FlushAvailabilityAnalysis>(M);
  for (Function &F : M) {
    auto It = Results.find(&F);
    if (It != Results.end() && !It->second.Sites.empty())
      It->second.print(OS, F);
  }
  return PreservedAnalyses::all();
}
