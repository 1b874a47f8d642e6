//===- hotlayout/Support/PaddingNops.h - The nops hotalign pads with ------===//
//
// hotalign starts a loop K bytes into a line by a block of its own before
// the loop, holding nops (HotAlign::padBefore): K bytes after a line start,
// or, counted by the assembler from the function's line start, only the
// bytes from where the code falls in to the offset. The nops are fixed per
// target: x86-64's long nops of at most 10 bytes (valid on every x86-64),
// AArch64's 4-byte NOP. One table for the pass, which
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

/// The nops of \p Bytes bytes of hotalign's line-offset padding, which
/// the assembler sizes (HotAlign::padBefore's `.fill`s): x86-64's 8-byte
/// nops, then one of the rest's size (1 to 7 bytes). (x86-64 only: on AArch64
/// a `.fill` would be data in the code; there it is paddingNops' NOPs.)
std::vector<PaddingNop> lineOffsetPaddingNops(bool AArch64, uint64_t Bytes);

/// x86-64's nop of \p Size bytes, 1 to 10 (paddingNops' pieces).
PaddingNop x86Nop(unsigned Size);

/// Are \p Code's \p Size bytes exactly hotalign's padding of that size, in
/// either form (paddingNops, lineOffsetPaddingNops)? No bytes are too: the
/// line-offset form writes none where the code falls in at the offset.
/// (A little-endian AArch64 binary's.)
bool isPaddingNops(bool AArch64, const uint8_t *Code, size_t Size);

} // namespace hotlayout

#endif // HOTLAYOUT_SUPPORT_PADDINGNOPS_H
