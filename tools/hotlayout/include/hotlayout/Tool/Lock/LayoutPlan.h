//===- hotlayout/Tool/Lock/LayoutPlan.h - Locked offsets in the hot text --===//
//
// `hotlayout plan` gives each hot function a fixed offset in the hot text so
// that the next build can put it back exactly there (`hotlayout apply`,
// through llvm-bolt). This file is the part that needs no binary: given
// functions with sizes and counts, which order and which offsets; given last
// time's plan and this build's functions, which offsets can stay. Plain C++,
// no LLVM.
//
// Fresh plan:
//  1. Reserve for each function its shift (where in its line it starts:
//     the compiler's line offset of its hot loops, see Plan.cpp), its size
//     and --slack-percent of its size, rounded up to the line size, so
//     growth within the slack keeps every later offset.
//  2. Order: call-chain clustering (C3, Ottoni and Maher, "Optimizing
//     Function Placement for Large-Scale Data-Center Applications", CGO
//     2017; BOLT's -reorder-functions=hfsort): visiting functions from the
//     hottest down, append a function's cluster to the cluster of its most
//     frequent caller while the two fit in MaxClusterBytes; then order the
//     clusters by density (count per reserved byte), densest first. Without
//     call edges every cluster is one function, so the order is by density.
//     Ties break by name, so the order is deterministic.
//  3. Lay the reservations end to end from offset 0: every function starts
//     on a line.
//
// Update (the previous plan and this build's functions):
//  1. A function in both keeps its offset and its reservation when its
//     shift and new size fit the reservation (its content hash may have
//     changed: it was edited); otherwise it moves, and the report says by
//     how much it outgrew the reservation. Its shift is the old one while
//     its code hash is the same (its hot loops keep their addresses
//     whatever a new profile says), else this build's.
//  2. A function only in the old plan is removed; its reservation becomes a
//     hole.
//  3. The movers and the new functions, in the fresh-plan order of step 2,
//     take the first hole their new reservation fits (lowest offset first),
//     else go at the end.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_LAYOUTPLAN_H
#define HOTLAYOUT_TOOL_LAYOUTPLAN_H

#include "hotlayout/Support/HotLoopRules.h"
#include "llvm/ADT/StringSet.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hotlayout {

/// A function to place. Names must be unique within one call.
struct PlanFunction {
  std::string Name;
  std::string Hash;   ///< Of its bytes; carried into the plan, not compared.
  uint64_t Size = 0;  ///< Bytes.
  uint64_t Count = 0; ///< How hot: profile count.
  /// Bytes from its line start to where it should start (< the line).
  uint64_t Shift = 0;
  /// Hash of its code with relocated fields zeroed (PlacedFunction).
  std::string CodeHash = {};
};

/// \p Caller called \p Callee \p Count times. Optional input; edges naming
/// functions that are not placed are ignored.
struct PlanCall {
  std::string Caller, Callee;
  uint64_t Count = 0;
};

struct PlanOptions {
  uint64_t LineSize =
      DefaultLineSize;       ///< Every offset is a multiple; power of two.
  unsigned SlackPercent = 6; ///< Growth each reservation absorbs.
  /// Clustering merges no further once a cluster would exceed this (a page:
  /// callers and callees that share it share an I-TLB entry).
  uint64_t MaxClusterBytes = 4096;
};

/// A function at its place in the hot text.
struct PlacedFunction {
  std::string Name;
  std::string Hash;
  uint64_t Offset = 0;   ///< From the hot text start; a multiple of the line.
  uint64_t Size = 0;     ///< Bytes it has now.
  uint64_t Reserved = 0; ///< Bytes it owns: [Offset, Offset + Reserved).
  /// Where in its line it starts (lock format 2): at Offset + Shift, so
  /// that its hot loops sit on their fewest lines. Plan sets it; a lock of
  /// format 1 has none and apply chooses one.
  std::optional<uint64_t> Shift = std::nullopt;
  /// Bytes llvm-bolt emits for it (its input size until apply saw more).
  uint64_t EmittedSize = 0;
  /// Hash of its input bytes with every relocated field zeroed (a relink
  /// changes call displacements, not the code): Shift holds while it is
  /// the same.
  std::string CodeHash = {};
  /// With Shift (lock format 3): llvm-bolt emits the function's input code
  /// as it is, in its input block order (the compiler's placement of its
  /// hot loops). Every function plan locks has it.
  bool InputLayout = false;
};

/// Functions sorted by offset; reservations do not overlap.
struct LayoutPlan {
  uint64_t LineSize = DefaultLineSize;
  unsigned SlackPercent = 6;
  std::vector<PlacedFunction> Functions;

  /// End of the last reservation: bytes of hot text the plan needs.
  uint64_t size() const;
  /// The names of its functions.
  llvm::StringSet<> names() const;
};

/// What an update did, for the report.
struct PlanUpdate {
  LayoutPlan Plan;
  /// Kept their offset; Edited of them with a different hash.
  std::vector<std::string> Kept, Edited;
  struct Move {
    std::string Name;
    uint64_t OldOffset = 0, NewOffset = 0;
    uint64_t OldSize = 0, NewSize = 0, OldReserved = 0;
    std::string Reason; ///< "grew from 100 to 160 bytes, reservation 128"
  };
  std::vector<Move> Moved;
  std::vector<std::string> Added;   ///< New, placed in holes or at the end.
  std::vector<std::string> Removed; ///< In the old plan only; space freed.
};

/// Step 1: \p Shift plus \p Size plus SlackPercent of it (rounded up),
/// rounded up to the line. Growth of up to SlackPercent always fits;
/// rounding may give more. A 0-byte function still reserves one line.
uint64_t reservedBytes(uint64_t Size, const PlanOptions &Opts,
                       uint64_t Shift = 0);

/// Step 2: the names of \p Functions in placement order.
std::vector<std::string>
orderFunctions(const std::vector<PlanFunction> &Functions,
               const std::vector<PlanCall> &Calls, const PlanOptions &Opts);

/// A fresh plan (steps 1-3).
LayoutPlan planLayout(const std::vector<PlanFunction> &Functions,
                      const std::vector<PlanCall> &Calls,
                      const PlanOptions &Opts);

/// An update of \p Old for this build's \p Functions. Uses Old.LineSize
/// (offsets stay multiples of it); new reservations use Opts.SlackPercent.
PlanUpdate updateLayout(const LayoutPlan &Old,
                        const std::vector<PlanFunction> &Functions,
                        const std::vector<PlanCall> &Calls,
                        const PlanOptions &Opts);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_LAYOUTPLAN_H
