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

std::vector<uint64_t> blockStarts(const std::vector<LaidOutBlock> &Blocks,
                                  uint64_t Start) {
  std::vector<uint64_t> Starts;
  uint64_t At = Start;
  for (const LaidOutBlock &B : Blocks) {
    uint64_t Pad = (B.Align - At % B.Align) % B.Align;
    if (B.MaxSkip == 0 || Pad <= B.MaxSkip)
      At += Pad;
    Starts.push_back(At);
    At += B.Bytes;
  }
  return Starts;
}

uint64_t chooseLineOffset(const std::vector<LaidOutBlock> &Blocks,
                          const std::vector<PlacedLoop> &Loops,
                          uint64_t LineBytes, uint64_t Step, uint64_t &Cost) {
  uint64_t Best = 0;
  Cost = UINT64_MAX;
  for (uint64_t K = 0; K < LineBytes; K += std::max<uint64_t>(Step, 1)) {
    std::vector<uint64_t> Starts = blockStarts(Blocks, K);
    uint64_t C = 0;
    for (const PlacedLoop &L : Loops) {
      std::vector<ByteInterval> Hot;
      for (size_t N : L.HotBlocks)
        Hot.push_back({Starts[N], Starts[N] + Blocks[N].Bytes});
      Hot = mergeIntervals(std::move(Hot));
      uint64_t Extra = linesTouchedAt(Hot, 0, LineBytes) -
                       minLinesOverShifts(Hot, LineBytes);
      C += L.Weight * Extra;
    }
    if (C < Cost) {
      Cost = C;
      Best = K;
    }
  }
  return Best;
}

} // namespace hotlayout
