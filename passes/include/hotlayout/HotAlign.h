//===- hotlayout/HotAlign.h - Keep hot loops off cache-line boundaries ----===//
//
// hotalign: a late codegen pass. For each hot innermost loop it asks the
// assembler for `.p2align log2(line), , K` before the loop's first block,
// with K chosen from the loop's byte size so the assembler pads exactly when
// the loop would otherwise touch more cache lines than its size needs. Hot
// small functions get their entry aligned to a line.
//
// Codegen still runs on the legacy pass manager in LLVM 19 and 22, so this
// is a legacy MachineFunctionPass; hotlayout/Compat.h inserts it.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_HOTALIGN_H
#define HOTLAYOUT_HOTALIGN_H

namespace llvm {
class MachineFunctionPass;
} // namespace llvm

namespace hotlayout {

/// A new hotalign pass instance (owned by the caller's pass manager).
llvm::MachineFunctionPass *createHotAlignPass();

} // namespace hotlayout

#endif // HOTLAYOUT_HOTALIGN_H
