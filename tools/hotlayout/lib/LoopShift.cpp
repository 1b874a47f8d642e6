//===- LoopShift.cpp - A function start that fits its hot loops -----------===//

#include "hotlayout/Tool/LoopShift.h"

#include <algorithm>
#include <limits>

using namespace llvm;

namespace hotlayout {

uint64_t linesAt(ArrayRef<ByteInterval> Bytes, uint64_t Base,
                 uint64_t LineSize) {
  uint64_t Lines = 0;
  // Intervals are sorted: a line the previous one ended in counts once.
  uint64_t LastLine = std::numeric_limits<uint64_t>::max();
  for (const ByteInterval &I : Bytes) {
    if (I.End <= I.Start)
      continue;
    uint64_t First = (Base + I.Start) / LineSize;
    uint64_t Last = (Base + I.End - 1) / LineSize;
    if (First == LastLine)
      ++First;
    if (Last >= First)
      Lines += Last - First + 1;
    LastLine = Last;
  }
  return Lines;
}

uint64_t minLines(ArrayRef<ByteInterval> Bytes, uint64_t LineSize) {
  uint64_t Best = std::numeric_limits<uint64_t>::max();
  for (uint64_t S = 0; S < LineSize; ++S)
    Best = std::min(Best, linesAt(Bytes, S, LineSize));
  return Best;
}

uint64_t shiftCost(ArrayRef<HotLoopBytes> Loops, uint64_t Shift,
                   uint64_t LineSize) {
  uint64_t Cost = 0;
  for (const HotLoopBytes &L : Loops)
    Cost += L.Taken *
            (linesAt(L.Bytes, Shift, LineSize) - minLines(L.Bytes, LineSize));
  return Cost;
}

unsigned straddlingAt(ArrayRef<HotLoopBytes> Loops, uint64_t Shift,
                      uint64_t LineSize) {
  return count_if(Loops, [&](const HotLoopBytes &L) {
    return linesAt(L.Bytes, Shift, LineSize) > minLines(L.Bytes, LineSize);
  });
}

ShiftChoice chooseShift(ArrayRef<HotLoopBytes> Loops, uint64_t MaxShift,
                        uint64_t LineSize, uint64_t MinAlign) {
  std::vector<uint64_t> Costs(LineSize);
  for (uint64_t S = 0; S < LineSize; ++S)
    Costs[S] = shiftCost(Loops, S, LineSize);
  ShiftChoice C;
  C.Loops = Loops.size();
  C.CostAtZero = Costs[0];
  uint64_t Limit = std::min(MaxShift + 1, LineSize);
  uint64_t Best = 0;
  for (uint64_t S = MinAlign; S < Limit; S += MinAlign)
    if (Costs[S] < Costs[Best])
      Best = S;
  C.Shift = Best;
  C.Cost = Costs[Best];
  uint64_t Anywhere = *std::min_element(Costs.begin(), Costs.end());
  if (Anywhere < C.Cost) {
    uint64_t AlignedAnywhere = Costs[0];
    for (uint64_t S = 0; S < LineSize; S += MinAlign)
      AlignedAnywhere = std::min(AlignedAnywhere, Costs[S]);
    C.RoomLimited = AlignedAnywhere < C.Cost;
    C.AlignmentLimited = !C.RoomLimited;
  }
  C.Straddling = straddlingAt(Loops, Best, LineSize);
  return C;
}

} // namespace hotlayout
