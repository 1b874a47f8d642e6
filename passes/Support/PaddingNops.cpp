//===- PaddingNops.cpp - The nops hotalign pads with ----------------------===//

#include "hotlayout/Support/PaddingNops.h"

#include <algorithm>
#include <cstring>

namespace hotlayout {

namespace {
// x86-64's recommended long nops, 1 to 10 bytes (0x66 0x2e ... for 10).
const uint8_t X86Nop1[] = {0x90};
const uint8_t X86Nop2[] = {0x66, 0x90};
const uint8_t X86Nop3[] = {0x0f, 0x1f, 0x00};
const uint8_t X86Nop4[] = {0x0f, 0x1f, 0x40, 0x00};
const uint8_t X86Nop5[] = {0x0f, 0x1f, 0x44, 0x00, 0x00};
const uint8_t X86Nop6[] = {0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00};
const uint8_t X86Nop7[] = {0x0f, 0x1f, 0x80, 0x00, 0x00, 0x00, 0x00};
const uint8_t X86Nop8[] = {0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00};
const uint8_t X86Nop9[] = {0x66, 0x0f, 0x1f, 0x84, 0x00,
                           0x00, 0x00, 0x00, 0x00};
const uint8_t X86Nop10[] = {0x66, 0x2e, 0x0f, 0x1f, 0x84,
                            0x00, 0x00, 0x00, 0x00, 0x00};
const PaddingNop X86Nops[] = {
    {X86Nop1, 1}, {X86Nop2, 2}, {X86Nop3, 3}, {X86Nop4, 4}, {X86Nop5, 5},
    {X86Nop6, 6}, {X86Nop7, 7}, {X86Nop8, 8}, {X86Nop9, 9}, {X86Nop10, 10}};
// AArch64's NOP, 0xd503201f, as a little-endian target stores it.
const uint8_t AArch64Nop[] = {0x1f, 0x20, 0x03, 0xd5};
} // namespace

std::vector<PaddingNop> paddingNops(bool AArch64, uint64_t Bytes) {
  std::vector<PaddingNop> Out;
  if (AArch64) {
    for (uint64_t N = 0; N + 4 <= Bytes; N += 4)
      Out.push_back({AArch64Nop, 4});
    return Out;
  }
  for (uint64_t Left = Bytes; Left;) {
    uint64_t N = std::min<uint64_t>(Left, 10);
    Out.push_back(X86Nops[N - 1]);
    Left -= N;
  }
  return Out;
}

PaddingNop x86Nop(unsigned Size) { return X86Nops[Size - 1]; }

std::vector<PaddingNop> lineOffsetPaddingNops(bool AArch64, uint64_t Bytes) {
  if (AArch64)
    return paddingNops(AArch64, Bytes);
  std::vector<PaddingNop> Out(Bytes / 8, X86Nops[7]);
  if (Bytes % 8)
    Out.push_back(X86Nops[Bytes % 8 - 1]);
  return Out;
}

/// Do \p Code's \p Size bytes hold exactly \p Nops?
static bool holds(const std::vector<PaddingNop> &Nops, const uint8_t *Code,
                  size_t Size) {
  size_t At = 0;
  for (const PaddingNop &Nop : Nops) {
    if (At + Nop.Size > Size || std::memcmp(Code + At, Nop.Bytes, Nop.Size))
      return false;
    At += Nop.Size;
  }
  return At == Size;
}

bool isPaddingNops(bool AArch64, const uint8_t *Code, size_t Size) {
  if (AArch64 && Size % 4)
    return false;
  return holds(paddingNops(AArch64, Size), Code, Size) ||
         holds(lineOffsetPaddingNops(AArch64, Size), Code, Size);
}

} // namespace hotlayout
