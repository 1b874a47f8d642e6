//===- hotlayout/FlushResults.h - What flushelim decided, per flush -------===//
//
// The result types of FlushAvailabilityAnalysis (FlushAvailability.h): the
// flush sites of a function and the decision on each (redundant, kept and
// why, narrowed, unsummarised), and what a function leaves flushed on
// return. Apart from the analysis so that the files that only read or
// build decisions (the solver, the narrowing, the instrumentation) include
// these and not the analysis that includes them.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_FLUSHRESULTS_H
#define HOTLAYOUT_FLUSHRESULTS_H

#include "hotlayout/Support/FlushKinds.h"
#include "hotlayout/Support/RangeAlgebra.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <tuple>

namespace llvm {
class BasicBlock;
class CallBase;
class Function;
class Instruction;
class raw_ostream;
class SCEV;
class Value;
} // namespace llvm

namespace hotlayout {

/// One call to a flush primitive, with its operands decoded per the table.
struct FlushSite {
  llvm::CallBase *Call = nullptr;
  const FlushKind *Kind = nullptr;
  llvm::Value *Begin = nullptr;    ///< First byte (a pointer).
  llvm::Value *EndOrLen = nullptr; ///< End pointer, length, or null (OneLine).
};

/// Decodes \p Call when it calls a known flush primitive.
std::optional<FlushSite> decodeFlushSite(llvm::CallBase &Call);

/// A flush that an earlier one made redundant.
struct RedundantFlush {
  llvm::CallBase *Elided;
  /// A kept flush whose range covers Elided's; it sits in a callee when the
  /// callee's summary made Elided redundant.
  llvm::CallBase *Witness;
};

/// Why a flush that has an earlier covering flush still had to stay.
struct KeptFlush {
  enum Reason {
    Written,      ///< Blocker may write bytes of the range.
    Read,         ///< Blocker may read the line (flush+reload relies on it).
    Synchronises, ///< Blocker is a fence, atomic or volatile access, or asm.
    Redefined,    ///< The range's operands are recomputed (loop, re-load).
    NotAllPaths,  ///< Some path to the flush has no covering flush.
    /// `ic ivau` only: Blocker may clean the data cache (dc cvau,
    /// __clear_cache, mprotect), after which the I-cache may refetch.
    MayClean,
    /// `ic ivau` only: the earlier `ic ivau` ran while a data-cache clean
    /// before it may still have been in flight (no `dsb` between them), so
    /// it may have let the old bytes back in: Blocker is the `dsb` after
    /// which an invalidation is needed again.
    Unordered,
    /// Earlier is of a kind that does not cover Kept's (a write-back before
    /// an evicting flush; a weakly ordered flush before an ordered one).
    WeakerKind,
  };
  llvm::CallBase *Kept;
  llvm::CallBase *Earlier;
  Reason Why;
  llvm::Instruction *Blocker; ///< Null for Redefined, NotAllPaths, WeakerKind.
  bool EarlierIsLoop = false; ///< Earlier's loop covers the range.
  bool Partly = false;        ///< Earlier covers only part of the range.
};

/// The clause a remark uses for \p Why ("memory in its range may be ...").
llvm::StringRef describeKeptReason(KeptFlush::Reason Why);

/// A flush preceded by flushes of only part of its range (RandomX's
/// make-executable step) that is not narrowed, and why.
struct PartiallyCoveredFlush {
  enum Reason {
    Disabled,        ///< -flushelim-narrow=false.
    TooManyPieces,   ///< The rest is more than -flushelim-narrow-max-pieces.
    TooFewLines,     ///< Saves fewer than -flushelim-narrow-min-lines lines.
    NotExpressible,  ///< A bound of the covered part is not available here.
    MayWrap,         ///< An unsigned length that may be 2^63 or more.
    AlreadyNarrowed, ///< A piece or fallback of an earlier narrowing.
    OneLine, ///< A loop after a one-line flush: only loop ranges narrow it.
  };
  llvm::CallBase *Later;
  llvm::CallBase *Earlier;
  Reason WhyNot;
  uint64_t Detail = 0; ///< Pieces (TooManyPieces) or lines (TooFewLines).
};

/// The clause a remark uses for \p P's reason ("it would save 2 lines").
std::string describeNotNarrowed(const PartiallyCoveredFlush &P);

/// A flush whose range is partly flushed already by flushes available on
/// every path to it ("covers"), with nothing in between that touched the
/// covered bytes: what the transformation leaves of it.
///
/// A range flush (llvm.clear_cache, __clear_cache, sys_icache_invalidate)
/// becomes flushes of Pieces, each skipped when empty at run time; with
/// RuntimeGuard, only when enough bytes are covered at run time (else the
/// whole flush runs). No pieces: the covers hold all of it; it goes.
/// A loop's line flush (PerLine) is skipped in the iterations whose pointer
/// lies in a cover: that line was flushed and is untouched.
struct NarrowedFlush {
  llvm::CallBase *Later = nullptr;
  /// Per cover, the flush that flushed it (a chain is resolved by the pass).
  llvm::SmallVector<llvm::CallBase *, 2> Witnesses;
  /// Expressions valid at Later, in Later's function: [0], [1] are Later's
  /// begin and end, then each cover's begin and end (BoundId 2k+2, 2k+3).
  llvm::SmallVector<const llvm::SCEV *, 6> Bounds;
  /// Per bound, an existing pointer value equal to it (the operand of a
  /// witness flush that dominates Later), used as is; null: the
  /// transformation computes the SCEV.
  llvm::SmallVector<llvm::Value *, 6> BoundValues;
  /// Per cover: when it holds. A loop's range holds only if the loop ran
  /// (a guard may skip it): Cond != SkipWhen when one guard condition tells
  /// (and dominates Later), else a flag that is true at the end of RanAt
  /// (the loop's latch) and false at the end of each NotRanAt block (where
  /// control may go around the loop), made into SSA by the transformation.
  struct CoverCondition {
    llvm::Value *Cond = nullptr;
    bool SkipWhen = false;
    llvm::BasicBlock *RanAt = nullptr;
    llvm::SmallVector<llvm::BasicBlock *, 2> NotRanAt;
    /// Values the cover's bounds use that exist only if the loop ran (its
    /// trip count): routed to Later in SSA form like the flag, as zero where
    /// the loop did not run.
    llvm::SmallVector<llvm::Value *, 2> Routed;
    bool always() const { return !Cond && !RanAt; }
  };
  llvm::SmallVector<CoverCondition, 2> CoverConds;
  /// Range flush: what is left of [Bounds[0], Bounds[1]).
  llvm::SmallVector<SymbolicPiece, 2> Pieces;
  bool PerLine = false;
  bool RuntimeGuard = false;
  /// Whole lines saved at worst, when known at compile time.
  std::optional<uint64_t> LinesSaved;
  /// For remarks: bytes already flushed (summed over covers) and asked for.
  const llvm::SCEV *CoveredBytes = nullptr;
  const llvm::SCEV *TotalBytes = nullptr;
  /// Where the covers' bounds are computed: before the terminator of this
  /// block (PerLine: the loop's predecessor, when they can be computed
  /// there); null means right before Later. A block, not its terminator:
  /// deleting an emptied loop may replace the terminator.
  llvm::BasicBlock *CoverInsertBlock = nullptr;
};

/// Metadata the transformation puts on the flushes a narrowing leaves (the
/// pieces and the whole-flush fallback), so that a second run of the pass
/// (ThinLTO runs it twice) does not narrow them again.
inline constexpr const char NarrowedFlushMetadata[] = "hotlayout.narrowed";

/// A loop flush that looks like a sweep over a range (its pointer advances
/// by a constant stride) but is not summarised as one range flush, and why:
/// a later flush of those lines cannot count on it.
struct UnsummarisedLoopFlush {
  /// Grouped by the condition that failed: stride, bounds, body or fence
  /// (unsummarisedCondition).
  enum Reason {
    StrideTooLarge,    ///< |stride| exceeds the line: lines are skipped.
    StrideNotConstant, ///< The stride is a run-time value (CTR_EL0's line).
    NotAffine, ///< The pointer does not advance by a constant per iteration.
    Shape,     ///< The loop may leave elsewhere than at its latch.
    TripCount, ///< No count of its iterations (SCEV's or the latch test's).
    NotEveryIteration, ///< The flush does not run on every iteration.
    BodyWrites,        ///< The loop writes the flushed lines.
    BodyReads,         ///< The loop reads the flushed lines.
    BodyMayClean,      ///< An `ic ivau` loop that may clean the data cache.
    BodySynchronises,  ///< A fence, atomic, volatile access or asm in the loop.
  };
  llvm::CallBase *Call;
  Reason Why;
  int64_t Stride = 0;
  llvm::Instruction *Blocker = nullptr;
  /// StrideTooLarge: how many flushes of its kind and stride the loop holds
  /// (more than one: an unrolled loop, whose copies together may flush
  /// every line but are not summarised together).
  unsigned Copies = 1;
};

/// "stride", "bounds", "body" or "fence": which condition of a range flush
/// the loop fails.
llvm::StringRef unsummarisedCondition(UnsummarisedLoopFlush::Reason Why);

/// The clause a remark uses for \p U's reason.
std::string describeUnsummarised(const UnsummarisedLoopFlush &U,
                                 unsigned LineSize);

/// Inline asm that names a cache-line operation but is no flush site: a
/// whole flush loop in one statement (other instructions with it), or the
/// one operation on an integer address. Opaque to the analysis, which
/// treats it as any asm (a synchronisation point).
struct OpaqueAsmFlush {
  llvm::CallBase *Call;
  llvm::StringRef Operation;   ///< "dc civac", "clflush", ...
  bool IntegerOperand = false; ///< Exactly one operation, on an integer.
};

/// What a defined function leaves flushed on every return: the callee
/// summary a caller's re-flush can be removed against.
struct FlushSummary {
  llvm::SmallVector<FlushSite, 2> FlushedOnReturn;
};
using FlushSummaryMap = llvm::DenseMap<const llvm::Function *, FlushSummary>;

/// The analysis result for one function.
struct FlushAvailability {
  llvm::SmallVector<FlushSite, 8> Sites;
  llvm::SmallVector<RedundantFlush, 4> Redundant;
  llvm::SmallVector<KeptFlush, 4> Kept;
  llvm::SmallVector<PartiallyCoveredFlush, 2> Partial;
  llvm::SmallVector<NarrowedFlush, 2> Narrowed;
  /// Loop flushes summarised as one range flush each: the call, and the
  /// bytes every line of which the loop flushes ([begin, end)).
  llvm::SmallVector<
      std::tuple<llvm::CallBase *, const llvm::SCEV *, const llvm::SCEV *>, 2>
      LoopRanges;
  llvm::SmallVector<UnsummarisedLoopFlush, 2> Unsummarised;
  llvm::SmallVector<OpaqueAsmFlush, 1> OpaqueAsm;
  FlushSummary Summary;
  /// Set when the function was too large to analyse within the work bound;
  /// then nothing is redundant.
  bool GaveUp = false;

  /// The site of \p Call, or null when \p Call is no flush site here.
  const FlushSite *siteOf(const llvm::CallBase *Call) const;
  /// The decision that \p Call is redundant, or null when it stays.
  RedundantFlush *redundancyOf(const llvm::CallBase *Call);
  const RedundantFlush *redundancyOf(const llvm::CallBase *Call) const {
    return const_cast<FlushAvailability *>(this)->redundancyOf(Call);
  }
  /// The narrowing plan of \p Call, or null.
  const NarrowedFlush *narrowingOf(const llvm::CallBase *Call) const;

  void print(llvm::raw_ostream &OS, const llvm::Function &F) const;
};

} // namespace hotlayout

#endif // HOTLAYOUT_FLUSHRESULTS_H
