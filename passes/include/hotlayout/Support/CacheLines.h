//===- hotlayout/Support/CacheLines.h - Lines a code span touches ---------===//
//
// The arithmetic that both sides of hot-loop alignment share: the hotalign
// pass (deciding how many bytes of padding a loop may take) and
// `hotlayout check` (judging the linked binary). A span of code is the bytes
// [Start, Start + Size); a line is an aligned block of Line bytes (64 for the
// I-cache, 32 for decoded-uop windows). Plain C++, no LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_SUPPORT_CACHELINES_H
#define HOTLAYOUT_SUPPORT_CACHELINES_H

#include <cstdint>

namespace hotlayout {

/// How many \p Line -byte lines the bytes [\p Start, \p Start + \p Size)
/// touch, where lines begin at multiples of \p Line. An empty span touches
/// none. \p Line must be non-zero (any value works; caches use powers of two).
/// Example: Start 0x3c, Size 10, Line 64 touches 2 lines (0x00 and 0x40).
uint64_t linesTouched(uint64_t Start, uint64_t Size, uint64_t Line);

/// The fewest \p Line -byte lines a span of \p Size bytes can touch, reached
/// when it starts at a line boundary: ceil(Size / Line); 0 for an empty span.
/// A span is placed badly ("straddles") exactly when
/// linesTouched(Start, Size, Line) > minLinesFor(Size, Line).
/// \p Line must be non-zero.
uint64_t minLinesFor(uint64_t Size, uint64_t Line);

} // namespace hotlayout

#endif // HOTLAYOUT_SUPPORT_CACHELINES_H
