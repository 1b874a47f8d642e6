//===- LockPlacement.cpp - Padding locked functions into place ------------===//

#include "hotlayout/Tool/LockPlacement.h"

using namespace llvm;

namespace hotlayout {

std::vector<Placement>
placeFunctions(const LayoutPlan &Plan,
               function_ref<bool(const PlacedFunction &)> Present,
               const StringMap<uint64_t> &Body) {
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
    // Space is at least a line: offsets and reservations are multiples.
    uint64_t Target = Space - Plan.LineSize / 2;
    uint64_t Size = Body.lookup(Fs[I].Name);
    P.push_back({&Fs[I], Space, Size < Target ? Target - Size : 0});
  }
  return P;
}

} // namespace hotlayout
