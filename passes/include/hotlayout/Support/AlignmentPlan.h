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

#include <cstdint>

namespace hotlayout {

struct SpanPlan {
  /// Largest padding the assembler may insert; 0 means "never pad".
  uint64_t MaxSkip = 0;
  /// True when the exact answer exceeded the caller's cap: some start
  /// offsets will still touch one line more than needed.
  bool Capped = false;
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

/// The plan that puts a span's start on a line start whatever its size:
/// MaxSkip = L - 1 (any start offset is padded up to the next line), capped
/// by \p MaxPad. Size estimates (x86's are upper bounds) then no longer
/// decide whether a span is padded.
SpanPlan planLineStart(uint64_t LineBytes, uint64_t MaxPad);

} // namespace hotlayout

#endif // HOTLAYOUT_SUPPORT_ALIGNMENTPLAN_H
