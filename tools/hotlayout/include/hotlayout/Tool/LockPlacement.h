//===- hotlayout/Tool/LockPlacement.h - Padding locked functions into place
//===//
//
// The arithmetic that puts each locked function at its offset, with no BOLT
// in it (BoltDriver turns the result into -pad-funcs arguments):
//
// Every function starts on a line (llvm-bolt -align-functions=<line>), so
// the next locked function lands on its offset when this one ends anywhere
// in the last line before it. The padding after a function therefore aims
// at the middle of that line: BOLT emitting up to half a line more or less
// than expected (it does: sizes shift by a few bytes with where the code
// lands) changes nothing. A locked function that is not there (missing from
// the binary, or one BOLT will not move) leaves a hole that the previous
// one's padding covers; the last one pads to the end of its reservation.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_LOCKPLACEMENT_H
#define HOTLAYOUT_TOOL_LOCKPLACEMENT_H

#include "hotlayout/Tool/LayoutPlan.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"

#include <cstdint>
#include <vector>

namespace hotlayout {

/// Where one present locked function goes and the padding after it.
struct Placement {
  const PlacedFunction *Locked = nullptr; ///< Points into the plan.
  /// Bytes from its offset to the next present locked function's offset
  /// (or to the end of its reservation when it is the last).
  uint64_t Space = 0;
  uint64_t Padding = 0; ///< Bytes of padding to ask for after it.
  /// Bytes from its offset to its start: zeros before it (off the hot
  /// path) that put its hot loops on their fewest lines (LoopShift.h).
  uint64_t Shift = 0;
};

/// How the padding lands each function at its offset plus shift.
enum class PadMode {
  /// Every function aligned to the line; the shift is padding before it
  /// (llvm-bolt 22 -pad-funcs-before); the padding after ends it mid-line
  /// before the next, tolerating half a line of size change.
  AlignedMidLine,
  /// No line alignment (llvm-bolt 19 has no -pad-funcs-before): the padding
  /// after each function is the exact gap to the next one's offset plus
  /// shift, from the sizes BOLT emitted. No tolerance: a function emitted a
  /// byte longer moves the ones after it (the next run corrects that). The
  /// first function cannot be shifted: the section alignment places it.
  ExactGaps,
};

/// A placement for each function of \p Plan that \p Present accepts, in
/// the plan's (offset) order. \p Body: the bytes each function is expected
/// to take, by name (absent: 0); \p Shifts: each function's shift (absent:
/// 0; one that does not fit its space becomes 0).
std::vector<Placement>
placeFunctions(const LayoutPlan &Plan,
               llvm::function_ref<bool(const PlacedFunction &)> Present,
               const llvm::StringMap<uint64_t> &Body,
               const llvm::StringMap<uint64_t> &Shifts = {},
               PadMode Mode = PadMode::AlignedMidLine);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_LOCKPLACEMENT_H
