//===- AlignmentPlan.cpp - Max-skip for a hot span ------------------------===//

#include "hotlayout/Support/AlignmentPlan.h"
#include "hotlayout/Support/CacheLines.h"

#include <algorithm>

namespace hotlayout {

SpanPlan planSpanAlignment(uint64_t SpanBytes, uint64_t LineBytes,
                           uint64_t MaxPad) {
  SpanPlan Plan;
  if (SpanBytes == 0 || LineBytes == 0)
    return Plan;
  uint64_t Slack = minLinesFor(SpanBytes, LineBytes) * LineBytes - SpanBytes;
  uint64_t Exact = LineBytes - Slack - 1;
  Plan.MaxSkip = std::min(Exact, MaxPad);
  Plan.Capped = Exact > MaxPad;
  return Plan;
}

SpanPlan planLineStart(uint64_t LineBytes, uint64_t MaxPad) {
  SpanPlan Plan;
  if (LineBytes == 0)
    return Plan;
  Plan.MaxSkip = std::min(LineBytes - 1, MaxPad);
  Plan.Capped = LineBytes - 1 > MaxPad;
  return Plan;
}

} // namespace hotlayout
