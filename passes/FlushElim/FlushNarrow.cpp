//===- FlushNarrow.cpp - Shrink partly redundant flushes ------------------===//
//
// The IR half of narrowing: FlushAvailability planned, for a flush whose
// range is partly flushed already ("covered"), what is left of it; this file
// rewrites the flush accordingly. Soundness rests on the plan: every byte
// of the original range is either in a cover (flushed and untouched since)
// or in a piece flushed here. The rewriting only adds run-time tests that
// decide which pieces are empty, and never passes a flush an inverted range.
//
// Per function:
//  1. Compute every bound the plans need (the covers' SCEVs, or the values
//     the plan names), before any block is split. The SCEVs are computed
//     with fresh instructions (materialiseSCEV), never by reusing or
//     changing an existing one (SCEVExpander would drop flags on what it
//     reuses: a change to code narrowing does not own).
//  2. Range flush (llvm.clear_cache, __clear_cache, sys_icache_invalidate):
//     compute each piece [max(lo...), min(hi...)) with selects; with a
//     run-time guard, branch on "at least coveredBytesForLines(...) bytes
//     are covered" to the pieces or to the whole original flush. Each piece
//     is a copy of the flush, run only when lo < hi: an empty or inverted
//     remainder flushes nothing (sys_icache_invalidate's length is unsigned:
//     never given hi - lo < 0).
//  3. Line flush in a loop: branch around it when its pointer lies in a
//     cover (and the cover's guard let its loop run): that line overlaps the
//     cover, so it is flushed and untouched.
//  4. Check mode adds, where bytes are no longer flushed, a run-time check
//     that they equal their snapshot (naming the witness), and snapshots
//     after every flush it leaves. Profile mode changes no flush: it counts,
//     before the flush's profile call, the bytes narrowing would skip.
//  5. Mark every flush left (pieces, the whole-flush fallback, a skipped
//     loop flush) with hotlayout.narrowed, so a second run (ThinLTO) leaves
//     them alone, and delete expansions nothing used.
//
//===----------------------------------------------------------------------===//

#include "FlushNarrow.h"

#include "FlushInstrument.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/DebugCounter.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/SSAUpdater.h"

using namespace llvm;
using namespace hotlayout;

#define DEBUG_TYPE "flushelim"

STATISTIC(NumNarrowed, "Number of range flushes narrowed");
STATISTIC(NumNarrowedToNothing,
          "Number of range flushes whose covers held all of their range");
STATISTIC(NumLineSkips, "Number of loop line flushes given a skip test");
STATISTIC(NumLoopsDeleted,
          "Number of loops deleted once their flushes were removed");
STATISTIC(NumNarrowProfiled,
          "Number of partly redundant flushes profiled for skippable bytes");

DEBUG_COUNTER(NarrowCounter, "flushelim-narrow",
              "Controls which partly redundant flushes flushelim narrows");

bool hotlayout::isMaterialisable(const SCEV *S) {
  switch (S->getSCEVType()) {
  case scConstant:
  case scUnknown:
  case scAddExpr:
  case scMulExpr:
  case scUDivExpr:
  case scZeroExtend:
  case scSignExtend:
  case scTruncate:
  case scPtrToInt:
  case scUMaxExpr:
  case scUMinExpr:
  case scSMaxExpr:
  case scSMinExpr:
    return true;
  default:
    return false;
  }
}

/// The compare under which the first of two operands is a min/max kind's
/// pick.
static CmpInst::Predicate extremePredicate(SCEVTypes Kind) {
  switch (Kind) {
  case scUMaxExpr:
    return CmpInst::ICMP_UGT;
  case scUMinExpr:
    return CmpInst::ICMP_ULT;
  case scSMaxExpr:
    return CmpInst::ICMP_SGT;
  case scSMinExpr:
    return CmpInst::ICMP_SLT;
  default:
    llvm_unreachable("not a min or max");
  }
}

Value *hotlayout::materialiseSCEV(IRBuilderBase &B, const SCEV *S,
                                  Type *IntPtrTy,
                                  const DenseMap<Value *, Value *> *Replace) {
  Type *Ty = S->getType()->isPointerTy() ? IntPtrTy : S->getType();
  if (auto *C = dyn_cast<SCEVConstant>(S))
    return ConstantInt::get(
        Ty, C->getAPInt().zextOrTrunc(Ty->getIntegerBitWidth()));
  if (auto *U = dyn_cast<SCEVUnknown>(S)) {
    Value *V = U->getValue();
    if (Replace)
      V = Replace->lookup(V) ? Replace->lookup(V) : V;
    return V->getType()->isPointerTy() ? B.CreatePtrToInt(V, Ty) : V;
  }
  if (auto *Cast = dyn_cast<SCEVCastExpr>(S)) {
    Value *Op = materialiseSCEV(B, Cast->getOperand(0), IntPtrTy, Replace);
    if (!Op)
      return nullptr;
    switch (S->getSCEVType()) {
    case scZeroExtend:
    case scPtrToInt:
      return B.CreateZExtOrTrunc(Op, Ty);
    case scSignExtend:
      return B.CreateSExtOrTrunc(Op, Ty);
    case scTruncate:
      return B.CreateTrunc(Op, Ty);
    default:
      return nullptr;
    }
  }
  if (auto *Div = dyn_cast<SCEVUDivExpr>(S)) {
    Value *L = materialiseSCEV(B, Div->getLHS(), IntPtrTy, Replace);
    Value *R = materialiseSCEV(B, Div->getRHS(), IntPtrTy, Replace);
    return L && R ? B.CreateUDiv(L, R) : nullptr;
  }
  auto *N = dyn_cast<SCEVNAryExpr>(S);
  if (!N || !isMaterialisable(S))
    return nullptr;
  Value *Acc = nullptr;
  for (const SCEV *Op : N->operands()) {
    Value *V = materialiseSCEV(B, Op, IntPtrTy, Replace);
    if (!V)
      return nullptr;
    V = B.CreateZExtOrTrunc(V, Ty); // A pointer's offsets are index-wide.
    if (!Acc) {
      Acc = V;
      continue;
    }
    if (S->getSCEVType() == scAddExpr)
      Acc = B.CreateAdd(Acc, V);
    else if (S->getSCEVType() == scMulExpr)
      Acc = B.CreateMul(Acc, V);
    else // A min or max: keep Acc when it compares so against V.
      Acc = B.CreateSelect(
          B.CreateICmp(extremePredicate(S->getSCEVType()), Acc, V), Acc, V);
  }
  return Acc;
}

namespace {

/// One plan with its values, computed in step 1.
struct Prepared {
  const NarrowingJob *Job;
  /// Integer (address) values of the plan's bounds: [0], [1] the flush's
  /// begin and end, then each cover's begin and end.
  SmallVector<Value *, 6> Bounds;
  SmallVector<Value *, 2> WitnessStrings;
  /// Per cover, an i1 that is true when it holds; null when it always does.
  SmallVector<Value *, 2> CoverHolds;
};

class Narrower {
public:
  Narrower(Function &F, FlushElimMode Mode)
      : F(F), Mode(Mode), DL(F.getParent()->getDataLayout()) {}

  std::optional<Prepared> prepare(const NarrowingJob &Job);
  void apply(const Prepared &P);
  void cleanUp();

  bool CFGChanged = false;

private:
  Value *toAddress(IRBuilderBase &B, Value *Ptr) {
    return B.CreatePtrToInt(Ptr, DL.getIntPtrType(Ptr->getType()));
  }
  Value *select(IRBuilderBase &B, const Prepared &P, ArrayRef<BoundId> Ids,
                bool Max);
  Value *pointerAt(IRBuilderBase &B, const Prepared &P, Value *Addr);
  Value *coverHolds(const NarrowedFlush::CoverCondition &C, Instruction &At);
  void applyRange(const Prepared &P);
  void applyLineSkip(const Prepared &P);
  void emitPiece(Instruction *Before, const Prepared &P, Value *Lo, Value *Hi,
                 Value *NonEmpty);
  void markNarrowed(CallBase &Call) {
    Call.setMetadata(NarrowedFlushMetadata, MDNode::get(F.getContext(), {}));
  }

  Function &F;
  FlushElimMode Mode;
  const DataLayout &DL;
  SmallVector<WeakTrackingVH, 8> Expanded;
};

/// Step 1: the flush's own bounds from its operands, the covers' by
/// expanding their SCEVs (before the loop, for a loop's line flush, when
/// the plan says so).
std::optional<Prepared> Narrower::prepare(const NarrowingJob &Job) {
  const NarrowedFlush &N = *Job.Plan;
  const FlushSite &Site = Job.Site;
  // Profile mode instruments a flush once (ThinLTO runs the pass twice).
  if (Mode == FlushElimMode::Profile && isFlushProfiled(*Site.Call))
    return std::nullopt;
  Prepared P;
  P.Job = &Job;
  IRBuilder<> B(Site.Call);
  Value *Begin = toAddress(B, Site.Begin);
  Value *End = nullptr;
  switch (Site.Kind->Shape) {
  case RangeShape::BeginEnd:
    End = toAddress(B, Site.EndOrLen);
    break;
  case RangeShape::BeginLength:
    End = B.CreateAdd(Begin,
                      B.CreateZExtOrTrunc(Site.EndOrLen, Begin->getType()));
    break;
  case RangeShape::OneLine:
    End = B.CreateAdd(Begin, ConstantInt::get(Begin->getType(), 1));
    break;
  }
  P.Bounds = {Begin, End};
  Expanded.push_back(Begin);
  Expanded.push_back(End);
  Instruction *CoverAt =
      N.CoverInsertBlock ? N.CoverInsertBlock->getTerminator() : Site.Call;
  IRBuilder<> CB(CoverAt);
  // Values of a guarded loop reach the flush in SSA form (zero where the
  // loop did not run; the cover's condition is false there).
  DenseMap<Value *, Value *> Routed;
  for (const NarrowedFlush::CoverCondition &C : N.CoverConds)
    for (Value *V : C.Routed) {
      SSAUpdater Up;
      Up.Initialize(V->getType(), V->getName());
      Up.AddAvailableValue(C.RanAt, V);
      for (BasicBlock *BB : C.NotRanAt)
        Up.AddAvailableValue(BB, Constant::getNullValue(V->getType()));
      Routed[V] = Up.GetValueInMiddleOfBlock(CoverAt->getParent());
    }
  for (unsigned I = 2; I < N.Bounds.size(); ++I) {
    Value *Named = N.BoundValues[I];
    // The witness often names the same pointers (RandomX: code, code+pos
    // then code, code+size): reuse their addresses.
    if (CoverAt == Site.Call && Named && Named == Site.Begin) {
      P.Bounds.push_back(Begin);
      continue;
    }
    if (CoverAt == Site.Call && Named && Named == Site.EndOrLen &&
        Site.Kind->Shape == RangeShape::BeginEnd) {
      P.Bounds.push_back(End);
      continue;
    }
    Value *V =
        Named ? toAddress(CB, Named)
              : materialiseSCEV(CB, N.Bounds[I], Begin->getType(), &Routed);
    if (!V)
      return std::nullopt; // The analysis checked: not expected.
    P.Bounds.push_back(CB.CreateZExtOrTrunc(V, Begin->getType()));
    Expanded.push_back(P.Bounds.back());
  }
  if (Mode == FlushElimMode::Check)
    for (const std::string &Text : Job.WitnessTexts)
      P.WitnessStrings.push_back(flushSiteString(*Site.Call, Text));
  for (const NarrowedFlush::CoverCondition &C : N.CoverConds)
    P.CoverHolds.push_back(coverHolds(C, *Site.Call));
  return P;
}

/// An i1, valid at \p At, that is true when a cover under condition \p C
/// holds: the guard's condition, or the "loop ran" flag in SSA form (true
/// at the end of the loop's latch, false at the end of each block that may
/// go around it: the last of these on any path to \p At tells).
Value *Narrower::coverHolds(const NarrowedFlush::CoverCondition &C,
                            Instruction &At) {
  if (C.always())
    return nullptr;
  if (C.Cond) {
    IRBuilder<> B(&At);
    return C.SkipWhen ? B.CreateNot(C.Cond) : C.Cond;
  }
  SSAUpdater Flag;
  Flag.Initialize(Type::getInt1Ty(F.getContext()), "flush.loop.ran");
  Flag.AddAvailableValue(C.RanAt, ConstantInt::getTrue(F.getContext()));
  for (BasicBlock *BB : C.NotRanAt)
    Flag.AddAvailableValue(BB, ConstantInt::getFalse(F.getContext()));
  return Flag.GetValueInMiddleOfBlock(At.getParent());
}

/// The largest (\p Max) or smallest of the bounds \p Ids, as selects.
Value *Narrower::select(IRBuilderBase &B, const Prepared &P,
                        ArrayRef<BoundId> Ids, bool Max) {
  Value *V = P.Bounds[Ids.front()];
  for (BoundId Id : Ids.drop_front()) {
    Value *X = P.Bounds[Id];
    if (X == V)
      continue; // The same address twice (a cover starting where the flush
                // does).
    V = B.CreateSelect(Max ? B.CreateICmpUGT(X, V) : B.CreateICmpULT(X, V), X,
                       V);
  }
  return V;
}

/// Address \p Addr as a pointer derived from the flush's own (provenance
/// stays with the buffer the flush names); the flush's own operands when
/// \p Addr is its begin or end.
Value *Narrower::pointerAt(IRBuilderBase &B, const Prepared &P, Value *Addr) {
  const FlushSite &Site = P.Job->Site;
  if (Addr == P.Bounds[0])
    return Site.Begin;
  if (Addr == P.Bounds[1] && Site.Kind->Shape == RangeShape::BeginEnd &&
      Site.EndOrLen->getType() == Site.Begin->getType())
    return Site.EndOrLen;
  return B.CreatePtrAdd(Site.Begin, B.CreateSub(Addr, P.Bounds[0]),
                        "flush.piece");
}

/// A copy of the flush over [Lo, Hi), run only when \p NonEmpty (Lo < Hi).
void Narrower::emitPiece(Instruction *Before, const Prepared &P, Value *Lo,
                         Value *Hi, Value *NonEmpty) {
  const FlushSite &Site = P.Job->Site;
  Instruction *Then =
      SplitBlockAndInsertIfThen(NonEmpty, Before->getIterator(), false);
  CFGChanged = true;
  IRBuilder<> B(Then);
  auto *Piece = cast<CallInst>(Site.Call->clone());
  Piece->setArgOperand(0, pointerAt(B, P, Lo));
  Type *SecondTy = Piece->getFunctionType()->getParamType(1);
  if (Site.Kind->Shape == RangeShape::BeginEnd)
    Piece->setArgOperand(1, B.CreatePointerBitCastOrAddrSpaceCast(
                                pointerAt(B, P, Hi), SecondTy));
  else
    Piece->setArgOperand(1, B.CreateZExtOrTrunc(B.CreateSub(Hi, Lo), SecondTy));
  B.Insert(Piece);
  markNarrowed(*Piece);
  if (Mode == FlushElimMode::Check)
    if (std::optional<FlushSite> PieceSite = decodeFlushSite(*Piece))
      instrumentFlushRecord(*PieceSite);
}

/// Steps 2 and 4 for a range flush.
void Narrower::applyRange(const Prepared &P) {
  const NarrowedFlush &N = *P.Job->Plan;
  const FlushSite &Site = P.Job->Site;
  CallBase *Call = Site.Call;
  IRBuilder<> B(Call);
  Value *Begin = P.Bounds[0], *End = P.Bounds[1];
  Type *IntTy = Begin->getType();
  struct Piece {
    Value *Lo, *Hi, *NonEmpty;
  };
  SmallVector<Piece, 2> Pieces;
  for (const SymbolicPiece &SP : N.Pieces) {
    Value *Lo = select(B, P, SP.Lo, /*Max=*/true);
    Value *Hi = select(B, P, SP.Hi, /*Max=*/false);
    Pieces.push_back({Lo, Hi, B.CreateICmpULT(Lo, Hi)});
  }

  // Narrow only when enough bytes are covered at run time: the flush's
  // bytes minus what the pieces still flush.
  Value *Narrow = nullptr;
  if (N.RuntimeGuard) {
    Value *Total = B.CreateSub(End, Begin);
    Value *Left = nullptr;
    for (const Piece &Pc : Pieces) {
      Value *Size = B.CreateSelect(Pc.NonEmpty, B.CreateSub(Pc.Hi, Pc.Lo),
                                   ConstantInt::get(IntTy, 0));
      Left = Left ? B.CreateAdd(Left, Size) : Size;
    }
    uint64_t Need = coveredBytesForLines(opts::NarrowMinLines, Pieces.size(),
                                         opts::LineSize);
    Narrow = B.CreateAnd(ArrayRef<Value *>{
        B.CreateICmpULT(Begin, End), B.CreateICmpUGE(Total, Left),
        B.CreateICmpUGE(B.CreateSub(Total, Left),
                        ConstantInt::get(IntTy, Need))});
    Narrow->setName("flush.narrow");
  }
  // The part of each cover within the flush's range: what is no longer
  // flushed, for check and profile mode.
  auto CoveredPart = [&](IRBuilderBase &At, unsigned K) {
    return std::make_pair(select(At, P, {0, BoundId(2 + 2 * K)}, true),
                          select(At, P, {1, BoundId(3 + 2 * K)}, false));
  };

  if (Mode == FlushElimMode::Profile) {
    for (unsigned K = 0; K < N.Witnesses.size(); ++K) {
      auto [Lo, Hi] = CoveredPart(B, K);
      Value *SkipEnd = Narrow ? B.CreateSelect(Narrow, Hi, Lo) : Hi;
      emitSkipProfile(B, pointerAt(B, P, Lo), pointerAt(B, P, SkipEnd), *Call);
    }
    instrumentFlushProfile(Site);
    ++NumNarrowProfiled;
    return;
  }

  Instruction *PiecesAt = Call;
  if (Narrow) {
    Instruction *ThenTerm, *ElseTerm;
    SplitBlockAndInsertIfThenElse(Narrow, Call->getIterator(), &ThenTerm,
                                  &ElseTerm);
    CFGChanged = true;
    Call->moveBefore(*ElseTerm->getParent(), ElseTerm->getIterator());
    markNarrowed(*Call);
    if (Mode == FlushElimMode::Check)
      instrumentFlushRecord(Site);
    PiecesAt = ThenTerm;
  }
  for (const Piece &Pc : Pieces)
    emitPiece(PiecesAt, P, Pc.Lo, Pc.Hi, Pc.NonEmpty);
  if (Mode == FlushElimMode::Check) {
    IRBuilder<> CB(PiecesAt);
    for (unsigned K = 0; K < N.Witnesses.size(); ++K) {
      auto [Lo, Hi] = CoveredPart(CB, K);
      emitFlushCheck(CB, pointerAt(CB, P, Lo), pointerAt(CB, P, Hi), *Call,
                     P.WitnessStrings[K]);
    }
  }
  if (!Narrow)
    Call->eraseFromParent();
  ++NumNarrowed;
  if (Pieces.empty())
    ++NumNarrowedToNothing;
}

/// Steps 3 and 4 for a line flush: skip it when its pointer lies in a cover
/// whose loop ran.
void Narrower::applyLineSkip(const Prepared &P) {
  const NarrowedFlush &N = *P.Job->Plan;
  const FlushSite &Site = P.Job->Site;
  CallBase *Call = Site.Call;
  IRBuilder<> B(Call);
  Value *Ptr = P.Bounds[0];
  Value *Covered = nullptr, *Witness = nullptr;
  for (unsigned K = 0; K < N.Witnesses.size(); ++K) {
    Value *In = B.CreateAnd(B.CreateICmpUGE(Ptr, P.Bounds[2 + 2 * K]),
                            B.CreateICmpULT(Ptr, P.Bounds[3 + 2 * K]));
    if (Value *Holds = P.CoverHolds[K])
      In = B.CreateAnd(In, Holds);
    if (Mode == FlushElimMode::Check)
      Witness = Witness ? B.CreateSelect(In, P.WitnessStrings[K], Witness)
                        : P.WitnessStrings[K];
    Covered = Covered ? B.CreateOr(Covered, In) : In;
  }
  Covered->setName("flush.covered");

  if (Mode == FlushElimMode::Profile) {
    if (auto Line = flushRangeAt(B, Site))
      emitSkipProfile(B, Line->first,
                      B.CreateSelect(Covered, Line->second, Line->first),
                      *Call);
    instrumentFlushProfile(Site);
    ++NumNarrowProfiled;
    return;
  }
  Instruction *FlushAt;
  if (Mode == FlushElimMode::Check) {
    Instruction *CheckAt;
    SplitBlockAndInsertIfThenElse(Covered, Call->getIterator(), &CheckAt,
                                  &FlushAt);
    IRBuilder<> CB(CheckAt);
    if (auto Line = flushRangeAt(CB, Site))
      emitFlushCheck(CB, Line->first, Line->second, *Call, Witness);
  } else {
    FlushAt = SplitBlockAndInsertIfThen(B.CreateNot(Covered),
                                        Call->getIterator(), false);
  }
  CFGChanged = true;
  Call->moveBefore(*FlushAt->getParent(), FlushAt->getIterator());
  markNarrowed(*Call);
  if (Mode == FlushElimMode::Check)
    instrumentFlushRecord(Site);
  ++NumLineSkips;
}

void Narrower::apply(const Prepared &P) {
  LLVM_DEBUG(dbgs() << "[flushelim] narrowing " << *P.Job->Site.Call << "\n");
  if (P.Job->Plan->PerLine)
    applyLineSkip(P);
  else
    applyRange(P);
}

/// Step 5: expansions a plan did not use (a bound the subtraction left out).
void Narrower::cleanUp() {
  for (WeakTrackingVH &V : Expanded)
    if (auto *I = dyn_cast_or_null<Instruction>(V))
      RecursivelyDeleteTriviallyDeadInstructions(I);
}

/// A planned narrowing not applied (the debug counter skipped it, or a
/// bound would not expand) leaves its flush whole. Step 2 of the pass left
/// planned flushes to narrowing, so this one gets here what any kept flush
/// gets there: its profile call, or the snapshot a later check may name.
void leaveWhole(const FlushSite &Site, FlushElimMode Mode) {
  if (Mode == FlushElimMode::Profile)
    instrumentFlushProfile(Site);
  else if (Mode == FlushElimMode::Check)
    instrumentFlushRecord(Site);
}

} // namespace

SmallVector<unsigned, 2> hotlayout::applyNarrowings(Function &F,
                                                    ArrayRef<NarrowingJob> Jobs,
                                                    FlushElimMode Mode,
                                                    bool &CFGChanged) {
  Narrower Nar(F, Mode);
  SmallVector<Prepared, 4> Ready;
  SmallVector<unsigned, 2> Applied;
  for (unsigned I = 0; I < Jobs.size(); ++I) {
    std::optional<Prepared> P;
    if (DebugCounter::shouldExecute(NarrowCounter))
      P = Nar.prepare(Jobs[I]);
    if (!P) {
      leaveWhole(Jobs[I].Site, Mode);
      continue;
    }
    Ready.push_back(std::move(*P));
    Applied.push_back(I);
  }
  for (const Prepared &P : Ready)
    Nar.apply(P);
  Nar.cleanUp();
  CFGChanged |= Nar.CFGChanged;
  return Applied;
}

//===----------------------------------------------------------------------===//
// Loops left empty by removal.
//===----------------------------------------------------------------------===//

/// A clflush loop covered by an earlier one loses its only flush; the
/// counting loop left would still run at the end of the pipeline (nothing
/// after flushelim deletes loops), so it goes here, in LoopDeletion's
/// simplest case.
bool hotlayout::deleteEmptiedLoop(Loop &L,
                                  SmallPtrSetImpl<BasicBlock *> &Deleted,
                                  SmallVectorImpl<WeakTrackingVH> &DeadConds) {
  BasicBlock *Pred = L.getLoopPredecessor();
  BasicBlock *Exit = L.getUniqueExitBlock();
  BasicBlock *Exiting = L.getExitingBlock();
  if (!L.isInnermost() || !Pred || !Exit || !Exiting || !isMustProgress(&L) ||
      !isa<BranchInst>(Pred->getTerminator()))
    return false;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      if (isa<CallBase>(I) || I.mayHaveSideEffects())
        return false;
      for (User *U : I.users())
        if (!L.contains(cast<Instruction>(U)->getParent()))
          return false;
    }
  // The exit's phis take from the loop only values defined before it; when
  // the predecessor already branches to the exit, they must agree.
  bool PredReachesExit = is_contained(successors(Pred), Exit);
  for (PHINode &Phi : Exit->phis()) {
    Value *FromLoop = Phi.getIncomingValueForBlock(Exiting);
    if (auto *I = dyn_cast<Instruction>(FromLoop); I && L.contains(I))
      return false;
    if (PredReachesExit && Phi.getIncomingValueForBlock(Pred) != FromLoop)
      return false;
  }
  if (!PredReachesExit)
    for (PHINode &Phi : Exit->phis())
      Phi.addIncoming(Phi.getIncomingValueForBlock(Exiting), Pred);
  auto *Br = cast<BranchInst>(Pred->getTerminator());
  Br->replaceSuccessorWith(L.getHeader(), Exit);
  // The condition goes after narrowing: a narrowing planned before the
  // deletion may test it.
  if (Br->isConditional() && Br->getSuccessor(0) == Br->getSuccessor(1)) {
    BranchInst::Create(Exit, Br->getIterator());
    DeadConds.emplace_back(Br->getCondition());
    Br->eraseFromParent();
  }
  SmallVector<BasicBlock *, 4> Blocks(L.blocks());
  Deleted.insert(Blocks.begin(), Blocks.end());
  DeleteDeadBlocks(Blocks);
  ++NumLoopsDeleted;
  return true;
}

bool hotlayout::survivesLoopDeletion(
    const NarrowingJob &Job, const SmallPtrSetImpl<BasicBlock *> &Deleted) {
  if (Deleted.empty())
    return true;
  auto Alive = [&](const Value *V) {
    auto *I = dyn_cast_or_null<Instruction>(V);
    return !I || !Deleted.count(I->getParent());
  };
  const NarrowedFlush &N = *Job.Plan;
  if (N.CoverInsertBlock && Deleted.count(N.CoverInsertBlock))
    return false;
  for (Value *V : N.BoundValues)
    if (!Alive(V))
      return false;
  for (const NarrowedFlush::CoverCondition &C : N.CoverConds) {
    if (!Alive(C.Cond) || (C.RanAt && Deleted.count(C.RanAt)))
      return false;
    for (BasicBlock *BB : C.NotRanAt)
      if (Deleted.count(BB))
        return false;
  }
  for (const SCEV *S : N.Bounds) {
    bool OK = true;
    SmallVector<const SCEV *, 8> Work{S};
    while (!Work.empty() && OK) {
      const SCEV *X = Work.pop_back_val();
      if (auto *U = dyn_cast<SCEVUnknown>(X))
        OK = Alive(U->getValue());
      append_range(Work, X->operands());
    }
    if (!OK)
      return false;
  }
  return true;
}
