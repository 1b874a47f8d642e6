//===- hotlayout/Support/PaddingNops.h - The nops hotalign pads with ------===//
//
// hotalign starts a loop K bytes into a line by a line-aligned block of its
// own, before the loop, holding K bytes of nops (HotAlign::padBefore). The
// bytes are fixed per target: x86-64's long nops of at most 10 bytes (valid
// on every x86-64), AArch64's 4-byte NOP. One table for the pass, which
// writes them, and for `hotlayout loops`, which tells such blocks in a
// training build from the compiler's: they get address-map IDs of their own,
// which the final build's code has no block for until hotalign adds one
// again. Plain C++, no LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_SUPPORT_PADDINGNOPS_H
#define HOTLAYOUT_SUPPORT_PADDINGNOPS_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hotlayout {

/// One nop of the padding: its bytes in memory order (little-endian).
struct PaddingNop {
  const uint8_t *Bytes = nullptr;
  size_t Size = 0;
};

/// The nops, in order, of \p Bytes bytes of hotalign's padding: x86-64's,
/// longest first, or (\p AArch64) AArch64's, \p Bytes / 4 of them.
std::vector<PaddingNop> paddingNops(bool AArch64, uint64_t Bytes);

/// Are \p Code's \p Size bytes exactly the padding paddingNops gives for
/// \p Size bytes? (A little-endian AArch64 binary's; empty code is not.)
bool isPaddingNops(bool AArch64, const uint8_t *Code, size_t Size);

} // namespace hotlayout

#endif // HOTLAYOUT_SUPPORT_PADDINGNOPS_H
