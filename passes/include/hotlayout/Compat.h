//===- hotlayout/Compat.h - LLVM 19 / 22 differences in one place ---------===//
//
// hotlayout builds against LLVM 19 and LLVM 22. Every API difference between
// the two that the project meets is wrapped here, so passes and registration
// code contain no LLVM_VERSION_MAJOR checks of their own.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_COMPAT_H
#define HOTLAYOUT_COMPAT_H

#include "llvm/Config/llvm-config.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"

// The plugin header moved from Passes/ to Plugins/ in LLVM 22 (API version 2).
#if LLVM_VERSION_MAJOR >= 22
#include "llvm/Plugins/PassPlugin.h"
#else
#include "llvm/Passes/PassPlugin.h"
#endif

#include <functional>

namespace llvm {
class MachineFunctionPass;
} // namespace llvm

namespace hotlayout {
namespace compat {

/// A pipeline extension that only needs the module pass manager and the
/// optimisation level; the LTO phase argument that LLVM 20+ adds to some
/// callbacks is dropped here because no hotlayout pass depends on it.
using ModuleEPCallback =
    std::function<void(llvm::ModulePassManager &, llvm::OptimizationLevel)>;

inline void registerOptimizerLastEP(llvm::PassBuilder &PB,
                                    ModuleEPCallback CB) {
#if LLVM_VERSION_MAJOR >= 20
  PB.registerOptimizerLastEPCallback(
      [CB](llvm::ModulePassManager &MPM, llvm::OptimizationLevel Level,
           llvm::ThinOrFullLTOPhase) { CB(MPM, Level); });
#else
  PB.registerOptimizerLastEPCallback(CB);
#endif
}

inline void registerFullLTOLastEP(llvm::PassBuilder &PB, ModuleEPCallback CB) {
  PB.registerFullLinkTimeOptimizationLastEPCallback(CB);
}

/// Makes every codegen pipeline in this process run \p Create's pass right
/// after StackMap liveness: after block placement and the target's pre-emit
/// passes, when the layout is final. LLVM 21+ has a supported hook
/// (RegisterTargetPassConfigCallback); on LLVM 19 the constructor that the
/// pipeline uses for StackMap liveness is replaced by one that builds that
/// pass and ours together (CodegenHook.cpp). Call once, at plugin load:
/// codegen offers plugins no other entry point.
/// Nothing is inserted into a -O0 pipeline (LLVM 21+; LLVM 19's wrapper is
/// always there, and the pass itself does nothing at -O0).
void insertLateMachinePass(llvm::MachineFunctionPass *(*Create)());

} // namespace compat
} // namespace hotlayout

#endif // HOTLAYOUT_COMPAT_H
