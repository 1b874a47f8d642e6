//===- LayoutLoops.h - The definition's loops in a laid-out function ------===//
//
// hotalign must align what the judge measures (HotLoopRules.h; its mirror,
// bench/common/callgrind_loops.py, reads the linked binary): a loop is the
// direct backward jumps to one target that close a cycle, its span runs from
// the target to the last of those jumps, its count is their summed count,
// and its hot bytes are the span's blocks that run on at least 1/8 of its
// iterations. After block placement the layout is the binary's, so the same
// loops can be read from the machine function: a MachineLoop is not one
// (a rotated loop's back jump targets its top block, not its header; two
// back-jump targets in one MachineLoop are two loops; one target shared by
// an outer and an inner MachineLoop is one loop).
//
// Counts come from a LayoutCounts: the compiler's block frequencies
// (FrequencyCounts: the ratios the definition uses, per entry and 1/8 of the
// count, need no profile; with one, MBFI turns a frequency into a count), or
// the binary's own block and edge counts (a loop profile with edges,
// LoopProfile.h: MeasuredCounts), which give the loops of this layout the
// counts the judge will find in it, whatever layout the counts were
// recorded in.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_LAYOUTLOOPS_H
#define HOTLAYOUT_LAYOUTLOOPS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/BlockFrequency.h"

#include <optional>
#include <vector>

namespace llvm {
class MachineBasicBlock;
class MachineBlockFrequencyInfo;
class MachineFunction;
class MachineInstr;
} // namespace llvm

namespace hotlayout {

/// Where the counts of a layout's blocks and edges come from.
class LayoutCounts {
public:
  virtual ~LayoutCounts();
  /// How often \p MBB runs.
  virtual llvm::BlockFrequency
  block(const llvm::MachineBasicBlock &MBB) const = 0;
  /// How often control goes from \p From to \p To, one of its successors.
  virtual llvm::BlockFrequency
  edge(const llvm::MachineBasicBlock &From,
       const llvm::MachineBasicBlock &To) const = 0;
  /// How often the function is entered.
  virtual llvm::BlockFrequency entry() const = 0;
};

/// The compiler's counts: block frequencies and branch probabilities. The
/// frequencies are asked for only when a count is: late in codegen they are
/// computed again for whoever asks (an iterative inference with
/// -use-iterative-bfi-inference), and a function without loops needs none.
class FrequencyCounts final : public LayoutCounts {
public:
  explicit FrequencyCounts(
      llvm::function_ref<const llvm::MachineBlockFrequencyInfo &()> MBFI)
      : MBFI(MBFI) {}
  llvm::BlockFrequency block(const llvm::MachineBasicBlock &MBB) const override;
  llvm::BlockFrequency edge(const llvm::MachineBasicBlock &From,
                            const llvm::MachineBasicBlock &To) const override;
  llvm::BlockFrequency entry() const override;

private:
  llvm::function_ref<const llvm::MachineBlockFrequencyInfo &()> MBFI;
};

/// One loop of the definition in the function's current layout.
struct LayoutLoop {
  /// The target of its back jumps: the first block of its span.
  llvm::MachineBasicBlock *Target = nullptr;
  /// The span's blocks in layout order, Target to the last back jump's block.
  llvm::SmallVector<const llvm::MachineBasicBlock *, 8> Span;
  /// Per block of Span: does it run on at least 1/HotByteDivisor of the
  /// loop's iterations (its bytes are hot bytes)?
  llvm::SmallVector<bool, 8> Hot;
  /// The last back jump: the span ends after it.
  const llvm::MachineInstr *LastJump = nullptr;
  /// Summed frequency of its back jumps (the definition's Taken).
  llvm::BlockFrequency Taken;
  /// How often control comes into the span from outside it (the
  /// definition's entries of the loop): edges from blocks outside the span
  /// to blocks in it, and the function's entry when the span holds it; not
  /// from the loop's own code (blocks after the span that continue it, cases
  /// of its own switch laid out before it).
  llvm::BlockFrequency Entries;
  /// Arrivals at Target from its own jump tables' cases laid out before it
  /// (they run straight to it): iterations, not entries (a block order or
  /// tail duplication can put a switch's cases before its dispatch).
  llvm::BlockFrequency CaseArrivals;
  /// An indirect branch of the loop's own code that hotalign cannot follow
  /// while a block it may reach, laid out before Target, runs straight to
  /// Target: that block's arrivals were counted as entries, which the judge
  /// may count as iterations. Null when there is none.
  const llvm::MachineBasicBlock *Unfollowed = nullptr;
  /// Why Unfollowed could not be followed: it has no jump table (a computed
  /// goto: its successors are every block whose address is taken), or its
  /// table's arrivals were not counted (it runs, no edge out of it does).
  bool UnfollowedHasTable = false;
  /// How often the block laid out before Target falls into it: how often
  /// padding before Target would run. That block is outside the span, so
  /// each of these runs is an entry into the loop; entries by a jump run no
  /// padding.
  llvm::BlockFrequency FallIn;
  /// Index (in findLayoutLoops' result) of the innermost loop whose span
  /// holds this one's, or -1.
  int Parent = -1;
  /// With the binary's counts (LoopProfile.h, applyMeasuredCounts): the
  /// judge's verdict there; Taken, Entries and FallIn are then counts, and
  /// Hot follows the binary's block counts.
  std::optional<bool> MeasuredHot;

  /// Iterations per entry of the loop (Taken / Entries; never entered:
  /// Taken, as if entered once).
  double perEntry() const;
  /// Iterations per run of padding before Target (Taken / FallIn): per
  /// entry into the loop that falls into it.
  double perFallIn() const;
};

/// Does \p Prev, laid out right before \p Next, fall into it (an edge to
/// it that no branch of its takes)?
bool fallsThrough(const llvm::MachineBasicBlock &Prev,
                  const llvm::MachineBasicBlock &Next);

/// The loops of \p MF's current layout, counted by \p Counts, sorted by span
/// (outer before inner, then by layout position); a back jump that runs is
/// direct (an indirect branch or jump table starts no loop: its targets are not
/// one span) and its target reaches its source through blocks that run.
std::vector<LayoutLoop> findLayoutLoops(const llvm::MachineFunction &MF,
                                        const LayoutCounts &Counts);

} // namespace hotlayout

#endif // HOTLAYOUT_LAYOUTLOOPS_H
