//===- hotlayout/Support/RangeAlgebra.h - Byte ranges and cache lines -----===//
//
// Questions about byte ranges that need no IR. The IR layer
// (FlushAvailability) reduces symbolic ranges to these questions and asks
// here:
//   - which cache line holds an offset, given the base's alignment;
//   - what is left of a range once some covering ranges are taken out
//     (narrowing), where the bounds are symbolic and only some of their
//     order is known: the caller names bounds by number and answers "is A
//     provably <= B?";
//   - how many whole lines a narrowing saves at worst, in bytes known at
//     compile time or as a run-time threshold.
// A cache flush acts on every line that overlaps its bytes, so a line only
// partly covered by an earlier flush is flushed again by the remainder:
// savings count whole lines only.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_SUPPORT_RANGEALGEBRA_H
#define HOTLAYOUT_SUPPORT_RANGEALGEBRA_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <utility>

namespace hotlayout {

/// The bytes [Begin, End) at offsets from some base address.
struct ByteInterval {
  int64_t Begin = 0;
  int64_t End = 0;

  bool empty() const { return End <= Begin; }
  uint64_t size() const { return empty() ? 0 : uint64_t(End - Begin); }
};

/// The cache line (as a byte interval relative to the same base) that holds
/// \p Offset, when the base is known to be aligned to at least \p LineSize;
/// std::nullopt when the alignment is too weak to tell where lines start.
/// \p LineSize must be a power of two.
std::optional<ByteInterval> cacheLineOf(int64_t Offset, uint64_t BaseAlign,
                                        uint64_t LineSize);

//===----------------------------------------------------------------------===//
// Range subtraction over symbolic bounds.
//===----------------------------------------------------------------------===//

/// A bound of a symbolic range, numbered by the caller (the IR layer numbers
/// SCEV expressions; the unit tests number integers).
using BoundId = unsigned;

/// Answers "is bound A provably <= bound B?". False means "not proven", not
/// "greater".
using ProvenLessEqual = llvm::function_ref<bool(BoundId A, BoundId B)>;

/// A half-open piece [max(Lo), min(Hi)) whose ends are the largest of the Lo
/// bounds and the smallest of the Hi bounds (run-time maxima and minima when
/// their order is not known). It may be empty at run time unless
/// provablyNonEmpty() says otherwise.
struct SymbolicPiece {
  llvm::SmallVector<BoundId, 2> Lo;
  llvm::SmallVector<BoundId, 2> Hi;
};

/// True when \p P is empty whatever the run-time values: some Hi bound is
/// provably <= some Lo bound.
bool provablyEmpty(const SymbolicPiece &P, ProvenLessEqual LE);

/// What is left of [Begin, End) once each of \p Covers is taken out: one
/// cover at a time, every piece [lo, hi) becomes [lo, min(hi, c)) and
/// [max(lo, d), hi). Pieces proven empty are dropped and bounds proven
/// redundant in a min or max are left out. The result holds every byte of
/// [Begin, End) outside the covers whatever the run-time values are (an
/// inverted cover takes nothing out), and no byte outside [Begin, End).
llvm::SmallVector<SymbolicPiece, 4>
subtractRanges(BoundId Begin, BoundId End,
               llvm::ArrayRef<std::pair<BoundId, BoundId>> Covers,
               ProvenLessEqual LE);

//===----------------------------------------------------------------------===//
// Lines saved.
//===----------------------------------------------------------------------===//

/// How many whole \p Line -byte lines a flush of \p Whole no longer touches
/// when it is replaced by flushes of \p Pieces (each inside \p Whole), at the
/// worst placement of the base: with \p BaseOffset (the base's address modulo
/// \p Line) when known, else the minimum over every offset. A line that a
/// piece touches at all is not saved. \p Line must be non-zero.
uint64_t linesSavedAtWorst(ByteInterval Whole,
                           llvm::ArrayRef<ByteInterval> Pieces, uint64_t Line,
                           std::optional<uint64_t> BaseOffset);

/// The fewest covered bytes that guarantee \p MinLines whole \p Line -byte
/// lines saved, whatever the alignment, when a flush's range is split by
/// \p Pieces remainder pieces (so its covered bytes form at most Pieces + 1
/// runs, each of which may lose a partial line at either end). This is the
/// run-time test of a narrowing whose sizes are only known at run time.
uint64_t coveredBytesForLines(uint64_t MinLines, unsigned Pieces,
                              uint64_t Line);

} // namespace hotlayout

#endif // HOTLAYOUT_SUPPORT_RANGEALGEBRA_H
