//===- RangeAlgebra.cpp - Byte ranges and cache lines ---------------------===//

#include "hotlayout/Support/RangeAlgebra.h"

namespace hotlayout {

RangeRelation relateRanges(ByteInterval A, ByteInterval B) {
  if (A.empty() && B.empty())
    return RangeRelation::Equal;
  if (B.empty())
    return RangeRelation::Contains;
  if (A.empty())
    return RangeRelation::ContainedIn;
  if (A.Begin == B.Begin && A.End == B.End)
    return RangeRelation::Equal;
  if (A.End <= B.Begin || B.End <= A.Begin)
    return RangeRelation::Disjoint;
  if (A.Begin <= B.Begin && B.End <= A.End)
    return RangeRelation::Contains;
  if (B.Begin <= A.Begin && A.End <= B.End)
    return RangeRelation::ContainedIn;
  return RangeRelation::PartialOverlap;
}

std::optional<ByteInterval> cacheLineOf(int64_t Offset, uint64_t BaseAlign,
                                        uint64_t LineSize) {
  if (LineSize == 0 || (LineSize & (LineSize - 1)) != 0 || BaseAlign < LineSize)
    return std::nullopt;
  // Floor division: offsets before the base belong to earlier lines.
  int64_t Line = int64_t(LineSize);
  int64_t Start = Offset >= 0 ? Offset / Line * Line
                              : -((-Offset + Line - 1) / Line) * Line;
  return ByteInterval{Start, Start + Line};
}

} // namespace hotlayout
