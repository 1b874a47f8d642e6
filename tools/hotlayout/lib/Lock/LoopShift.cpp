//===- LoopShift.cpp - A function start that fits its hot loops -----------===//

#include "hotlayout/Tool/Lock/LoopShift.h"

#include <algorithm>

using namespace llvm;

namespace hotlayout {

/// Each loop's fewest lines over all shifts.
static std::vector<uint64_t> fewestLines(ArrayRef<HotLoopBytes> Loops,
                                         uint64_t LineSize) {
  std::vector<uint64_t> Fewest;
  for (const HotLoopBytes &L : Loops)
    Fewest.push_back(minLinesOverShifts(L.Bytes, LineSize));
  return Fewest;
}

/// shiftCost with each loop's fewest lines given (\p Fewest): chooseShift
/// needs the cost at every shift, and the fewest lines do not depend on it.
static uint64_t costAt(ArrayRef<HotLoopBytes> Loops, ArrayRef<uint64_t> Fewest,
                       uint64_t Shift, uint64_t LineSize) {
  uint64_t Cost = 0;
  for (size_t K = 0; K < Loops.size(); ++K)
    Cost += Loops[K].Taken *
            (linesTouchedAt(Loops[K].Bytes, Shift, LineSize) - Fewest[K]);
  return Cost;
}

uint64_t shiftCost(ArrayRef<HotLoopBytes> Loops, uint64_t Shift,
                   uint64_t LineSize) {
  return costAt(Loops, fewestLines(Loops, LineSize), Shift, LineSize);
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
  std::vector<uint64_t> Fewest = fewestLines(Loops, LineSize);
  std::vector<uint64_t> Costs(LineSize);
  for (uint64_t S = 0; S < LineSize; ++S)
    Costs[S] = costAt(Loops, Fewest, S, LineSize);
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

uint64_t compilerShift(const FunctionHotLoops &F, uint64_t InputShift,
                       uint64_t LineSize, uint64_t MinAlign) {
  if (F.Loops.empty())
    return F.LargeLoops ? InputShift : 0;
  ShiftChoice Best = chooseShift(F.Loops, LineSize - 1, LineSize, MinAlign);
  return Best.Cost < shiftCost(F.Loops, InputShift, LineSize) ? Best.Shift
                                                              : InputShift;
}

} // namespace hotlayout
