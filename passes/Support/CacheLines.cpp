//===- CacheLines.cpp - Lines a code span touches -------------------------===//

#include "hotlayout/Support/CacheLines.h"

#include <cassert>

namespace hotlayout {

uint64_t linesTouched(uint64_t Start, uint64_t Size, uint64_t Line) {
  assert(Line != 0 && "line size must be non-zero");
  if (Size == 0)
    return 0;
  // Work from the offset within the first line so that a span ending at the
  // top of the address space cannot overflow Start + Size.
  uint64_t Offset = Start % Line;
  return (Size - 1) / Line + ((Size - 1) % Line + Offset) / Line + 1;
}

uint64_t minLinesFor(uint64_t Size, uint64_t Line) {
  assert(Line != 0 && "line size must be non-zero");
  return Size / Line + (Size % Line != 0);
}

} // namespace hotlayout
