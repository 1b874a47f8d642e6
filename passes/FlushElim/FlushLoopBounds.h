//===- FlushLoopBounds.h - Which lines a line-flush loop sweeps -*- C++ -*-===//
//
// Internal to passes/FlushElim: the one judge of how a line flush (clflush,
// clflushopt, clwb, AArch64 `dc cvau`/`dc civac`/`ic ivau`) in a loop walks
// memory, shared by the availability analysis (a loop as one range flush)
// and by clflush batching (a loop over consecutive lines). It answers two
// different questions, because they need different proofs:
//  - Lower: which pointers has the flush certainly been given when control
//    leaves the loop? (what an earlier loop may vouch for);
//  - Upper: which pointers can it ever be given while the loop runs? (what a
//    later loop's flush must stay inside to be covered).
// ScalarEvolution's backedge-taken count answers both when it has one. When
// it has none (a signed or narrow index whose increment SCEV cannot prove
// does not wrap, a pointer bounded by another pointer, `i <= n`), the latch's
// own test `X pred Bound` gives the count of a world in which X does not
// wrap; that count is always a lower bound (see FlushLoopBounds.cpp for the
// proof) and an upper one when X provably cannot wrap (its no-wrap flags,
// with poison reaching the exit branch; or a pointer that would have to
// cross the non-canonical hole).
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_FLUSHELIM_FLUSHLOOPBOUNDS_H
#define HOTLAYOUT_FLUSHELIM_FLUSHLOOPBOUNDS_H

#include "hotlayout/FlushResults.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>

namespace llvm {
class DominatorTree;
class Loop;
class LoopInfo;
class ScalarEvolution;
class SCEV;
class Value;
} // namespace llvm

namespace hotlayout {

/// How a line flush's pointer walks its innermost loop. Bounds are raw SCEVs
/// of byte addresses (not canonicalised).
struct LoopSweep {
  const llvm::Loop *L = nullptr;
  /// Bytes the pointer advances per iteration (negative: downwards).
  int64_t Stride = 0;
  /// [Begin, End) holds the pointers of the iterations every run that left
  /// the loop has done (its first to its last pointer, + 1). Null when no
  /// such bound is known.
  const llvm::SCEV *Begin = nullptr;
  const llvm::SCEV *End = nullptr;
  /// [SpanBegin, SpanEnd) holds every pointer the flush is ever given while
  /// the loop runs. Null when no such bound is known.
  const llvm::SCEV *SpanBegin = nullptr;
  const llvm::SCEV *SpanEnd = nullptr;
  /// True when the pointer's recurrence is SCEV's own; false when it was
  /// widened here (`p + zext(i)` with i a narrow index the exit test keeps
  /// from wrapping), valid only for the iterations the bounds count.
  bool NativeRecurrence = true;
  /// The bounds the exit test states without a trip count (step 6): byte
  /// offsets from OffsetBase, the pointer's base, as integers twice the
  /// index's width, so that nothing in them wraps. Where End and SpanEnd
  /// divide by the stride, these are plain sums that ScalarEvolution can
  /// compare under the guards of a loop: `for (i = 128; i < n - 128; ...)`
  /// is inside `for (i = 0; i < n; ...)` only where its guard says n > 256.
  /// Null unless the loop goes up, its exit test's X is an integer that
  /// steps as the pointer does (`p + i` tested as `i + s < n`).
  const llvm::SCEV *OffsetBase = nullptr;
  /// The offset of the first pointer (iteration 0 always runs).
  const llvm::SCEV *FirstOffset = nullptr;
  /// A lower bound of End's offset whenever the loop left (set with Begin).
  const llvm::SCEV *ExitEndOffset = nullptr;
  /// Every pointer after the first lies below OffsetBase + TestEndOffset
  /// (set only when X cannot wrap, as for SpanEnd).
  const llvm::SCEV *TestEndOffset = nullptr;
};

/// Why a line flush in a loop has no sweep (UnsummarisedLoopFlush's
/// reasons that concern the pointer and the bounds).
struct SweepFailure {
  UnsummarisedLoopFlush::Reason Why;
  int64_t Stride = 0;
};

/// Rewrites a loop-exit bound into the form the analysis compares ranges in
/// (a phi of one expression computed on two paths becomes that expression).
using BoundCanonicaliser =
    llvm::function_ref<const llvm::SCEV *(const llvm::SCEV *)>;

/// The sweep of the line flush at \p Flush on pointer \p Ptr through its
/// innermost loop, or why there is none. Null \p Canon: bounds as SCEV
/// gives them. Not in a loop: std::nullopt for both (no sweep, no failure).
struct SweepResult {
  std::optional<LoopSweep> Sweep;
  std::optional<SweepFailure> Failure;
};
SweepResult analyseSweep(const llvm::Instruction &Flush, llvm::Value *Ptr,
                         llvm::ScalarEvolution &SE, llvm::LoopInfo &LI,
                         BoundCanonicaliser Canon = nullptr);

} // namespace hotlayout

#endif // HOTLAYOUT_FLUSHELIM_FLUSHLOOPBOUNDS_H
