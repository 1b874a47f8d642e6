//===- LockPlacement.cpp - Padding locked functions into place ------------===//

#include "hotlayout/Tool/Lock/LockPlacement.h"

using namespace llvm;

namespace hotlayout {

std::vector<Placement>
placeFunctions(const LayoutPlan &Plan,
               function_ref<bool(const PlacedFunction &)> Present,
               const StringMap<uint64_t> &Body,
               const StringMap<uint64_t> &Shifts, bool ShiftFirst) {
  std::vector<Placement> P;
  const std::vector<PlacedFunction> &Fs = Plan.Functions;
  for (size_t I = 0; I < Fs.size(); ++I) {
    if (!Present(Fs[I]))
      continue;
    uint64_t End = Fs[I].Offset + Fs[I].Reserved;
    for (size_t J = I + 1; J < Fs.size(); ++J)
      if (Present(Fs[J])) {
        End = Fs[J].Offset;
        break;
      }
    uint64_t Space = End - Fs[I].Offset;
    uint64_t Shift = Shifts.lookup(Fs[I].Name);
    if (Shift + Body.lookup(Fs[I].Name) > Space || (P.empty() && !ShiftFirst))
      Shift = 0;
    P.push_back({&Fs[I], Space, 0, Shift, P.empty() ? Shift : 0});
  }
  for (size_t I = 0; I < P.size(); ++I) {
    uint64_t Next = P[I].Space + (I + 1 < P.size() ? P[I + 1].Shift : 0);
    uint64_t Used = P[I].Shift + Body.lookup(P[I].Locked->Name);
    P[I].Padding = Used < Next ? Next - Used : 0;
  }
  return P;
}

} // namespace hotlayout
