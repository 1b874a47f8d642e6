//===- HotLoopRules.cpp - The one hot-loop definition ---------------------===//

#include "hotlayout/Support/HotLoopRules.h"
#include "hotlayout/Support/CacheLines.h"

#include <algorithm>
#include <cassert>

namespace hotlayout {

// Both compare without multiplying: hotalign passes block frequencies, which
// can be near 2^64.
bool loopIterates(uint64_t Taken, uint64_t Entries) {
  // Taken >= K * E  <=>  floor(Taken / K) >= E, for integers.
  return Taken / MinIterationsPerEntry >= std::max<uint64_t>(Entries, 1);
}

bool isHotByte(uint64_t Exec, uint64_t Taken) {
  // Exec * D >= Taken  <=>  Exec >= ceil(Taken / D).
  return Exec >= Taken / HotByteDivisor + (Taken % HotByteDivisor != 0);
}

bool isTightLoop(uint64_t HotBytes) { return HotBytes <= MaxTightHotBytes; }

std::vector<bool> markHotLoops(const std::vector<LoopTaken> &Loops,
                               uint64_t MinCount, double HotCoverage) {
  std::vector<bool> Hot(Loops.size(), false);
  std::vector<size_t> Iterating;
  double Total = 0;
  for (size_t K = 0; K < Loops.size(); ++K)
    if (Loops[K].Iterates) {
      Iterating.push_back(K);
      Total += double(Loops[K].Taken);
    }
  std::stable_sort(Iterating.begin(), Iterating.end(), [&](size_t A, size_t B) {
    return Loops[A].Taken > Loops[B].Taken;
  });
  // Loops tied with the last one chosen are chosen too: which of equally
  // taken loops crosses the share would otherwise depend on their
  // addresses (bzip2: four loops taken 993 times at the cut).
  double Covered = 0;
  bool HaveLast = false;
  uint64_t Last = 0;
  for (size_t K : Iterating) {
    uint64_t Taken = Loops[K].Taken;
    if (Covered >= HotCoverage * Total && !(HaveLast && Taken == Last))
      break;
    Hot[K] = Taken >= MinCount;
    Covered += double(Taken);
    HaveLast = true;
    Last = Taken;
  }
  return Hot;
}

std::vector<ByteInterval> mergeIntervals(std::vector<ByteInterval> Intervals) {
  std::sort(Intervals.begin(), Intervals.end(),
            [](const ByteInterval &A, const ByteInterval &B) {
              return A.Start < B.Start || (A.Start == B.Start && A.End < B.End);
            });
  std::vector<ByteInterval> Merged;
  for (const ByteInterval &I : Intervals) {
    if (I.End <= I.Start)
      continue;
    if (!Merged.empty() && I.Start <= Merged.back().End)
      Merged.back().End = std::max(Merged.back().End, I.End);
    else
      Merged.push_back(I);
  }
  return Merged;
}

/// True when \p Intervals is its own mergeIntervals(): sorted, none empty,
/// none touching or overlapping the one before.
static bool isMerged(const std::vector<ByteInterval> &Intervals) {
  for (size_t K = 0; K < Intervals.size(); ++K)
    if (Intervals[K].End <= Intervals[K].Start ||
        (K > 0 && Intervals[K].Start <= Intervals[K - 1].End))
      return false;
  return true;
}

/// linesTouchedAt for intervals that are already merged.
static uint64_t linesOfMerged(const std::vector<ByteInterval> &Merged,
                              uint64_t Shift, uint64_t Line) {
  // Merged intervals are sorted and disjoint, so a line can only be shared
  // by an interval and the one before it: count each interval's lines and
  // subtract the line it shares with its predecessor.
  uint64_t Lines = 0;
  bool HavePrev = false;
  uint64_t PrevLastLine = 0;
  for (const ByteInterval &I : Merged) {
    uint64_t First = (I.Start + Shift) / Line;
    uint64_t Last = (I.End - 1 + Shift) / Line;
    Lines += Last - First + 1;
    if (HavePrev && First == PrevLastLine)
      --Lines;
    HavePrev = true;
    PrevLastLine = Last;
  }
  return Lines;
}

uint64_t linesTouchedAt(const std::vector<ByteInterval> &Intervals,
                        uint64_t Shift, uint64_t Line) {
  assert(Line != 0 && "line size must be non-zero");
  // Callers mostly pass merged bytes and try them at every shift; merging
  // a copy each time (an allocation and a sort) was most of the cost.
  if (isMerged(Intervals))
    return linesOfMerged(Intervals, Shift, Line);
  return linesOfMerged(mergeIntervals(Intervals), Shift, Line);
}

uint64_t minLinesOverShifts(const std::vector<ByteInterval> &Intervals,
                            uint64_t Line) {
  std::vector<ByteInterval> Merged = mergeIntervals(Intervals);
  if (Merged.empty())
    return 0;
  // No placement beats one full line per Line bytes: stop there.
  uint64_t Bytes = 0;
  for (const ByteInterval &I : Merged)
    Bytes += I.size();
  uint64_t Bound = minLinesFor(Bytes, Line);
  uint64_t Best = linesTouchedAt(Merged, 0, Line);
  for (uint64_t Shift = 1; Shift < Line && Best > Bound; ++Shift)
    Best = std::min(Best, linesTouchedAt(Merged, Shift, Line));
  return Best;
}

} // namespace hotlayout
