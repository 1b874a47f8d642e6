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

/// Extra lines of \p L when \p Blocks start at \p Starts.
static uint64_t extraLines(const std::vector<LaidOutBlock> &Blocks,
                           const std::vector<uint64_t> &Starts,
                           const PlacedLoop &L, uint64_t LineBytes) {
  std::vector<ByteInterval> Hot;
  for (size_t N : L.HotBlocks)
    Hot.push_back({Starts[N], Starts[N] + Blocks[N].Bytes});
  Hot = mergeIntervals(std::move(Hot));
  return linesTouchedAt(Hot, 0, LineBytes) - minLinesOverShifts(Hot, LineBytes);
}

/// Weighted extra lines of \p Loops when \p Blocks start \p K bytes after a
/// line start; a loop with an EarlierBy at its worst start of those it may
/// have. \p Starts[S / Step] holds blockStarts(Blocks, S) for every start S
/// below the line, a multiple of \p Step (K - D is taken around the line).
static uint64_t placementCost(const std::vector<LaidOutBlock> &Blocks,
                              const std::vector<PlacedLoop> &Loops,
                              const std::vector<std::vector<uint64_t>> &Starts,
                              uint64_t LineBytes, uint64_t Step, uint64_t K) {
  uint64_t C = 0;
  for (const PlacedLoop &L : Loops) {
    uint64_t Worst = 0;
    // Past a line's worth of error every start is possible.
    uint64_t Most = std::min(L.EarlierBy, LineBytes - 1);
    for (uint64_t D = 0; D <= Most + Step - 1 && D < LineBytes; D += Step) {
      uint64_t At = (K + LineBytes - D) % LineBytes;
      Worst =
          std::max(Worst, extraLines(Blocks, Starts[At / Step], L, LineBytes));
    }
    C += L.Weight * Worst;
  }
  return C;
}

uint64_t chooseLineOffset(const std::vector<LaidOutBlock> &Blocks,
                          const std::vector<PlacedLoop> &Loops,
                          uint64_t LineBytes, uint64_t Step, uint64_t &Cost) {
  Step = std::max<uint64_t>(Step, 1);
  std::vector<std::vector<uint64_t>> Starts;
  for (uint64_t K = 0; K < LineBytes; K += Step)
    Starts.push_back(blockStarts(Blocks, K));
  std::vector<uint64_t> Costs;
  for (uint64_t K = 0; K < LineBytes; K += Step)
    Costs.push_back(placementCost(Blocks, Loops, Starts, LineBytes, Step, K));
  Cost = *std::min_element(Costs.begin(), Costs.end());
  // The sizes are estimates: of the offsets of least cost, take the one
  // farthest from any costlier offset (a start K bytes later is the same
  // layout K bytes later, so offsets wrap around the line), so that the
  // real code may sit a few bytes off the estimate and still fit; the
  // smallest among equals (0 first: no padding at all).
  size_t N = Costs.size(), Best = N, BestMargin = 0;
  for (size_t K = 0; K < N; ++K) {
    if (Costs[K] != Cost)
      continue;
    size_t Margin = 0;
    while (Margin < N / 2 && Costs[(K + Margin + 1) % N] == Cost &&
           Costs[(K + N - Margin - 1) % N] == Cost)
      ++Margin;
    if (Best == N || Margin > BestMargin) {
      Best = K;
      BestMargin = Margin;
    }
  }
  return Best * Step;
}

} // namespace hotlayout
