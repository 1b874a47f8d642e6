//===- RangeAlgebra.cpp - Byte ranges and cache lines ---------------------===//

#include "hotlayout/Support/RangeAlgebra.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cassert>

using namespace llvm;

namespace hotlayout {

/// Floor division for a positive divisor: offsets before the base belong to
/// earlier lines.
static int64_t floorDiv(int64_t A, int64_t B) {
  return A >= 0 ? A / B : -((-A + B - 1) / B);
}

std::optional<ByteInterval> cacheLineOf(int64_t Offset, uint64_t BaseAlign,
                                        uint64_t LineSize) {
  if (LineSize == 0 || (LineSize & (LineSize - 1)) != 0 || BaseAlign < LineSize)
    return std::nullopt;
  int64_t Line = int64_t(LineSize);
  int64_t Start = floorDiv(Offset, Line) * Line;
  return ByteInterval{Start, Start + Line};
}

//===----------------------------------------------------------------------===//
// Range subtraction.
//===----------------------------------------------------------------------===//

bool provablyEmpty(const SymbolicPiece &P, ProvenLessEqual LE) {
  for (BoundId H : P.Hi)
    for (BoundId L : P.Lo)
      if (LE(H, L))
        return true;
  return false;
}

/// Adds \p X to the bounds whose maximum is taken (\p TakeMax) or whose
/// minimum is, leaving out whatever provably cannot be the extreme.
static void addBound(SmallVectorImpl<BoundId> &Set, BoundId X, bool TakeMax,
                     ProvenLessEqual LE) {
  auto Dominates = [&](BoundId A, BoundId B) {
    return TakeMax ? LE(B, A) : LE(A, B); // A makes B irrelevant.
  };
  if (any_of(Set, [&](BoundId Y) { return Dominates(Y, X); }))
    return;
  erase_if(Set, [&](BoundId Y) { return Dominates(X, Y); });
  Set.push_back(X);
}

SmallVector<SymbolicPiece, 4>
subtractRanges(BoundId Begin, BoundId End,
               ArrayRef<std::pair<BoundId, BoundId>> Covers,
               ProvenLessEqual LE) {
  SmallVector<SymbolicPiece, 4> Pieces;
  SymbolicPiece Whole;
  Whole.Lo.push_back(Begin);
  Whole.Hi.push_back(End);
  if (!provablyEmpty(Whole, LE))
    Pieces.push_back(Whole);
  for (const std::pair<BoundId, BoundId> &Cover : Covers) {
    BoundId C = Cover.first, D = Cover.second;
    SmallVector<SymbolicPiece, 4> Next;
    for (const SymbolicPiece &P : Pieces) {
      // A cover provably below or above the piece leaves it whole: the
      // split would only give the piece itself and a part of it.
      bool Below = any_of(P.Lo, [&](BoundId L) { return LE(D, L); });
      bool Above = any_of(P.Hi, [&](BoundId H) { return LE(H, C); });
      if (Below || Above) {
        Next.push_back(P);
        continue;
      }
      SymbolicPiece Left = P, Right = P;
      addBound(Left.Hi, C, /*TakeMax=*/false, LE);
      addBound(Right.Lo, D, /*TakeMax=*/true, LE);
      for (SymbolicPiece *Q : {&Left, &Right})
        if (!provablyEmpty(*Q, LE))
          Next.push_back(std::move(*Q));
    }
    Pieces = std::move(Next);
  }
  return Pieces;
}

//===----------------------------------------------------------------------===//
// Lines saved.
//===----------------------------------------------------------------------===//

/// Whole lines [Whole] touches that none of \p Pieces does, with the base at
/// \p Offset modulo \p Line.
static uint64_t linesSavedAt(ByteInterval Whole, ArrayRef<ByteInterval> Pieces,
                             int64_t Line, int64_t Offset) {
  if (Whole.empty())
    return 0;
  auto LinesOf = [&](ByteInterval I) {
    return std::make_pair(floorDiv(I.Begin + Offset, Line),
                          floorDiv(I.End - 1 + Offset, Line));
  };
  SmallVector<std::pair<int64_t, int64_t>, 4> Touched;
  for (ByteInterval P : Pieces)
    if (!P.empty())
      Touched.push_back(LinesOf(P));
  llvm::sort(Touched);
  // Lines the pieces touch, each counted once: merge overlapping runs.
  uint64_t ByPieces = 0;
  std::optional<std::pair<int64_t, int64_t>> Run;
  for (auto [First, Last] : Touched) {
    if (Run && First <= Run->second + 1) {
      Run->second = std::max(Run->second, Last);
      continue;
    }
    if (Run)
      ByPieces += uint64_t(Run->second - Run->first + 1);
    Run = std::make_pair(First, Last);
  }
  if (Run)
    ByPieces += uint64_t(Run->second - Run->first + 1);
  auto [First, Last] = LinesOf(Whole);
  uint64_t All = uint64_t(Last - First + 1);
  return All > ByPieces ? All - ByPieces : 0;
}

uint64_t linesSavedAtWorst(ByteInterval Whole, ArrayRef<ByteInterval> Pieces,
                           uint64_t Line, std::optional<uint64_t> BaseOffset) {
  assert(Line != 0 && "line size must be non-zero");
  if (BaseOffset)
    return linesSavedAt(Whole, Pieces, int64_t(Line),
                        int64_t(*BaseOffset % Line));
  uint64_t Worst = UINT64_MAX;
  for (uint64_t Offset = 0; Offset < Line; ++Offset)
    Worst = std::min(
        Worst, linesSavedAt(Whole, Pieces, int64_t(Line), int64_t(Offset)));
  return Worst;
}

uint64_t coveredBytesForLines(uint64_t MinLines, unsigned Pieces,
                              uint64_t Line) {
  assert(Line != 0 && "line size must be non-zero");
  // A run of s covered bytes holds at least floor((s - (Line - 1)) / Line)
  // whole lines, which is more than (s - 2 * (Line - 1)) / Line; the
  // covered bytes form at most Pieces + 1 runs.
  uint64_t Runs = uint64_t(Pieces) + 1;
  return MinLines * Line + Runs * 2 * (Line - 1);
}

} // namespace hotlayout
