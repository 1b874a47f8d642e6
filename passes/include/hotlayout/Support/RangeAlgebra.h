//===- hotlayout/Support/RangeAlgebra.h - Byte ranges and cache lines -----===//
//
// Questions about byte ranges that need no IR: given two half-open ranges at
// known offsets from a common base, how do they relate; given a base
// alignment, which cache line holds an offset. The IR layer reduces symbolic
// ranges to these offsets (via SCEV) and asks here.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_SUPPORT_RANGEALGEBRA_H
#define HOTLAYOUT_SUPPORT_RANGEALGEBRA_H

#include <cstdint>
#include <optional>

namespace hotlayout {

/// The bytes [Begin, End) at offsets from some base address.
struct ByteInterval {
  int64_t Begin = 0;
  int64_t End = 0;

  bool empty() const { return End <= Begin; }
  uint64_t size() const { return empty() ? 0 : uint64_t(End - Begin); }
};

enum class RangeRelation {
  Equal,          ///< Same bytes.
  Contains,       ///< The first range strictly contains the second.
  ContainedIn,    ///< The first range lies strictly inside the second.
  PartialOverlap, ///< They share bytes, neither contains the other.
  Disjoint,       ///< No byte in common.
};

/// How \p A relates to \p B. An empty range is contained in every range.
RangeRelation relateRanges(ByteInterval A, ByteInterval B);

/// True when \p A contains every byte of \p B (equal ranges included).
inline bool rangeCovers(ByteInterval A, ByteInterval B) {
  RangeRelation R = relateRanges(A, B);
  return R == RangeRelation::Equal || R == RangeRelation::Contains;
}

/// The cache line (as a byte interval relative to the same base) that holds
/// \p Offset, when the base is known to be aligned to at least \p LineSize;
/// std::nullopt when the alignment is too weak to tell where lines start.
/// \p LineSize must be a power of two.
std::optional<ByteInterval> cacheLineOf(int64_t Offset, uint64_t BaseAlign,
                                        uint64_t LineSize);

} // namespace hotlayout

#endif // HOTLAYOUT_SUPPORT_RANGEALGEBRA_H
