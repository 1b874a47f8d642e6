//===- HotLayoutPlugin.cpp - Every hotlayout pass registered here ---------===//
//
// The one place that names passes and picks extension points. The same .so
// serves `opt -load-pass-plugin`, `clang -fpass-plugin`, `llc -load` and
// `ld.lld --load-pass-plugin` (full and thin LTO).
//
// Options: opt and llc take them directly; clang takes them as `-mllvm -flag`
// (clang 19 parses -mllvm before loading -fpass-plugin, so there the .so must
// also be loaded early with `-fplugin=`), and in a build's flags as
// `-Xclang=-mllvm -Xclang=-flag`, which reach no integrated-assembler job
// (.S, .s: it loads no plugin and would reject the flag); lld has no way to
// pass a plugin's options, so every host also reads them from HOTLAYOUT_OPTIONS
// (compat::applyEnvironmentOptions, passes/Compat/HostOptions.cpp). An option
// given on the command line wins over the same one in HOTLAYOUT_OPTIONS.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Compat.h"
#include "hotlayout/FlushAvailability.h"
#include "hotlayout/FlushBatch.h"
#include "hotlayout/FlushElim.h"
#include "hotlayout/HotAlign.h"
#include "hotlayout/JumpTableBase.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Module.h"
#include "llvm/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace hotlayout;

namespace {

/// Puts hotlayout's remark sink on the context before flushelim reports
/// anything (compat::installRemarkSink: `-mllvm -pass-remarks=` in clang,
/// -hotlayout-remarks in every host).
struct RemarkSinkPass : PassInfoMixin<RemarkSinkPass> {
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    compat::installRemarkSink(M.getContext());
    return PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};

void addFlushElim(ModulePassManager &MPM) {
  MPM.addPass(RemarkSinkPass());
  MPM.addPass(FlushElimPass());
  if (isFlushBatchEnabled())
    MPM.addPass(createModuleToFunctionPassAdaptor(FlushBatchPass()));
}

void registerCallbacks(PassBuilder &PB) {
  PB.registerAnalysisRegistrationCallback([](ModuleAnalysisManager &MAM) {
    MAM.registerPass([] { return FlushAvailabilityAnalysis(); });
  });

  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "flushelim") {
          addFlushElim(MPM);
          return true;
        }
        if (Name == "hotalign-record-options") {
          MPM.addPass(HotAlignRecordOptionsPass());
          return true;
        }
        if (Name == "print<flushelim>") {
          MPM.addPass(FlushAvailabilityPrinterPass(errs()));
          return true;
        }
        return false;
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "flushelim-batch") {
          FPM.addPass(FlushBatchPass());
          return true;
        }
        return false;
      });

  // The start of every clang compile, before LTO's split: the loop profile
  // goes into the module, for hotalign in ld.lld's codegen (the ThinLTO
  // backend has no PipelineStart; the module keeps what its compile wrote).
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(HotAlignRecordOptionsPass());
      });

  // flushelim wants inlining done: inlined callees put both flushes of a
  // pair into one function. OptimizerLast is the last IR point of a clang
  // -O1+ compile and of lld's ThinLTO backend (a ThinLTO build runs it twice:
  // the pass is idempotent).
  compat::registerOptimizerLastEP(
      PB, [](ModulePassManager &MPM, OptimizationLevel Level) {
        if (Level != OptimizationLevel::O0)
          addFlushElim(MPM);
      });
  // Full LTO has no OptimizerLast: its last IR point is this one, after the
  // cross-module inliner has brought a JIT's writer and its make-executable
  // step together.
  compat::registerFullLTOLastEP(
      PB, [](ModulePassManager &MPM, OptimizationLevel Level) {
        if (Level != OptimizationLevel::O0)
          addFlushElim(MPM);
      });
}

} // namespace

// Codegen offers plugins no entry point, so the late machine passes are put
// into every codegen pipeline when the .so is loaded: clang -fpass-plugin,
// llc -load and ld.lld --load-pass-plugin all dlopen it before their codegen
// starts. Every target's pipeline gets them (the hook has no module to ask);
// each pass leaves code for a target it does not support as it is
// (hotlayout/CodegenTargets.h). hotalign-jt-base first: it adds instructions
// whose bytes hotalign's estimates must count. Registering them by name lets
// `llc -load=... -run-pass=hotalign` (and hotalign-jt-base) find them.
static const bool LateMachinePassesInserted =
    (initializeJumpTableBaseLegacyPass(*PassRegistry::getPassRegistry()),
     initializeHotAlignLegacyPass(*PassRegistry::getPassRegistry()),
     compat::insertLateMachinePasses(
         {createJumpTableBasePass, createHotAlignPass}),
     true);

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  // Every host but llc -load and clang -fplugin (without -fpass-plugin)
  // calls this first.
  compat::applyEnvironmentOptions();
  return {LLVM_PLUGIN_API_VERSION, "HotLayout", HOTLAYOUT_VERSION,
          registerCallbacks};
}
