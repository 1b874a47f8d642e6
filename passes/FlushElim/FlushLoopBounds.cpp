//===- FlushLoopBounds.cpp - Which lines a line-flush loop sweeps ---------===//
//
// The pointer of a line flush in its innermost loop and the iterations the
// loop runs (FlushLoopBounds.h says why there are two answers, Lower and
// Upper). Steps:
//  1. The pointer's recurrence: SCEV's affine add-recurrence of the loop
//     with a constant step; else, for `p + zext(i)` / `p + sext(i)` with i a
//     narrow index that SCEV cannot prove free of wrapping, the recurrence
//     the exit test allows (step 4).
//  2. The backedge-taken count: ScalarEvolution's exact one when it has it
//     (Lower = Upper = it).
//  3. Else the latch's test. The loop leaves only at its latch, on
//     `!(X pred Bound)` with X an affine recurrence of the loop with a
//     constant step s and Bound loop-invariant. K is the first iteration at
//     which the test fails in a world where X never wraps, computed in an
//     integer twice X's width so that nothing overflows (or, for `p < end`
//     with both pointers in one buffer, from their distance).
//     Lower bound, whatever X does: for j < K the no-wrap X_j passes the
//     test; X_j can only differ from it by wrapping, and it wraps only when
//     X_{j-1} + s leaves X's range, which (X_{j-1} passing the test, so
//     lying on the Bound side of it) puts the no-wrap X_j past Bound, i.e.
//     j >= K. So iterations 0..K all run before the loop can leave, and the
//     flush, which runs on every iteration, was given the pointers of
//     iterations 0..K. (If X wraps at K, the loop just runs longer.)
//     Upper bound, only when X cannot wrap: its recurrence has SCEV's
//     no-wrap flag of the test's signedness; or X is an add/sub or an
//     inbounds GEP with that flag, stepping the loop's own phi, or a trunc
//     with a matching flag of such a value (its wrap is poison, and poison
//     reaching the exit branch is undefined behaviour: no defined run
//     wraps); or `trunc nuw` of a non-wrapping, increasing Y under a signed
//     test (once X turns negative it stays below a positive Bound until Y
//     leaves X's width, which is poison: clang's `int i` widened to i64 by
//     IndVarSimplify); or X is a pointer in the flush pointer's buffer (a
//     pointer that wraps past 2^64 has swept the non-canonical hole and
//     faulted first: the reason latchExitCount gave since 2026-11-24).
//  4. A widened pointer (step 1) is valid for the iterations the exit test
//     counts: its narrow index is X's previous value, which passed the test
//     and did not wrap (step 3), so it extends to the same integer in the
//     extension's signedness when the test's signedness is the same, or
//     when all its values lie in [0, 2^(w-1)) by the start's or Bound's
//     sign.
//  5. [Begin, End) and [SpanBegin, SpanEnd): the first to the last pointer
//     (+ 1) of iterations 0..Lower and 0..Upper; SCEV's symbolic maximum
//     count is an Upper of its own.
//  6. The same bounds read off the exit test as sums, for a loop going up
//     whose integer X steps as the pointer does (P_j = P_0 + s*j and
//     X_j = X_0 + s*j, the test `X < Bound`): as byte offsets from the
//     pointer's base, integers twice as wide as the index so that nothing
//     wraps (X and Bound extended in the test's signedness). Lower: the
//     no-wrap X_K at which the test first fails is >= Bound, so the pointer
//     of iteration K, which ran (step 3), is >= P_0 + (Bound - X_0): End >=
//     that + 1. Upper, when X cannot wrap (step 3): the pointer of an
//     iteration j >= 1 ran because X_{j-1} < Bound, so it is
//     < P_0 + s + (Bound - X_0). (`<=`: Bound + 1 for Bound.) Steps 2-3
//     divide by the stride, and ScalarEvolution cannot compare quotients
//     of different bounds; these sums it can, under a loop's guards.
//
//===----------------------------------------------------------------------===//

#include "FlushLoopBounds.h"

#include "hotlayout/Support/FlushKinds.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

using namespace llvm;
using namespace hotlayout;

namespace {

/// The latch's exit test, oriented: the loop goes on while `X Pred Bound`.
struct ExitTest {
  Value *X = nullptr;
  const SCEVAddRecExpr *XRec = nullptr;
  ICmpInst::Predicate Pred = ICmpInst::BAD_ICMP_PREDICATE;
  const SCEV *Bound = nullptr;
  Value *BoundValue = nullptr; ///< The compare's operand Bound is read off.
  APInt Step;                  ///< X's step, as a signed number of X's width.

  bool increasing() const { return Step.isStrictlyPositive(); }
  bool isSigned() const { return ICmpInst::isSigned(Pred); }
  bool inclusive() const { return ICmpInst::isNonStrictPredicate(Pred); }
};

/// The test at \p L's latch when the latch is the loop's only way out.
std::optional<ExitTest> latchExitTest(const Loop &L, ScalarEvolution &SE,
                                      BoundCanonicaliser Canon) {
  BasicBlock *Latch = L.getLoopLatch();
  auto *Br = Latch ? dyn_cast<BranchInst>(Latch->getTerminator()) : nullptr;
  if (!Br || !Br->isConditional() || L.getExitingBlock() != Latch)
    return std::nullopt;
  auto *Cmp = dyn_cast<ICmpInst>(Br->getCondition());
  if (!Cmp || !SE.isSCEVable(Cmp->getOperand(0)->getType()))
    return std::nullopt;
  ExitTest T;
  bool ContinueOnTrue = L.contains(Br->getSuccessor(0));
  T.Pred = ContinueOnTrue ? Cmp->getPredicate() : Cmp->getInversePredicate();
  T.X = Cmp->getOperand(0);
  Value *B = Cmp->getOperand(1);
  if (!SE.isLoopInvariant(SE.getSCEV(B), &L)) {
    std::swap(T.X, B);
    T.Pred = ICmpInst::getSwappedPredicate(T.Pred);
  }
  T.Bound = SE.getSCEV(B);
  T.BoundValue = B;
  // A phi of `code + pos` computed on two paths (a merged guard) is that one
  // expression.
  if (Canon)
    T.Bound = Canon(T.Bound);
  T.XRec = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(T.X));
  if (!T.XRec || T.XRec->getLoop() != &L || !T.XRec->isAffine() ||
      !SE.isLoopInvariant(T.Bound, &L) ||
      SE.getEffectiveSCEVType(T.Bound->getType()) !=
          SE.getEffectiveSCEVType(T.XRec->getType()))
    return std::nullopt;
  auto *Step = dyn_cast<SCEVConstant>(T.XRec->getStepRecurrence(SE));
  if (!Step || Step->isZero())
    return std::nullopt;
  T.Step = Step->getAPInt();
  // The loop goes on while X has not yet reached Bound, in X's direction.
  static constexpr ICmpInst::Predicate Up[] = {
      ICmpInst::ICMP_ULT, ICmpInst::ICMP_SLT, ICmpInst::ICMP_ULE,
      ICmpInst::ICMP_SLE};
  static constexpr ICmpInst::Predicate Down[] = {
      ICmpInst::ICMP_UGT, ICmpInst::ICMP_SGT, ICmpInst::ICMP_UGE,
      ICmpInst::ICMP_SGE};
  if (!is_contained(T.increasing() ? ArrayRef(Up) : ArrayRef(Down), T.Pred))
    return std::nullopt;
  return T;
}

/// \p S as an integer: a pointer becomes its address.
const SCEV *asInteger(const SCEV *S, ScalarEvolution &SE) {
  if (!S->getType()->isPointerTy())
    return S;
  return SE.getPtrToIntExpr(S, SE.getEffectiveSCEVType(S->getType()));
}

/// Step 3: the backedge-taken count of the world in which X never wraps, as
/// an integer of \p CountTy, or null. Going up by s, the first iteration k
/// at which `X_k < Bound` fails is (max(Bound, X_0) - (X_0 - s + 1)) / s
/// (`<=`: (max(Bound, X_0 - s) - (X_0 - s)) / s), max and / of the test's
/// signedness and unsigned; going down, the mirror image. In X's own width
/// when X_0 - s (+ 1) cannot overflow (then nothing does: the expression is
/// SCEV's own for `i < n`), else in twice its width.
const SCEV *noWrapCount(const ExitTest &T, ScalarEvolution &SE, Type *CountTy) {
  const SCEV *X0 = T.XRec->getStart();
  APInt AbsStep = T.Step.abs();
  // `p < end` in one buffer: the umax of two pointers has no pointer base,
  // so SCEV cannot subtract from it; their difference, floored at zero, is
  // the same distance (one object spans less than 2^63 bytes).
  if (X0->getType()->isPointerTy() && T.Pred == ICmpInst::ICMP_ULT &&
      SE.getPointerBase(X0) == SE.getPointerBase(T.Bound)) {
    const SCEV *Diff = SE.getMinusSCEV(T.Bound, X0);
    if (isa<SCEVCouldNotCompute>(Diff))
      return nullptr;
    const SCEV *Distance = SE.getSMaxExpr(Diff, SE.getZero(Diff->getType()));
    const SCEV *Count =
        SE.getUDivExpr(SE.getAddExpr(Distance, SE.getConstant(AbsStep - 1)),
                       SE.getConstant(AbsStep));
    return SE.getTruncateOrZeroExtend(Count, CountTy);
  }
  bool Signed = T.isSigned(), Up = T.increasing();
  // How far below X_0 (going up) or above it (down) counting starts.
  APInt Slack = AbsStep - (T.inclusive() ? 0 : 1);
  const SCEV *Start = asInteger(X0, SE);
  const SCEV *Limit = asInteger(T.Bound, SE);
  unsigned Width = SE.getTypeSizeInBits(Start->getType());
  if (!SE.willNotOverflow(Up ? Instruction::Sub : Instruction::Add, Signed,
                          Start, SE.getConstant(Slack))) {
    // Twice the width: X's values, Bound and the slack all fit.
    Type *Wide = IntegerType::get(CountTy->getContext(), 2 * Width);
    auto Ext = [&](const SCEV *S) {
      return Signed ? SE.getSignExtendExpr(S, Wide)
                    : SE.getZeroExtendExpr(S, Wide);
    };
    Start = Ext(Start);
    Limit = Ext(Limit);
    Slack = Slack.zext(2 * Width);
    AbsStep = AbsStep.zext(2 * Width);
  } else {
    Slack = Slack.zextOrTrunc(Width);
    AbsStep = AbsStep.zextOrTrunc(Width);
  }
  auto Max = [&](const SCEV *A, const SCEV *B) {
    return Signed ? SE.getSMaxExpr(A, B) : SE.getUMaxExpr(A, B);
  };
  auto Min = [&](const SCEV *A, const SCEV *B) {
    return Signed ? SE.getSMinExpr(A, B) : SE.getUMinExpr(A, B);
  };
  const SCEV *SlackS = SE.getConstant(Slack);
  const SCEV *Distance;
  if (Up) {
    const SCEV *Base = SE.getMinusSCEV(Start, SlackS);
    Distance = SE.getMinusSCEV(Max(Limit, T.inclusive() ? Base : Start), Base);
  } else {
    const SCEV *Top = SE.getAddExpr(Start, SlackS);
    Distance = SE.getMinusSCEV(Top, Min(Limit, T.inclusive() ? Top : Start));
  }
  const SCEV *Count = SE.getUDivExpr(Distance, SE.getConstant(AbsStep));
  return SE.getTruncateOrZeroExtend(Count, CountTy);
}

/// The header phi that \p X steps: X's operand \p Op is a phi of the loop's
/// header whose value from the latch is X itself (so X's wrap is this
/// instruction's overflow).
bool stepsOwnPhi(const Instruction &X, const Value *Op, const Loop &L) {
  auto *Phi = dyn_cast<PHINode>(Op);
  return Phi && Phi->getParent() == L.getHeader() &&
         Phi->getIncomingValueForBlock(L.getLoopLatch()) == &X;
}

/// Step 3: true when \p V, a recurrence of \p L that reaches the latch's
/// exit branch, cannot wrap in the signedness \p Signed in a defined run.
bool cannotWrap(Value *V, bool Signed, bool Increasing, const Loop &L,
                ScalarEvolution &SE, unsigned Depth = 0) {
  if (auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(V)))
    if (AR->getLoop() == &L &&
        AR->getNoWrapFlags(Signed ? SCEV::FlagNSW : SCEV::FlagNUW))
      return true;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !L.contains(I) || Depth > 2)
    return false;
  if (I->getOpcode() == Instruction::Add || I->getOpcode() == Instruction::Sub)
    return (Signed ? I->hasNoSignedWrap() : I->hasNoUnsignedWrap()) &&
           (stepsOwnPhi(*I, I->getOperand(0), L) ||
            stepsOwnPhi(*I, I->getOperand(1), L));
  if (auto *GEP = dyn_cast<GetElementPtrInst>(I))
    // inbounds implies nusw: the address plus the (signed) offset does not
    // wrap as an unsigned number.
    return !Signed && GEP->isInBounds() &&
           stepsOwnPhi(*I, GEP->getPointerOperand(), L);
  if (auto *Trunc = dyn_cast<TruncInst>(I)) {
    Value *Y = Trunc->getOperand(0);
    if (Signed && Trunc->hasNoSignedWrap())
      return cannotWrap(Y, true, Increasing, L, SE, Depth + 1);
    if (!Trunc->hasNoUnsignedWrap())
      return false;
    // `trunc nuw` of an increasing Y that cannot wrap: under a signed test,
    // X turns negative only past 2^(w-1); a Bound it has passed below that
    // is positive, so the loop then goes on until Y reaches 2^w, where the
    // trunc is poison.
    return (!Signed || Increasing) &&
           cannotWrap(Y, false, Increasing, L, SE, Depth + 1);
  }
  return false;
}

/// Step 3: whether the test's X cannot wrap while the loop runs, so that
/// the no-wrap count is the count. \p PtrRec is the flush pointer's
/// recurrence (the non-canonical-hole argument needs X in its buffer).
bool testCannotWrap(const ExitTest &T, const Loop &L, ScalarEvolution &SE,
                    const SCEVAddRecExpr &PtrRec) {
  if (cannotWrap(T.X, T.isSigned(), T.increasing(), L, SE))
    return true;
  // A 64-bit X that wraps has to travel about 2^64 more before the test can
  // let the loop leave; a flush pointer that moves with it, at least as
  // fast, crosses the non-canonical hole on the way and faults.
  auto *PtrStep = dyn_cast<SCEVConstant>(PtrRec.getStepRecurrence(SE));
  const APInt &XStep = T.Step;
  return SE.getTypeSizeInBits(T.XRec->getType()) == 64 && PtrStep &&
         PtrStep->getAPInt().isNegative() == XStep.isNegative() &&
         PtrStep->getAPInt().abs().uge(XStep.abs());
}

/// Step 4: rewrites `zext`/`sext` of a narrow recurrence of the loop into a
/// wide one where the exit test keeps it from wrapping.
class Widener : public SCEVRewriteVisitor<Widener> {
public:
  Widener(ScalarEvolution &SE, const ExitTest &T)
      : SCEVRewriteVisitor(SE), T(T) {}

  const SCEV *visitZeroExtendExpr(const SCEVZeroExtendExpr *E) {
    return widen(E->getOperand(), E->getType(), /*Signed=*/false, E);
  }
  const SCEV *visitSignExtendExpr(const SCEVSignExtendExpr *E) {
    return widen(E->getOperand(), E->getType(), /*Signed=*/true, E);
  }

private:
  /// True when every value of \p AR in the counted iterations is the same
  /// integer read as signed (\p Signed) or unsigned.
  bool extendsExactly(const SCEVAddRecExpr &AR, bool Signed) {
    // AR must be X's previous value: AR + step == X. Its values are then
    // its start and X's values before the last, which passed the test
    // without wrapping.
    if (SE.getAddExpr(&AR, SE.getConstant(T.Step)) != T.XRec)
      return false;
    // X's start is AR's start plus the step as integers of the test's
    // signedness (else X's values are not AR's continued).
    const SCEV *Start = AR.getStart();
    APInt AbsStep = T.Step.abs();
    if (!SE.willNotOverflow(T.increasing() ? Instruction::Add
                                           : Instruction::Sub,
                            T.isSigned(), Start, SE.getConstant(AbsStep)))
      return false;
    if (Signed == T.isSigned())
      return true;
    // The other signedness: all of them in [0, 2^(w-1)).
    const SCEV *Low = T.increasing() ? Start : T.Bound;
    const SCEV *High = T.increasing() ? T.Bound : Start;
    if (Signed) // Unsigned test: all below a High < 2^(w-1).
      return SE.isKnownNonNegative(High);
    // Signed test: all at or above a Low >= 0 (above a Bound >= -1).
    return T.increasing() ? SE.isKnownNonNegative(Low)
                          : SE.isKnownPredicate(ICmpInst::ICMP_SGE, Low,
                                                SE.getMinusOne(Low->getType()));
  }

  const SCEV *widen(const SCEV *Op, Type *Ty, bool Signed, const SCEV *E) {
    auto *AR = dyn_cast<SCEVAddRecExpr>(Op);
    if (!AR || AR->getLoop() != T.XRec->getLoop() || !AR->isAffine() ||
        !extendsExactly(*AR, Signed))
      return E;
    auto Ext = [&](const SCEV *S) {
      return Signed ? SE.getSignExtendExpr(S, Ty) : SE.getZeroExtendExpr(S, Ty);
    };
    Widened = true;
    return SE.getAddRecExpr(Ext(AR->getStart()), Ext(AR->getStepRecurrence(SE)),
                            AR->getLoop(), SCEV::FlagAnyWrap);
  }

  const ExitTest &T;

public:
  bool Widened = false;
};

/// [first pointer, last pointer + 1) of iterations 0..Count of \p Rec.
std::pair<const SCEV *, const SCEV *> sweptBytes(const SCEVAddRecExpr &Rec,
                                                 int64_t Stride,
                                                 const SCEV *Count,
                                                 ScalarEvolution &SE) {
  Type *IdxTy = SE.getEffectiveSCEVType(Rec.getType());
  Count = SE.getTruncateOrZeroExtend(Count, IdxTy);
  const SCEV *Start = Rec.getStart();
  const SCEV *Last = SE.getAddExpr(
      Start, SE.getMulExpr(SE.getConstant(IdxTy, Stride, true), Count));
  const SCEV *One = SE.getOne(IdxTy);
  return {Stride > 0 ? Start : Last,
          SE.getAddExpr(Stride > 0 ? Last : Start, One)};
}

/// Step 6: the exit test's \p Bound, read from \p V, as an integer of
/// \p Wide in the test's signedness. Through an add or sub whose no-wrap
/// flag of that signedness the IR states: the test reads V whenever it
/// runs, a wrapped V is poison, and poison reaching the exit branch is
/// undefined, so no defined run that ran the test saw V wrap (SCEV drops
/// such a flag where it cannot see the branch: `n - 128` computed before
/// the loop's guard).
const SCEV *extendBound(const SCEV *Bound, Value *V, bool Signed, Type *Wide,
                        ScalarEvolution &SE, unsigned Depth = 0) {
  auto *I = dyn_cast<BinaryOperator>(V);
  bool Flag = I && (Signed ? I->hasNoSignedWrap() : I->hasNoUnsignedWrap());
  if (Flag && Depth < 3 && SE.getSCEV(I) == Bound &&
      (I->getOpcode() == Instruction::Add ||
       I->getOpcode() == Instruction::Sub)) {
    Value *A = I->getOperand(0), *B = I->getOperand(1);
    const SCEV *WideA =
        extendBound(SE.getSCEV(A), A, Signed, Wide, SE, Depth + 1);
    const SCEV *WideB =
        extendBound(SE.getSCEV(B), B, Signed, Wide, SE, Depth + 1);
    return I->getOpcode() == Instruction::Add ? SE.getAddExpr(WideA, WideB)
                                              : SE.getMinusSCEV(WideA, WideB);
  }
  return Signed ? SE.getSignExtendExpr(Bound, Wide)
                : SE.getZeroExtendExpr(Bound, Wide);
}

/// Step 6: the exit test's bounds as offsets from the pointer's base, when
/// X is an integer that steps as the pointer \p Rec does, going up.
void addTestOffsets(const ExitTest &T, const SCEVAddRecExpr &Rec,
                    bool CannotWrap, ScalarEvolution &SE, LoopSweep &Sweep) {
  const SCEV *X0 = T.XRec->getStart();
  const SCEV *P0 = Rec.getStart();
  if (!T.increasing() || X0->getType()->isPointerTy() ||
      !P0->getType()->isPointerTy() || T.Step.getSignificantBits() > 64 ||
      T.Step.getSExtValue() != Sweep.Stride)
    return;
  const SCEV *Base = SE.getPointerBase(P0);
  const SCEV *Off = SE.getMinusSCEV(P0, Base);
  if (!isa<SCEVUnknown>(Base) || isa<SCEVCouldNotCompute>(Off))
    return;
  unsigned Bits = 2 * std::max(SE.getTypeSizeInBits(Off->getType()),
                               SE.getTypeSizeInBits(X0->getType()));
  Type *Wide = IntegerType::get(Off->getType()->getContext(), Bits);
  auto Ext = [&](const SCEV *S) {
    return T.isSigned() ? SE.getSignExtendExpr(S, Wide)
                        : SE.getZeroExtendExpr(S, Wide);
  };
  // A pointer's offset from its base is a signed number (a GEP may go back).
  const SCEV *First = SE.getSignExtendExpr(Off, Wide);
  const SCEV *Dist = SE.getMinusSCEV(
      extendBound(T.Bound, T.BoundValue, T.isSigned(), Wide, SE), Ext(X0));
  int64_t Inclusive = T.inclusive() ? 1 : 0;
  Sweep.OffsetBase = Base;
  Sweep.FirstOffset = First;
  Sweep.ExitEndOffset = SE.getAddExpr(
      First, SE.getAddExpr(Dist, SE.getConstant(Wide, 1 + Inclusive)));
  if (CannotWrap)
    Sweep.TestEndOffset = SE.getAddExpr(
        First,
        SE.getAddExpr(Dist, SE.getConstant(Wide, Sweep.Stride + Inclusive)));
}

} // namespace

SweepResult hotlayout::analyseSweep(const Instruction &Flush, Value *Ptr,
                                    ScalarEvolution &SE, LoopInfo &LI,
                                    BoundCanonicaliser Canon) {
  SweepResult R;
  const Loop *L = LI.getLoopFor(Flush.getParent());
  if (!L || !SE.isSCEVable(Ptr->getType()))
    return R;
  const SCEV *PtrS = SE.getSCEV(Ptr);
  // A flush of the same line on every iteration sweeps nothing.
  if (SE.isLoopInvariant(PtrS, L))
    return R;
  auto Fail = [&](UnsummarisedLoopFlush::Reason Why, int64_t Stride = 0) {
    R.Failure = SweepFailure{Why, Stride};
    return R;
  };
  std::optional<ExitTest> Test = latchExitTest(*L, SE, Canon);

  // Step 1.
  auto *Rec = dyn_cast<SCEVAddRecExpr>(PtrS);
  bool Native = Rec && Rec->getLoop() == L && Rec->isAffine();
  if (Rec && Rec->getLoop() == L && Rec->isAffine() &&
      !isa<SCEVConstant>(Rec->getStepRecurrence(SE)))
    return Fail(UnsummarisedLoopFlush::StrideNotConstant);
  if (!Native && Test) {
    Widener W(SE, *Test);
    const SCEV *Wide = W.visit(PtrS);
    auto *WideRec = dyn_cast<SCEVAddRecExpr>(Wide);
    if (W.Widened && WideRec && WideRec->getLoop() == L && WideRec->isAffine())
      Rec = WideRec;
    else
      Rec = nullptr;
  } else if (!Native) {
    Rec = nullptr;
  }
  if (!Rec)
    return Fail(UnsummarisedLoopFlush::NotAffine);
  auto *Step = dyn_cast<SCEVConstant>(Rec->getStepRecurrence(SE));
  if (!Step || Step->getAPInt().getSignificantBits() > 32)
    return Fail(UnsummarisedLoopFlush::StrideNotConstant);

  LoopSweep Sweep;
  Sweep.L = L;
  Sweep.Stride = Step->getAPInt().getSExtValue();
  Sweep.NativeRecurrence = Native;

  // Steps 2 and 3.
  Type *CountTy = SE.getEffectiveSCEVType(Rec->getType());
  const SCEV *Lower = nullptr, *Upper = nullptr;
  const SCEV *Exact = SE.getBackedgeTakenCount(L);
  bool TestCannotWrap = Test && testCannotWrap(*Test, *L, SE, *Rec);
  if (!isa<SCEVCouldNotCompute>(Exact) && Native) {
    Lower = Upper = Exact;
  } else if (Test) {
    Lower = noWrapCount(*Test, SE, CountTy);
    if (Lower && TestCannotWrap)
      Upper = Lower;
  }
  if (!Upper && Native) {
    const SCEV *Max = SE.getSymbolicMaxBackedgeTakenCount(L);
    if (!isa<SCEVCouldNotCompute>(Max))
      Upper = Max;
  }
  if (!Lower && !Upper)
    return Fail(UnsummarisedLoopFlush::TripCount, Sweep.Stride);

  // Step 5.
  if (Lower)
    std::tie(Sweep.Begin, Sweep.End) =
        sweptBytes(*Rec, Sweep.Stride, Lower, SE);
  if (Upper)
    std::tie(Sweep.SpanBegin, Sweep.SpanEnd) =
        sweptBytes(*Rec, Sweep.Stride, Upper, SE);
  // Step 6.
  if (Test)
    addTestOffsets(*Test, *Rec, TestCannotWrap, SE, Sweep);
  R.Sweep = Sweep;
  return R;
}
