//===- FlushFacts.h - flushelim's facts, ranges and their algebra ---------===//
//
// Internal to passes/FlushElim: what the availability analysis reasons
// about. A Fact is "these bytes (or lines) are flushed and untouched since",
// its range is canonical SCEV (RangeCanonicalizer: a reloaded pointer names
// the same range), and the helpers here compare ranges (covers, overlaps,
// same line) and translate a callee's ranges into a caller's. The solver
// (FlushSolver.h) builds facts and moves them through the function.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_FLUSHELIM_FLUSHFACTS_H
#define HOTLAYOUT_FLUSHELIM_FLUSHFACTS_H

#include "hotlayout/FlushResults.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"

#include <map>
#include <tuple>

namespace llvm {
class DataLayout;
class LoadInst;
class Loop;
class MemoryAccess;
class MemorySSA;
class PHINode;
} // namespace llvm

namespace hotlayout {
namespace availability {

// The LLVM names this header and the files that include it use unqualified.
using llvm::ArrayRef;
using llvm::BasicBlock;
using llvm::BatchAAResults;
using llvm::CallBase;
using llvm::DenseMap;
using llvm::Instruction;
using llvm::LoadInst;
using llvm::MemoryAccess;
using llvm::MemoryLocation;
using llvm::MemorySSA;
using llvm::PHINode;
using llvm::ScalarEvolution;
using llvm::SCEV;
using llvm::SmallVector;
using llvm::SmallVectorImpl;
using llvm::Type;
using llvm::Value;

/// A call that writes no memory the program can see: a flush primitive or a
/// known flush-neutral external (mprotect, the JIT write-protect toggle).
bool isFlushNeutralCall(const CallBase &Call);

/// sfence, lfence and mfence: they order flushes with what follows (what
/// batching relies on), so the remark says "fence" rather than "may write".
bool isX86Fence(const CallBase &Call);

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
  llvm::visitAll(S, V);
}

/// True when \p S mentions only arguments, globals and constants: the only
/// ranges a summary can state in terms a caller understands.
bool isSummarisable(const SCEV *S);

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
  /// Summary facts: the call that makes the fact (the witness is in the
  /// callee).
  CallBase *ViaCall = nullptr;
  int SiteIndex = -1; ///< Index into Sites when From == Site.
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
  /// A line flush in a loop: the pointers of the iterations every run that
  /// left the loop has done lie in [Swept.Begin, Swept.End) and are all
  /// given (null when not known). A lower bound where Span is an upper one.
  CanonRange Swept;
  /// A line flush in a loop going up (LoopSweep's exit-test offsets,
  /// canonical): byte offsets from Base. A loop range uses ExitEnd (its
  /// End's offset is at least that); a site in a loop uses First and
  /// TestEnd (its pointers are the first one and pointers below TestEnd),
  /// compared under the guards on the way into its loop L.
  struct TestOffsets {
    const SCEV *Base = nullptr;
    const SCEV *First = nullptr;
    const SCEV *ExitEnd = nullptr;
    const SCEV *TestEnd = nullptr;
    const llvm::Loop *L = nullptr;
  } Offsets;
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

/// SCEV for the first byte after the range of \p Site, or null (OneLine).
const SCEV *rangeEndSCEV(const FlushSite &Site, ScalarEvolution &SE);

/// What AA is asked about: the exact bytes when the size is a known
/// constant, everything from Begin on otherwise. A line flush acts on bytes
/// before its pointer too, so it covers the whole underlying object.
MemoryLocation rangeLocation(const FlushKind &Kind, Value *BeginPtr,
                             const SCEV *Begin, const SCEV *End,
                             ScalarEvolution &SE);

/// True when B - A is provably non-negative (and computable at all).
bool knownLessOrEqual(const SCEV *A, const SCEV *B, ScalarEvolution &SE);

/// True when B - A is provably positive.
bool knownLess(const SCEV *A, const SCEV *B, ScalarEvolution &SE);

/// True when the bytes \p Acc touches provably lie outside the cache line
/// that holds \p LinePtr (alias analysis is not enough: see the definition).
bool provablyOtherLine(Value *LinePtr, const MemoryLocation &Acc,
                       ScalarEvolution &SE, const llvm::DataLayout &DL);

/// True when [In.Begin, In.End) provably lies in [Out.Begin, Out.End).
bool rangeInside(const CanonRange &In, const CanonRange &Out,
                 ScalarEvolution &SE);

/// True when \p G's bytes (range flushes) or lines (line flushes) include
/// every one \p S flushes, whatever their kinds and conditions.
bool rangeCovers(const Fact &G, const Fact &S, ScalarEvolution &SE,
                 const llvm::DataLayout &DL);

/// True when \p G may flush part of what \p S flushes: the candidates for
/// narrowing \p S.
bool rangeOverlaps(const Fact &G, const Fact &S, ScalarEvolution &SE);

/// Rebuilds callee expression \p S in the caller's ScalarEvolution, with the
/// callee's formal arguments replaced by \p Call's actual ones. Returns null
/// for anything but arguments, globals, constants and simple arithmetic.
const SCEV *translateToCaller(const SCEV *S, ScalarEvolution &To,
                              CallBase &Call);

} // namespace availability
} // namespace hotlayout

#endif // HOTLAYOUT_FLUSHELIM_FLUSHFACTS_H
