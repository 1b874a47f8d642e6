//===- hotlayout/Support/AlignmentPlan.h - Max-skip for a hot span --------===//
//
// hotalign never pads blindly. It emits `.p2align log2(Line), , MaxSkip`
// before a hot loop: the assembler, which knows the exact offset, pads only
// when the padding needed to reach the next line is at most MaxSkip bytes.
// This file answers, with no IR: which MaxSkip makes the assembler pad
// exactly when the span would otherwise touch more lines than its size needs.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_SUPPORT_ALIGNMENTPLAN_H
#define HOTLAYOUT_SUPPORT_ALIGNMENTPLAN_H

#include "hotlayout/Support/HotLoopRules.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hotlayout {

struct SpanPlan {
  /// Largest padding the assembler may insert; 0 means "never pad".
  uint64_t MaxSkip = 0;
  /// True when the exact answer exceeded the caller's cap: some start
  /// offsets will still touch one line more than needed.
  bool Capped = false;
  /// True when a line start is not among the best start offsets of the
  /// bytes (planHotBytesAlignment): no max-skip helps, MaxSkip is 0.
  bool LineStartNotBest = false;
};

/// A span of \p SpanBytes starting at offset r within a \p LineBytes line
/// touches ceil((r + S) / L) lines; the minimum is ceil(S / L), reached iff
/// r <= Slack where Slack = ceil(S / L) * L - S. Padding to the next line is
/// needed iff r > Slack, i.e. iff the pad p = L - r is below L - Slack; so
/// MaxSkip = L - Slack - 1 pads exactly then and never otherwise. For S <= L
/// this is S - 1. \p MaxPad caps it. \p LineBytes must be a power of two.
/// (Line counts: hotlayout/Support/CacheLines.h.)
SpanPlan planSpanAlignment(uint64_t SpanBytes, uint64_t LineBytes,
                           uint64_t MaxPad);

/// The same question for hot bytes that are not one span: \p Bytes are the
/// intervals, as offsets from the start of the aligned block, that run hot
/// (cold blocks between them do not count, HotLoopRules.h). The assembler
/// leaves start offsets 1 .. L - K - 1 unpadded and moves L - K .. L - 1 to
/// the line start, so K is the largest max-skip for which every unpadded
/// offset already puts the bytes on their fewest lines
/// (minLinesOverShifts); that needs the line start to be one of the best
/// offsets, else the plan is MaxSkip 0 with LineStartNotBest. For one
/// interval [0, S) this is planSpanAlignment(S). \p MaxPad caps it.
SpanPlan planHotBytesAlignment(const std::vector<ByteInterval> &Bytes,
                               uint64_t LineBytes, uint64_t MaxPad);

/// The plan that puts a span's start on a line start whatever its size:
/// MaxSkip = L - 1 (any start offset is padded up to the next line), capped
/// by \p MaxPad. Size estimates (x86's are upper bounds) then no longer
/// decide whether a span is padded.
SpanPlan planLineStart(uint64_t LineBytes, uint64_t MaxPad);

/// One block of straight-line layout, as the assembler will place it: its
/// alignment (a power of two; 1: none) with its max-skip (0: no cap), and
/// the bytes of its code.
struct LaidOutBlock {
  uint64_t Align = 1;
  uint64_t MaxSkip = 0;
  uint64_t Bytes = 0;
};

/// A loop whose lines a start offset decides: the blocks (indices into the
/// layout) whose code is its hot bytes, and how often it iterates.
struct PlacedLoop {
  std::vector<std::size_t> HotBlocks;
  uint64_t Weight = 0;
  /// How many bytes before its estimated place the real loop may start:
  /// the sizes are upper bounds, and the code before it may be this much
  /// shorter (its lower bounds). The loop costs its worst line count over
  /// those starts, as if the shortfall lay before the first block.
  uint64_t EarlierBy = 0;
};

/// Where each block of \p Blocks starts when the first starts \p Start
/// bytes after a line start: the assembler's padding, block by block.
std::vector<uint64_t> blockStarts(const std::vector<LaidOutBlock> &Blocks,
                                  uint64_t Start);

/// The start offset, a multiple of \p Step below \p LineBytes, that puts
/// \p Loops on their fewest lines, weighted (sum of Weight x extra lines):
/// of those of least cost, the one with the most offsets of least cost on
/// either side (the middle of the widest run, wrapping around the line), so
/// that sizes a few bytes off the estimate still fit; the smallest among
/// equals. Blocks' own alignments are honoured at each start. A loop with
/// an EarlierBy costs its worst over the starts K - EarlierBy .. K. \p Cost
/// receives that least cost.
uint64_t chooseLineOffset(const std::vector<LaidOutBlock> &Blocks,
                          const std::vector<PlacedLoop> &Loops,
                          uint64_t LineBytes, uint64_t Step, uint64_t &Cost);

} // namespace hotlayout

#endif // HOTLAYOUT_SUPPORT_ALIGNMENTPLAN_H
