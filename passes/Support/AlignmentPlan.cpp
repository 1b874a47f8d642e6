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

SpanPlan planHotBytesAlignment(const std::vector<ByteInterval> &Bytes,
                               uint64_t LineBytes, uint64_t MaxPad) {
  SpanPlan Plan;
  std::vector<ByteInterval> Merged = mergeIntervals(Bytes);
  if (Merged.empty() || LineBytes == 0)
    return Plan;
  uint64_t Best = minLinesOverShifts(Merged, LineBytes);
  if (linesTouchedAt(Merged, 0, LineBytes) > Best) {
    Plan.LineStartNotBest = true;
    return Plan;
  }
  // The first start offset that touches more lines than the best: from
  // there on the assembler must pad, K = L - that offset.
  uint64_t FirstBad = LineBytes;
  for (uint64_t R = 1; R < LineBytes; ++R)
    if (linesTouchedAt(Merged, R, LineBytes) > Best) {
      FirstBad = R;
      break;
    }
  uint64_t Exact = LineBytes - FirstBad;
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
