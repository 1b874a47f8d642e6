//===- FlushRanges.cpp - Canonical flush ranges and their algebra ---------===//
//
// Step 2 of the availability analysis (FlushAvailability.cpp) and the range
// questions steps 3-5 ask: a flushed range in canonical SCEV form (a load is
// replaced by a representative with the same address and memory state, so
// `j->code` reloaded after a flush names the same range), whether one range
// covers or may overlap another (bytes for range flushes, lines for line
// flushes), and a callee's range restated in its caller's terms.
//
//===----------------------------------------------------------------------===//

#include "FlushFacts.h"

#include "hotlayout/FlushElimOptions.h"
#include "hotlayout/Support/RangeAlgebra.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemorySSA.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsX86.h"

using namespace llvm;
using namespace hotlayout;
using namespace hotlayout::availability;

#define DEBUG_TYPE "flushelim"

namespace hotlayout {
namespace availability {

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
// Step 2: canonical ranges.
//===----------------------------------------------------------------------===//

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

/// True when \p Diff, an integer wide enough that nothing in it wraps, is
/// non-negative on every entry to \p L, and so in all of L: the guards speak
/// of values L does not change (Diff must be available at L's entry). They
/// are on the narrow values the wide one extends (`n > 256`), so
/// `C + sext(n) >= 0` is asked as `n >= -C` in n's own width, where
/// ScalarEvolution finds them.
static bool nonNegativeOnEntry(const SCEV *Diff, const llvm::Loop *L,
                               ScalarEvolution &SE) {
  using llvm::ICmpInst;
  const SCEV *Zero = SE.getZero(Diff->getType());
  if (SE.isKnownNonNegative(Diff))
    return true;
  if (!SE.isAvailableAtLoopEntry(Diff, L))
    return false;
  if (SE.isLoopEntryGuardedByCond(L, ICmpInst::ICMP_SGE, Diff, Zero) ||
      SE.isKnownNonNegative(SE.applyLoopGuards(Diff, L)))
    return true;
  auto *Add = dyn_cast<llvm::SCEVAddExpr>(Diff);
  if (!Add || Add->getNumOperands() != 2)
    return false;
  auto *C = dyn_cast<llvm::SCEVConstant>(Add->getOperand(0));
  auto *Ext = dyn_cast<llvm::SCEVCastExpr>(Add->getOperand(1));
  bool Signed = Ext && isa<llvm::SCEVSignExtendExpr>(Ext);
  if (!C || !Ext || (!Signed && !isa<llvm::SCEVZeroExtendExpr>(Ext)))
    return false;
  // |C| and |ext(V)| are far below the wide type's range: C + ext(V) is the
  // integer, and it is >= 0 exactly when ext(V) >= Need.
  const llvm::APInt &CV = C->getAPInt();
  const SCEV *V = Ext->getOperand();
  unsigned Bits = SE.getTypeSizeInBits(V->getType());
  if (CV.getSignificantBits() > Bits + 2 || CV.getBitWidth() < Bits + 3)
    return false;
  llvm::APInt Need = -CV;
  if (Signed ? Need.sle(llvm::APInt::getSignedMinValue(Bits).sext(
                   Need.getBitWidth()))
             : Need.isNonPositive())
    return true; // Every value of ext(V) is >= Need.
  if (Signed ? !Need.isSignedIntN(Bits) : !Need.isIntN(Bits))
    return false; // No value of ext(V) is.
  ICmpInst::Predicate Pred = Signed ? ICmpInst::ICMP_SGE : ICmpInst::ICMP_UGE;
  const SCEV *NeedV = SE.getConstant(Need.trunc(Bits));
  return SE.isKnownPredicate(Pred, V, NeedV) ||
         SE.isLoopEntryGuardedByCond(L, Pred, V, NeedV);
}

/// True when every pointer the flush of site \p S in a loop is given lies in
/// the bytes of loop range \p G, read off both exit tests as offsets from
/// one base (LoopSweep's step 6): S gives its first pointer and pointers
/// below its TestEnd, and G's End is at least its ExitEnd. Where S's span
/// and G's End divide different bounds by the stride, these are sums that
/// ScalarEvolution compares, under the guards on the way into S's loop
/// (`for (i = 128; i < n - 128; ...)` runs only where n > 256, so its first
/// pointer, p + 128, is below `for (i = 0; i < n; ...)`'s p + n - 63). The
/// guards hold wherever S's pointer has a value: its loop was entered.
static bool insideByExitTests(const Fact &G, const Fact &S,
                              ScalarEvolution &SE) {
  const Fact::TestOffsets &In = S.Offsets, &Out = G.Offsets;
  if (!In.L || !In.First || !In.TestEnd || !Out.ExitEnd || !Out.First ||
      In.Base != Out.Base || In.First->getType() != Out.ExitEnd->getType())
    return false;
  auto AtMost = [&](const SCEV *A, const SCEV *B) {
    const SCEV *Diff = SE.getMinusSCEV(B, A);
    return !isa<SCEVCouldNotCompute>(Diff) &&
           nonNegativeOnEntry(Diff, In.L, SE);
  };
  const SCEV *AfterFirst =
      SE.getAddExpr(In.First, SE.getOne(In.First->getType()));
  return AtMost(Out.First, In.First) && AtMost(AfterFirst, Out.ExitEnd) &&
         AtMost(In.TestEnd, Out.ExitEnd);
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
      return rangeInside(S.Span, G.Range, SE) ||
             (S.From == Fact::Site && insideByExitTests(G, S, SE));
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
  if (G.isSequenceStep() || S.isSequenceStep())
    return false;
  // The byte a one-line flush names, as a range.
  auto Byte = [&](const Fact &F) {
    return CanonRange{
        F.Range.Begin,
        SE.getAddExpr(F.Range.Begin, SE.getOne(SE.getEffectiveSCEVType(
                                         F.Range.Begin->getType())))};
  };
  // A loop's pointers: all of them, or (without an upper bound) the ones it
  // certainly gives, which meeting the range is enough to try per line.
  bool InLoop = S.Span.Begin || S.Swept.Begin;
  CanonRange Mine = S.Span.Begin ? S.Span : InLoop ? S.Swept : Byte(S);
  if (G.isLineSpan())
    return rangesMayMeet(G.Range, Mine, SE);
  // One line flushed before a loop over lines that may hold it: no
  // narrowing (a loop skips only an earlier loop's lines), but a remark.
  return InLoop && G.From == Fact::Site && !G.Span.Begin && !G.Swept.Begin &&
         rangesMayMeet(Byte(G), Mine, SE);
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

} // namespace availability
} // namespace hotlayout
