//===- hotlayout/Support/HotLoopRules.h - The one hot-loop definition -----===//
//
// The constants and line arithmetic of the one definition of a straddling
// hot loop, shared by hotalign's remarks, `hotlayout check`/`diff` and
// apply's verification. bench/common/callgrind_loops.py (the independent
// judge) mirrors the same numbers; change both together. Plain C++, no LLVM.
//
// A loop iterates when its back edges are taken at least
// MinIterationsPerEntry times per entry of the loop (control coming into its
// span from outside it: a fall or jump to its start, a jump to a later
// instruction of it, a call of its function when it starts there); its hot
// bytes are the instructions of its span that run on at least 1/HotByteDivisor
// of its iterations; it straddles when those bytes touch more lines where they
// are than at the best of the line's start offsets (minLinesOverShifts). A hot
// loop is *tight* when its hot bytes are at most MaxTightHotBytes: only tight
// loops count as straddling (a loop that fetches more than four lines per
// iteration gains little from one line fewer); larger ones are listed, not
// counted (since 2026-11-26).
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_SUPPORT_HOTLOOPRULES_H
#define HOTLAYOUT_SUPPORT_HOTLOOPRULES_H

#include <cstdint>
#include <vector>

namespace hotlayout {

/// A loop iterates when Taken >= this x max(Entries, 1).
inline constexpr uint64_t MinIterationsPerEntry = 2;
/// Hot bytes run at least Taken / this times.
inline constexpr uint64_t HotByteDivisor = 8;
/// Default noise floor: a hot loop is taken at least this often.
inline constexpr uint64_t DefaultMinCount = 100;
/// Default share of all iterating loops' Taken that the hot loops make up.
inline constexpr double DefaultHotCoverage = 0.99;
/// Default line size (I-cache line).
inline constexpr unsigned DefaultLineSize = 64;
/// A hot loop is tight when its hot bytes are at most this many.
inline constexpr uint64_t MaxTightHotBytes = 256;
/// hotalign pads before a loop nested in a hotter loop only when it
/// iterates at least this many times per entry: the padding may run once
/// per entry of the loop it aligns, which is once per iteration of the
/// enclosing loop.
inline constexpr uint64_t MinNestedIterationsPerEntry = 8;

/// True when a loop taken \p Taken times and entered \p Entries times (0:
/// never, counted as once) runs at least two iterations per entry.
bool loopIterates(uint64_t Taken, uint64_t Entries);

/// True when an instruction executed \p Exec times belongs to the hot bytes
/// of a loop taken \p Taken times (runs on at least 1/8 of its iterations).
bool isHotByte(uint64_t Exec, uint64_t Taken);

/// True when a hot loop of \p HotBytes hot bytes is tight (counted as
/// straddling or not).
bool isTightLoop(uint64_t HotBytes);

/// What the coverage cut knows of one loop.
struct LoopTaken {
  uint64_t Taken = 0;    ///< Summed taken count of its back edges.
  bool Iterates = false; ///< loopIterates().
};

/// The hot loops among \p Loops (all loops of one binary): iterating, taken
/// at least \p MinCount times, and among the most taken iterating loops that
/// together make up the \p HotCoverage share of all iterating loops' Taken.
/// Loops tied with the last one chosen are chosen too. One flag per loop, in
/// \p Loops' order.
std::vector<bool> markHotLoops(const std::vector<LoopTaken> &Loops,
                               uint64_t MinCount, double HotCoverage);

/// Bytes [Start, End) of code.
struct ByteInterval {
  uint64_t Start = 0;
  uint64_t End = 0;

  uint64_t size() const { return End - Start; }
  bool operator==(const ByteInterval &O) const {
    return Start == O.Start && End == O.End;
  }
};

/// Sorts \p Intervals and merges those that touch or overlap; drops empty
/// ones.
std::vector<ByteInterval> mergeIntervals(std::vector<ByteInterval> Intervals);

/// Distinct \p Line -byte lines that \p Intervals touch when every one of
/// them is moved \p Shift bytes later.
uint64_t linesTouchedAt(const std::vector<ByteInterval> &Intervals,
                        uint64_t Shift, uint64_t Line);

/// The fewest lines \p Intervals can touch when moved together: the minimum
/// of linesTouchedAt over the shifts 0 .. Line-1. The bytes straddle exactly
/// when linesTouchedAt(Intervals, 0, Line) is larger.
uint64_t minLinesOverShifts(const std::vector<ByteInterval> &Intervals,
                            uint64_t Line);

} // namespace hotlayout

#endif // HOTLAYOUT_SUPPORT_HOTLOOPRULES_H
