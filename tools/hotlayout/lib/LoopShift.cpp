//===- LoopShift.cpp - A function start that fits its hot loops -----------===//

#include "hotlayout/Tool/LoopShift.h"

#include <algorithm>

using namespace llvm;

namespace hotlayout {

uint64_t shiftCost(ArrayRef<HotLoopBytes> Loops, uint64_t Shift,
                   uint64_t LineSize) {
  uint64_t Cost = 0;
  for (const HotLoopBytes &L : Loops)
    Cost += L.Taken * (linesTouchedAt(L.Bytes, Shift, LineSize) -
                       minLinesOverShifts(L.Bytes, LineSize));
  return Cost;
}

unsigned straddlingAt(ArrayRef<HotLoopBytes> Loops, uint64_t Shift,
                      uint64_t LineSize) {
  return count_if(Loops, [&](const HotLoopBytes &L) {
    return linesTouchedAt(L.Bytes, Shift, LineSize) >
           minLinesOverShifts(L.Bytes, LineSize);
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
