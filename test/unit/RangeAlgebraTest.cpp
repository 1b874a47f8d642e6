#include "hotlayout/Support/RangeAlgebra.h"

#include "gtest/gtest.h"

#include <set>
#include <vector>

using namespace hotlayout;

TEST(RangeAlgebra, CacheLineNeedsKnownAlignment) {
  EXPECT_FALSE(cacheLineOf(10, 16, 64).has_value());
  auto L = cacheLineOf(70, 64, 64);
  ASSERT_TRUE(L.has_value());
  EXPECT_EQ(L->Begin, 64);
  EXPECT_EQ(L->End, 128);
}

TEST(RangeAlgebra, CacheLineFloorsNegativeOffsets) {
  auto L = cacheLineOf(-1, 128, 64);
  ASSERT_TRUE(L.has_value());
  EXPECT_EQ(L->Begin, -64);
  EXPECT_EQ(L->End, 0);
  EXPECT_FALSE(cacheLineOf(0, 64, 48).has_value()) << "not a power of two";
}

//===----------------------------------------------------------------------===//
// subtractRanges: bounds are indices into a vector of integers.
//===----------------------------------------------------------------------===//

namespace {

/// Bounds with values; Known says which pairs the oracle may compare (all
/// when empty), as SCEV proves only some orders.
struct Bounds {
  std::vector<int64_t> Value;
  std::set<std::pair<BoundId, BoundId>> Known;

  bool le(BoundId A, BoundId B) const {
    if (!Known.empty() && !Known.count({A, B}) && !Known.count({B, A}) &&
        A != B)
      return false;
    return Value[A] <= Value[B];
  }
  int64_t lo(const SymbolicPiece &P) const {
    int64_t V = INT64_MIN;
    for (BoundId B : P.Lo)
      V = std::max(V, Value[B]);
    return V;
  }
  int64_t hi(const SymbolicPiece &P) const {
    int64_t V = INT64_MAX;
    for (BoundId B : P.Hi)
      V = std::min(V, Value[B]);
    return V;
  }
  /// The bytes the pieces flush at these values.
  std::set<int64_t>
  bytes(const llvm::SmallVectorImpl<SymbolicPiece> &Ps) const {
    std::set<int64_t> S;
    for (const SymbolicPiece &P : Ps)
      for (int64_t X = lo(P); X < hi(P); ++X)
        S.insert(X);
    return S;
  }
};

llvm::SmallVector<SymbolicPiece, 4>
subtract(const Bounds &B, std::vector<std::pair<BoundId, BoundId>> Covers) {
  return subtractRanges(0, 1, Covers,
                        [&](BoundId X, BoundId Y) { return B.le(X, Y); });
}

} // namespace

TEST(RangeAlgebra, SubtractPrefixLeavesTheRest) {
  // RandomX: [code, code+size) minus [code, code+pos).
  Bounds B{{0, 20480, 0, 2500}, {}};
  auto Pieces = subtract(B, {{2, 3}});
  ASSERT_EQ(Pieces.size(), 1u);
  EXPECT_EQ(B.lo(Pieces[0]), 2500);
  EXPECT_EQ(B.hi(Pieces[0]), 20480);
  EXPECT_EQ(Pieces[0].Lo.size(), 1u) << "code <= code+pos is known";
}

TEST(RangeAlgebra, SubtractMiddleLeavesTwoPieces) {
  Bounds B{{0, 100, 40, 60}, {}};
  auto Pieces = subtract(B, {{2, 3}});
  ASSERT_EQ(Pieces.size(), 2u);
  EXPECT_EQ(B.lo(Pieces[0]), 0);
  EXPECT_EQ(B.hi(Pieces[0]), 40);
  EXPECT_EQ(B.lo(Pieces[1]), 60);
  EXPECT_EQ(B.hi(Pieces[1]), 100);
}

TEST(RangeAlgebra, SubtractEverythingLeavesNothing) {
  Bounds B{{10, 20, 0, 64}, {}};
  EXPECT_TRUE(subtract(B, {{2, 3}}).empty());
}

TEST(RangeAlgebra, DisjointCoverKeepsTheRangeWhole) {
  Bounds B{{0, 10, 20, 30}, {}};
  auto Pieces = subtract(B, {{2, 3}});
  ASSERT_EQ(Pieces.size(), 1u);
  EXPECT_EQ(Pieces[0].Lo.size(), 1u);
  EXPECT_EQ(Pieces[0].Hi.size(), 1u);
}

TEST(RangeAlgebra, UnknownOrderKeepsRunTimeMinAndMax) {
  // Only begin == cover begin is known: the end of the cover may lie
  // beyond the range (pos > size) or before it.
  Bounds B{{0, 100, 0, 40}, {{0, 2}, {2, 0}}};
  auto Pieces = subtract(B, {{2, 3}});
  ASSERT_EQ(Pieces.size(), 1u);
  EXPECT_EQ(Pieces[0].Lo.size(), 2u) << "max(begin, cover end) at run time";
  EXPECT_EQ(B.lo(Pieces[0]), 40);
}

TEST(RangeAlgebra, TwoCoversLeaveTheGapAndTheTail) {
  // jit-flush's shape: prologue [0,16), program [16,end), whole [0,4096);
  // here with a gap [30,40) between the two covers.
  Bounds B{{0, 4096, 0, 16, 40, 2000}, {}};
  auto Pieces = subtract(B, {{2, 3}, {4, 5}});
  std::set<int64_t> Want;
  for (int64_t X = 16; X < 40; ++X)
    Want.insert(X);
  for (int64_t X = 2000; X < 4096; ++X)
    Want.insert(X);
  EXPECT_EQ(B.bytes(Pieces), Want);
  EXPECT_EQ(Pieces.size(), 2u);
}

// Soundness, exhaustively on small values: whatever the oracle may prove, the
// pieces hold every byte of the range outside the covers and nothing outside
// the range; an inverted cover takes nothing out.
TEST(RangeAlgebra, SubtractIsExactOrLargerForEveryOrder) {
  for (int64_t Begin = 0; Begin < 5; ++Begin)
    for (int64_t End = 0; End < 6; ++End)
      for (int64_t C1 = 0; C1 < 6; ++C1)
        for (int64_t D1 = 0; D1 < 6; ++D1)
          for (int64_t C2 = 1; C2 < 6; C2 += 2)
            for (int64_t D2 = 0; D2 < 6; D2 += 2)
              for (bool Partial : {false, true}) {
                Bounds B{{Begin, End, C1, D1, C2, D2}, {}};
                if (Partial)
                  B.Known = {{0, 2}, {1, 3}, {2, 4}};
                auto Pieces = subtract(B, {{2, 3}, {4, 5}});
                std::set<int64_t> Must, Got = B.bytes(Pieces);
                for (int64_t X = Begin; X < End; ++X)
                  if (!(C1 <= X && X < D1) && !(C2 <= X && X < D2))
                    Must.insert(X);
                for (int64_t X : Must)
                  EXPECT_TRUE(Got.count(X))
                      << "byte " << X << " lost: [" << Begin << "," << End
                      << ") - [" << C1 << "," << D1 << ") - [" << C2 << ","
                      << D2 << ")";
                for (int64_t X : Got)
                  EXPECT_TRUE(Begin <= X && X < End) << "byte " << X;
                if (!Partial)
                  EXPECT_EQ(Got, Must) << "a full order gives exact pieces";
              }
}

//===----------------------------------------------------------------------===//
// Lines saved.
//===----------------------------------------------------------------------===//

TEST(RangeAlgebra, PartlyCoveredLineIsNotSaved) {
  // [0, 256) minus a flushed [10, 100): the pieces [0, 10) and [100, 256)
  // touch lines 0 and 1, which hold covered bytes too: nothing is saved.
  EXPECT_EQ(linesSavedAtWorst({0, 256}, {{0, 10}, {100, 256}}, 64, 0u), 0u);
  // Minus a flushed [0, 100): line 0 goes, line 1 (64..127) stays.
  EXPECT_EQ(linesSavedAtWorst({0, 256}, {{100, 256}}, 64, 0u), 1u);
  EXPECT_EQ(linesSavedAtWorst({0, 256}, {{128, 256}}, 64, 0u), 2u);
  // A line the flush only touches at its start, before any piece, is saved
  // at every alignment: its other bytes lie outside the flush.
  EXPECT_EQ(linesSavedAtWorst({0, 256}, {{100, 256}}, 64, std::nullopt), 1u);
  // Covered bytes between two pieces may hold no whole line at worst.
  EXPECT_EQ(
      linesSavedAtWorst({0, 256}, {{0, 10}, {100, 256}}, 64, std::nullopt), 0u);
  EXPECT_EQ(
      linesSavedAtWorst({0, 300}, {{0, 10}, {200, 300}}, 64, std::nullopt), 1u);
}

TEST(RangeAlgebra, RandomXShapeSavesTheProgramLines) {
  // A 2500-byte program in a 20 KiB buffer: the remainder [2500, 20480)
  // starts inside line 39, so lines 0..38 go, at any alignment.
  EXPECT_EQ(linesSavedAtWorst({0, 20480}, {{2500, 20480}}, 64, 0u), 39u);
  EXPECT_EQ(linesSavedAtWorst({0, 20480}, {{2500, 20480}}, 64, std::nullopt),
            39u);
  EXPECT_EQ(linesSavedAtWorst({0, 20480}, {{2500, 20480}}, 64, 63u), 40u);
}

TEST(RangeAlgebra, NoPiecesSavesEveryLine) {
  EXPECT_EQ(linesSavedAtWorst({0, 128}, {}, 64, 0u), 2u);
  EXPECT_EQ(linesSavedAtWorst({0, 128}, {}, 64, std::nullopt), 2u);
  EXPECT_EQ(linesSavedAtWorst({5, 5}, {}, 64, std::nullopt), 0u);
}

TEST(RangeAlgebra, OverlappingPiecesCountTheirLinesOnce) {
  EXPECT_EQ(linesSavedAtWorst({0, 512}, {{0, 70}, {60, 130}}, 64, 0u), 5u);
}

// The run-time threshold: covered bytes >= coveredBytesForLines(N, P, L)
// guarantee N whole lines saved at every alignment and every split into at
// most P pieces. Exhaustive for a small line.
TEST(RangeAlgebra, CoveredBytesThresholdGuaranteesTheLines) {
  const uint64_t Line = 8;
  for (uint64_t MinLines : {1u, 2u})
    for (unsigned MaxPieces : {1u, 2u}) {
      uint64_t Need = coveredBytesForLines(MinLines, MaxPieces, Line);
      const int64_t W = int64_t(Need) + 9;
      // Pieces [a, b) and (for two) [c, d) inside [0, W), disjoint, in order.
      for (int64_t A = 0; A <= W; ++A)
        for (int64_t Bn = A; Bn <= W; ++Bn)
          for (int64_t C = Bn; C <= W; C += (MaxPieces == 2 ? 1 : W + 1))
            for (int64_t D = C; D <= W; D += (MaxPieces == 2 ? 1 : W + 1)) {
              std::vector<ByteInterval> Ps{{A, Bn}};
              if (MaxPieces == 2)
                Ps.push_back({C, D});
              uint64_t Covered = uint64_t(W);
              for (ByteInterval P : Ps)
                Covered -= P.size();
              if (Covered < Need)
                continue;
              EXPECT_GE(linesSavedAtWorst({0, W}, Ps, Line, std::nullopt),
                        MinLines)
                  << "W=" << W << " [" << A << "," << Bn << ") [" << C << ","
                  << D << ")";
            }
    }
}
