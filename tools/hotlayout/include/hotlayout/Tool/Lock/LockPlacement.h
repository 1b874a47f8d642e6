//===- hotlayout/Tool/Lock/LockPlacement.h - Padding locked functions into place
//===//
//
// The arithmetic that puts each locked function at its offset plus shift,
// with no BOLT in it (BoltDriver turns the result into -pad-funcs
// arguments):
//
// llvm-bolt emits the functions in the lock's order with no alignment
// padding of its own (-align-functions-max-bytes=0; the hot text section
// itself starts on a line), so each function starts where the one before
// it ends. The padding after a function is the exact gap from its end to
// the next present function's offset plus shift; the first one is shifted
// by padding before it (llvm-bolt 22's -pad-funcs-before; without it, its
// shift is dropped). apply emits locked functions' input code, whose size
// it knows exactly; when llvm-bolt still emits a function at another size,
// the next run pads by what it emitted. A locked function that is not there
// (missing from the binary, or one BOLT will not move) leaves a hole that
// the previous one's padding covers; the last one pads to the end of its
// reservation. No function but the locked ones is padded or aligned, so
// the code grows by the reservations' slack alone.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_LOCKPLACEMENT_H
#define HOTLAYOUT_TOOL_LOCKPLACEMENT_H

#include "hotlayout/Tool/Lock/LayoutPlan.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"

#include <cstdint>
#include <vector>

namespace hotlayout {

/// Where one present locked function goes and the padding around it.
struct Placement {
  const PlacedFunction *Locked = nullptr; ///< Points into the plan.
  /// Bytes from its offset to the next present locked function's offset
  /// (or to the end of its reservation when it is the last).
  uint64_t Space = 0;
  uint64_t Padding = 0; ///< Bytes of padding to ask for after it.
  /// Bytes from its offset to its start: zeros before it (off the hot
  /// path) that keep its hot loops on their fewest lines (LoopShift.h).
  uint64_t Shift = 0;
  /// Bytes of padding to ask for before it: its Shift when it is the first
  /// (every later shift is the padding after the one before).
  uint64_t PaddingBefore = 0;
};

/// A placement for each function of \p Plan that \p Present accepts, in
/// the plan's (offset) order. \p Body: the bytes each function is expected
/// to take, by name (absent: 0); \p Shifts: each function's shift (absent:
/// 0; one that does not fit its space becomes 0). \p ShiftFirst: llvm-bolt
/// can pad before a function, so the first one can be shifted too.
std::vector<Placement>
placeFunctions(const LayoutPlan &Plan,
               llvm::function_ref<bool(const PlacedFunction &)> Present,
               const llvm::StringMap<uint64_t> &Body,
               const llvm::StringMap<uint64_t> &Shifts = {},
               bool ShiftFirst = true);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_LOCKPLACEMENT_H
