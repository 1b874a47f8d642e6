//===- Lock/LoopShift.h - A function start that fits its loops ------------===//
//
// The arithmetic of hot-loop placement, with no BOLT and no binary in it.
// A function's code does not depend on where it starts (llvm-bolt re-emits
// it the same at any address, up to a tail jump's encoding), so moving its
// start by S bytes moves every hot loop in it by S. apply chooses, per
// locked function, the S within its reservation that puts its hot loops on
// their fewest cache lines, weighted by how often each loop iterates:
//
//   cost(S) = sum over hot loops L of Taken(L) * (Lines(L, S) - MinLines(L))
//
// where Lines(L, S) counts the lines L's hot bytes touch with the function
// at a line start + S, and MinLines(L) is the fewest over every start
// offset. The smallest S of least cost wins (least padding). S is a multiple
// of the target's minimum function alignment (x86-64: 2, AArch64: 4).
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_LOOPSHIFT_H
#define HOTLAYOUT_TOOL_LOOPSHIFT_H

#include "hotlayout/Support/HotLoopRules.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hotlayout {

/// One hot loop of a function: the bytes it fetches on most iterations
/// (judgeHotLoops' hot bytes, from the function's start) and how often it
/// iterates (its back edges' taken count). Lines are counted by the one
/// definition's rules (HotLoopRules.h: linesTouchedAt, minLinesOverShifts).
struct HotLoopBytes {
  std::vector<ByteInterval> Bytes; ///< Sorted, not overlapping.
  uint64_t Taken = 0;
  uint64_t Head = 0; ///< Offset of its first byte, for reports.
};

/// A locked function's hot loops, as the placer needs them: the tight ones
/// (HotLoopRules.h), which are what straddling counts.
struct FunctionHotLoops {
  std::string Name;
  std::vector<HotLoopBytes> Loops;
  /// Hot loops larger than tight: not placed, not counted.
  unsigned LargeLoops = 0;
};

/// What the solver chose for one function.
struct ShiftChoice {
  uint64_t Shift = 0;      ///< Bytes after the line start.
  uint64_t Cost = 0;       ///< cost(Shift), see above.
  uint64_t CostAtZero = 0; ///< cost(0): what it would be unshifted.
  unsigned Loops = 0;
  unsigned Straddling = 0; ///< Loops on more than their fewest lines.
  /// Some shift the space allowed would cost less, but only an odd one
  /// (or one not a multiple of the alignment) would.
  bool AlignmentLimited = false;
  /// A cheaper shift exists beyond \p MaxShift: the function lacks room.
  bool RoomLimited = false;
};

/// cost(\p Shift) for \p Loops of a function starting at a line start.
uint64_t shiftCost(llvm::ArrayRef<HotLoopBytes> Loops, uint64_t Shift,
                   uint64_t LineSize);

/// Loops of \p Loops that straddle with the function at line start +
/// \p Shift.
unsigned straddlingAt(llvm::ArrayRef<HotLoopBytes> Loops, uint64_t Shift,
                      uint64_t LineSize);

/// The shift in [0, min(MaxShift, LineSize)) that is a multiple of
/// \p MinAlign with the least cost; ties: the smallest.
ShiftChoice chooseShift(llvm::ArrayRef<HotLoopBytes> Loops, uint64_t MaxShift,
                        uint64_t LineSize, uint64_t MinAlign);

/// Where in its line a function whose code is kept as it is should start:
/// at \p InputShift, its line offset in the input (the compiler placed its
/// hot loops for it), unless another start (a multiple of \p MinAlign)
/// puts \p F's tight hot loops on fewer lines, weighted as chooseShift
/// weighs them. 0 for a function without hot loops: its line offset does
/// not matter, and a smaller shift leaves more of its reservation free.
uint64_t compilerShift(const FunctionHotLoops &F, uint64_t InputShift,
                       uint64_t LineSize, uint64_t MinAlign);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_LOOPSHIFT_H
