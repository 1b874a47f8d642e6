//===- FlushNarrowPlan.cpp - What is left of a partly flushed range -------===//
//
// Step 5 of the availability analysis for a flush that earlier flushes
// cover only in part: a range flush gets the pieces left (RangeAlgebra's
// subtraction over SCEV-ordered bounds, checked against the narrowing
// knobs), a loop's line flush a per-line skip of the covered lines; or the
// reason it stays whole. FlushNarrow.cpp turns the plans into IR.
//
//===----------------------------------------------------------------------===//

#include "FlushSolver.h"

#include "FlushNarrow.h"
#include "hotlayout/FlushElimOptions.h"

#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace hotlayout;
using namespace hotlayout::availability;

#define DEBUG_TYPE "flushelim"

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
  // Not into another loop, though: clang enters a flush loop straight from
  // the latch of the loop before it when their guards are merged, and code
  // there would run on every iteration of that loop.
  Instruction *Hoist = nullptr;
  if (const Loop *L = Ctx.LI.getLoopFor(At.getParent()))
    if (BasicBlock *Pred = L->getLoopPredecessor())
      if (Ctx.LI.getLoopFor(Pred) == L->getParentLoop())
        Hoist = Pred->getTerminator();
  NarrowedFlush N;
  N.Later = S.Witness;
  N.PerLine = true;
  const SCEV *One = SE.getOne(SE.getEffectiveSCEVType(S.Raw.Begin->getType()));
  N.Bounds = {S.Raw.Begin, SE.getAddExpr(S.Raw.Begin, One)};
  N.BoundValues = {nullptr, nullptr};
  SmallVector<const SCEV *, 6> Canonical = {S.Range.Begin,
                                            SE.getAddExpr(S.Range.Begin, One)};
  const CanonRange &Mine = S.Span.Begin ? S.Span
                           : S.Swept.Begin
                               ? S.Swept
                               : CanonRange{Canonical[0], Canonical[1]};
  for (unsigned G : Candidates) {
    const Fact &FG = Facts[G];
    // A loop gives a plain and an "if it ran" fact: one cover is enough.
    if (!FG.isLineSpan() || N.Witnesses.size() == MaxCovers ||
        is_contained(N.Witnesses, FG.Witness))
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
    // Only single lines flushed before: a loop skips an earlier loop's lines.
    bool LoopCover =
        any_of(Candidates, [&](unsigned G) { return Facts[G].isLineSpan(); });
    Result.Partial.push_back({S.Witness, Facts[Candidates[0]].Witness,
                              LoopCover ? PartiallyCoveredFlush::NotExpressible
                                        : PartiallyCoveredFlush::OneLine});
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
  N.CoverInsertBlock = Hoist ? Hoist->getParent() : nullptr;
  Result.Narrowed.push_back(std::move(N));
}
