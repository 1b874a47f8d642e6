//===- FlushAvailability.cpp - Which flushes are already done -------------===//
//
// The analysis half of flushelim: for each cache-flush call, is an earlier
// flush of the same or a containing range available on every path to it?
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
//     call), and the matrix of which fact covers which: compatible kinds
//     (FlushKinds.h) and SCEV-proved containment.
//  4. Forward must-availability to a fixpoint over reachable blocks in RPO.
//     Transfer: an instruction kills a fact when it may write the range (or,
//     for cache-line flushes, read it), or is a fence, atomic, volatile access
//     or inline asm; entering a block that (re)defines one of a fact's range
//     operands kills it too (the same SSA name then holds a new value). Meet:
//     a fact survives a join when every incoming path has a fact covering it.
//  5. One more walk records the decisions: redundant flushes with a kept
//     witness, kept near-duplicates with the blocker, flushes preceded by a
//     flush of part of their range, and the summary of facts that hold on
//     every return and mention only arguments, globals and constants.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/FlushAvailability.h"
#include "hotlayout/FlushElimOptions.h"
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

std::optional<FlushSite> decodeFlushSite(CallBase &Call) {
  // Only plain calls whose result nobody reads can be erased or replaced:
  // an invoke is a terminator, and a used result (an odd user prototype)
  // would dangle.
  Function *Callee = Call.getCalledFunction();
  if (!Callee || !Callee->isDeclaration() || !isa<CallInst>(Call) ||
      !Call.use_empty())
    return std::nullopt;
  const FlushKind *Kind = lookupFlushKind(Callee->getName());
  if (!Kind)
    return std::nullopt;
  // A library name with another prototype is not the primitive (as in
  // LLVM's own library-function table): demand the exact parameter list.
  unsigned Needed = Kind->Shape == RangeShape::OneLine ? 1 : 2;
  FunctionType *FTy = Callee->getFunctionType();
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
  }
  llvm_unreachable("unknown reason");
}

} // namespace hotlayout

using namespace hotlayout;

namespace {

/// A call that writes no memory the program can see: a flush primitive or a
/// known flush-neutral external (mprotect, the JIT write-protect toggle).
bool isFlushNeutralCall(const CallBase &Call) {
  const Function *Callee = Call.getCalledFunction();
  return Callee && Callee->isDeclaration() &&
         isFlushNeutralCallee(Callee->getName());
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

/// A flushed range in canonical SCEV form. End is null for one-line flushes.
struct CanonRange {
  const SCEV *Begin = nullptr;
  const SCEV *End = nullptr;
};

/// "Bytes of range R are flushed and untouched since", valid where generated.
struct Fact {
  const FlushKind *Kind = nullptr;
  CallBase *Witness = nullptr; ///< The flush (possibly in a callee).
  int SiteIndex = -1;          ///< Index into Sites when local, else -1.
  CanonRange Range;
  Value *BeginPtr = nullptr; ///< The pointer the flush was given.
  MemoryLocation Loc;
  /// The range's size may be "negative" as a signed number (an unsigned
  /// length >= 2^63): then End wrapped and only an identical range covers it.
  bool SizeMayWrap = false;
  /// Entering any of these blocks recomputes an operand of the range.
  SmallVector<const BasicBlock *, 2> DefBlocks;
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

const SCEV *RangeCanonicalizer::canonical(const SCEV *S, unsigned Depth) {
  SmallVector<LoadInst *, 4> Loads;
  forEachSubExpr(S, [&](const SCEV *Sub) {
    if (auto *U = dyn_cast<SCEVUnknown>(Sub))
      if (auto *L = dyn_cast<LoadInst>(U->getValue()))
        Loads.push_back(L);
    return true;
  });
  if (Loads.empty())
    return S;
  ValueToSCEVMapTy Map;
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

bool factCovers(const Fact &G, const Fact &S, ScalarEvolution &SE,
                const DataLayout &DL) {
  if (!flushKindCovers(*G.Kind, *S.Kind))
    return false;
  if (S.Kind->Shape == RangeShape::OneLine ||
      G.Kind->Shape == RangeShape::OneLine)
    return G.Kind->Shape == S.Kind->Shape &&
           sameCacheLine(G.Range.Begin, S.Range.Begin, SE, DL);
  if (S.SizeMayWrap || G.SizeMayWrap)
    return G.Range.Begin == S.Range.Begin && G.Range.End == S.Range.End &&
           S.SizeMayWrap == G.SizeMayWrap;
  return knownLessOrEqual(G.Range.Begin, S.Range.Begin, SE) &&
         knownLessOrEqual(S.Range.End, G.Range.End, SE);
}

/// True when B - A is provably positive.
bool knownLess(const SCEV *A, const SCEV *B, ScalarEvolution &SE) {
  if (SE.getEffectiveSCEVType(A->getType()) !=
      SE.getEffectiveSCEVType(B->getType()))
    return false;
  const SCEV *Diff = SE.getMinusSCEV(B, A);
  return !isa<SCEVCouldNotCompute>(Diff) && SE.isKnownPositive(Diff);
}

/// An earlier flush \p G that shares bytes with \p S without covering it:
/// the same start (RandomX flushes [code, code + pos), then
/// [code, code + size)), or a start provably inside the other range.
bool factOverlaps(const Fact &G, const Fact &S, ScalarEvolution &SE) {
  if (!flushKindCovers(*G.Kind, *S.Kind) || !G.Range.End || !S.Range.End)
    return false;
  if (G.Range.Begin == S.Range.Begin)
    return true;
  auto StartsInside = [&](const Fact &A, const Fact &B) {
    return knownLessOrEqual(B.Range.Begin, A.Range.Begin, SE) &&
           knownLess(A.Range.Begin, B.Range.End, SE);
  };
  return StartsInside(S, G) || StartsInside(G, S);
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

//===----------------------------------------------------------------------===//
// Steps 3-5: facts, dataflow, decisions.
//===----------------------------------------------------------------------===//

struct AnalysisContext {
  Function &F;
  AAResults &AA;
  MemorySSA &MSSA;
  ScalarEvolution &SE;
  DominatorTree &DT;
  const FlushSummaryMap &Summaries;
  FunctionAnalysisManager &FAM;
};

class FlushAvailabilitySolver {
public:
  FlushAvailabilitySolver(AnalysisContext &Ctx)
      : Ctx(Ctx), DL(Ctx.F.getParent()->getDataLayout()), BAA(Ctx.AA),
        Canon(Ctx.SE, Ctx.MSSA, BAA) {}

  FlushAvailability solve();

private:
  using FactSet = BitVector;

  void collectSites(FlushAvailability &Result);
  void addSiteFact(const FlushSite &Site, int Index);
  void addSummaryFacts(CallBase &Call);
  bool addFact(Fact F, Instruction *GenPoint);
  void buildCoverMatrix();

  FactSet meetPredecessors(const BasicBlock *BB);
  /// The kill reason of \p I for fact \p FI, or none when it survives.
  std::optional<KeptFlush::Reason> killReason(Instruction &I, unsigned FI);
  std::optional<KeptFlush::Reason> rangeKillReason(Instruction &I,
                                                   const Fact &F);
  std::optional<KeptFlush::Reason> lineKillReason(Instruction &I,
                                                  const Fact &F);

  struct Observer;
  void transferBlock(const BasicBlock *BB, FactSet &State, Observer *Obs);
  bool runToFixpoint(ArrayRef<const BasicBlock *> RPO);
  void recordDecisions(ArrayRef<const BasicBlock *> RPO,
                       FlushAvailability &Result);
  int pickWitness(const FactSet &State, unsigned SiteFact,
                  const FlushAvailability &Result) const;

  AnalysisContext &Ctx;
  const DataLayout &DL;
  BatchAAResults BAA;
  RangeCanonicalizer Canon;

  std::vector<Fact> Facts;
  DenseMap<const Instruction *, SmallVector<unsigned, 1>> GenAt;
  DenseMap<const BasicBlock *, SmallVector<unsigned, 2>> RedefinedAt;
  DenseMap<const Instruction *, unsigned> SiteFactOf;
  std::vector<FactSet> CoveredBy;    ///< CoveredBy[f]: facts that cover f.
  std::vector<FactSet> OverlappedBy; ///< Share bytes with f, not covering.
  DenseMap<const BasicBlock *, FactSet> Out; ///< Absent: not yet reached.
  DenseMap<std::pair<const Instruction *, unsigned>, int8_t> KillCache;
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
  F.Loc = rangeLocation(*Site.Kind, Site.Begin, Ctx.SE.getSCEV(Site.Begin),
                        RawEnd, Ctx.SE);
  F.SizeMayWrap = Site.Kind->Shape == RangeShape::BeginLength &&
                  !Ctx.SE.isKnownNonNegative(Ctx.SE.getSCEV(Site.EndOrLen));
  unsigned FactIndex = Facts.size();
  if (addFact(std::move(F), Site.Call))
    SiteFactOf[Site.Call] = FactIndex;
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
    F.Kind = Site.Kind;
    F.Witness = Site.Call;
    F.BeginPtr = Base->getValue();
    F.Range.Begin = Canon.canonical(Begin, 0);
    F.Range.End = End ? Canon.canonical(End, 0) : nullptr;
    // The callee's exact offsets are not re-derived here: asking about the
    // whole underlying object is conservative for kills.
    F.Loc = MemoryLocation::getBeforeOrAfter(Base->getValue());
    if (addFact(std::move(F), &Call))
      ++NumSummaryFacts;
  }
}

void FlushAvailabilitySolver::buildCoverMatrix() {
  CoveredBy.assign(Facts.size(), FactSet(Facts.size()));
  OverlappedBy.assign(Facts.size(), FactSet(Facts.size()));
  for (unsigned S = 0; S < Facts.size(); ++S)
    for (unsigned G = 0; G < Facts.size(); ++G)
      if (G == S || factCovers(Facts[G], Facts[S], Ctx.SE, DL))
        CoveredBy[S].set(G);
      else if (factOverlaps(Facts[G], Facts[S], Ctx.SE))
        OverlappedBy[S].set(G);
}

FlushAvailabilitySolver::FactSet
FlushAvailabilitySolver::meetPredecessors(const BasicBlock *BB) {
  FactSet Result(Facts.size());
  if (BB->isEntryBlock())
    return Result;
  SmallVector<const FactSet *, 4> In;
  for (const BasicBlock *Pred : predecessors(BB)) {
    auto It = Out.find(Pred);
    if (It != Out.end())
      In.push_back(&It->second);
  }
  if (In.empty())
    return Result;
  FactSet Union(Facts.size());
  for (const FactSet *S : In)
    Union |= *S;
  // A fact survives when every path brings some fact that covers it: then
  // its bytes are flushed and clean whichever way control came.
  for (unsigned F : Union.set_bits())
    if (all_of(In,
               [&](const FactSet *S) { return S->anyCommon(CoveredBy[F]); }))
      Result.set(F);
  return Result;
}

std::optional<KeptFlush::Reason>
FlushAvailabilitySolver::killReason(Instruction &I, unsigned FI) {
  if (auto *Call = dyn_cast<CallBase>(&I)) {
    if (Call->isInlineAsm())
      return KeptFlush::Synchronises;
    if (isFlushNeutralCall(*Call))
      return std::nullopt;
  }
  // Another thread's writes become visible at synchronisation points, so no
  // flush survives one; volatile accesses may be device memory or MMIO.
  if (I.isAtomic() || I.isVolatile())
    return KeptFlush::Synchronises;
  if (!I.mayReadOrWriteMemory())
    return std::nullopt;
  auto Key = std::make_pair(&I, FI);
  auto Cached = KillCache.find(Key);
  if (Cached != KillCache.end())
    return Cached->second < 0 ? std::nullopt
                              : std::optional<KeptFlush::Reason>(
                                    KeptFlush::Reason(Cached->second));
  if (++Queries > MaxQueries)
    OverBudget = true;
  const Fact &F = Facts[FI];
  std::optional<KeptFlush::Reason> Reason =
      F.Kind->Domain == FlushDomain::DataCacheLine ? lineKillReason(I, F)
                                                   : rangeKillReason(I, F);
  KillCache[Key] = Reason ? int8_t(*Reason) : int8_t(-1);
  return Reason;
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
  if (Acc && provablyOtherLine(F.BeginPtr, *Acc, Ctx.SE, DL))
    return std::nullopt;
  return I.mayWriteToMemory() ? KeptFlush::Written : KeptFlush::Read;
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
  }
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
    if (G == SiteFact || !CoveredBy[SiteFact].test(G))
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
      noteKept(SF);
      for (unsigned G : State.set_bits())
        if (S.OverlappedBy[SF].test(G)) {
          Result.Partial.push_back({Site.Witness, S.Facts[G].Witness});
          break;
        }
    }
    /// Names the nearest covering flush that could not be used, and why.
    void noteKept(unsigned SF) {
      CallBase *Kept = S.Facts[SF].Witness;
      for (unsigned G : S.CoveredBy[SF].set_bits()) {
        if (G == SF || S.Facts[G].SiteIndex < 0)
          continue;
        CallBase *Earlier = S.Facts[G].Witness;
        if (!isPotentiallyReachable(Earlier, Kept, nullptr, &S.Ctx.DT))
          continue;
        // Prefer what killed the earlier flush itself; else what killed any
        // covering flush (the site's own, on a loop's back edge) is why a
        // path arrives without one.
        auto Kill = LastKill.find(G);
        for (unsigned Other : S.CoveredBy[SF].set_bits())
          if (Kill == LastKill.end())
            Kill = LastKill.find(Other);
        if (Kill != LastKill.end())
          Result.Kept.push_back(
              {Kept, Earlier, Kill->second.first, Kill->second.second});
        else
          Result.Kept.push_back(
              {Kept, Earlier, KeptFlush::NotAllPaths, nullptr});
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

  // Resolve chains so every witness is a flush that stays: if A covers B and
  // B covers C, C's bytes have been clean since A.
  for (RedundantFlush &R : Result.Redundant)
    for (unsigned Hops = 0; Hops < Result.Redundant.size(); ++Hops) {
      const RedundantFlush *Next = Result.redundancyOf(R.Witness);
      if (!Next)
        break;
      R.Witness = Next->Witness;
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
  for (Instruction &I : instructions(Ctx.F))
    if (auto *Call = dyn_cast<CallBase>(&I))
      addSummaryFacts(*Call);
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
    OS << " despite ";
    printSiteRef(OS, *this, K.Earlier);
    OS << ": " << describeKeptReason(K.Why) << "\n";
  }
  for (const PartiallyCoveredFlush &P : Partial) {
    OS << "  partial: ";
    printSiteRef(OS, *this, P.Later);
    OS << " after ";
    printSiteRef(OS, *this, P.Earlier);
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
