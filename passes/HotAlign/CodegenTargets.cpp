//===- CodegenTargets.cpp - Targets the machine passes change -------------===//
//
// The one list of targets hotalign and hotalign-jt-base may change
// (hotlayout/CodegenTargets.h says why there is a list). Adding a target
// means giving it nops in hotalign's padBefore, a size estimate in
// InstSizeEstimator and a proof in hotalign-jt-base (or a refusal there),
// then its twin in test/lit/hotalign/other-targets-unchanged.test.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/CodegenTargets.h"

#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace hotlayout {

bool isCodegenTargetSupported(const Triple &TT) {
  // x86_64 only: 32-bit x86 lacks the long nops (0f 1f) padBefore writes
  // on its first processors.
  return TT.getArch() == Triple::x86_64 || TT.isAArch64();
}

StringRef supportedCodegenTargets() { return "x86-64 and AArch64"; }

} // namespace hotlayout
