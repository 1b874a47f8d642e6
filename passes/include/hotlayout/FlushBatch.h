//===- hotlayout/FlushBatch.h - clflush loops to clflushopt + sfence ------===//
//
// Opt-in (-flushelim-batch-clflush): a loop that issues clflush over
// consecutive cache lines becomes a clflushopt loop followed by one sfence,
// when the function's target has clflushopt.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_FLUSHBATCH_H
#define HOTLAYOUT_FLUSHBATCH_H

#include "llvm/IR/PassManager.h"

namespace hotlayout {

class FlushBatchPass : public llvm::PassInfoMixin<FlushBatchPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

/// True when -flushelim-batch-clflush was given: the `flushelim` pipeline
/// element and the default-pipeline hooks then add FlushBatchPass.
bool isFlushBatchEnabled();

} // namespace hotlayout

#endif // HOTLAYOUT_FLUSHBATCH_H
