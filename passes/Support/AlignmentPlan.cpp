//===- AlignmentPlan.cpp - Max-skip for a hot span ------------------------===//

#include "hotlayout/Support/AlignmentPlan.h"

#include <algorithm>

namespace hotlayout {

uint64_t spanMinLines(uint64_t SpanBytes, uint64_t LineBytes) {
  return (SpanBytes + LineBytes - 1) / LineBytes;
}

uint64_t spanLinesTouched(uint64_t Start, uint64_t SpanBytes,
                          uint64_t LineBytes) {
  if (SpanBytes == 0)
    return 0;
  uint64_t First = Start / LineBytes;
  uint64_t Last = (Start + SpanBytes - 1) / LineBytes;
  return Last - First + 1;
}

SpanPlan planSpanAlignment(uint64_t SpanBytes, uint64_t LineBytes,
                           uint64_t MaxPad) {
  SpanPlan Plan;
  if (SpanBytes == 0 || LineBytes == 0)
    return Plan;
  uint64_t Slack = spanMinLines(SpanBytes, LineBytes) * LineBytes - SpanBytes;
  uint64_t Exact = LineBytes - Slack - 1;
  Plan.MaxSkip = std::min(Exact, MaxPad);
  Plan.Capped = Exact > MaxPad;
  return Plan;
}

} // namespace hotlayout
