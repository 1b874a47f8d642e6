//===- hotlayout/CodegenTargets.h - Targets the machine passes change -----===//
//
// hotlayout's machine passes (hotalign-jt-base, then hotalign) are put into
// every codegen pipeline of a process that loads the plugin, whatever the
// target. What they write is target code: hotalign's padding is x86-64's or
// AArch64's nops, its sizes are estimated the way those two encode, and
// hotalign-jt-base copies an instruction whose meaning it proved on their
// jump tables. On any other target that is wrong code: x86 nop bytes as
// data in RISC-V, PowerPC, SystemZ or LoongArch code, a 6-byte pad between
// ARMv7 instructions. So every machine pass asks this one
// question first and, when the answer is no, changes nothing; hotalign says
// so in one remark per module.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_CODEGENTARGETS_H
#define HOTLAYOUT_CODEGENTARGETS_H

#include "llvm/ADT/StringRef.h"

namespace llvm {
class Triple;
} // namespace llvm

namespace hotlayout {

/// True when hotlayout's machine passes may change code built for \p TT:
/// x86-64 and AArch64 (both endiannesses, and ILP32).
bool isCodegenTargetSupported(const llvm::Triple &TT);

/// The targets isCodegenTargetSupported accepts, for diagnostics.
llvm::StringRef supportedCodegenTargets();

} // namespace hotlayout

#endif // HOTLAYOUT_CODEGENTARGETS_H
