//===- hotlayout/FlushElim.h - Remove cache flushes already done ----------===//
//
// flushelim: removes a flush when FlushAvailabilityAnalysis proves an earlier
// flush of the same or a containing range is available on every path to it.
// In check mode the flush is replaced by a runtime check instead; in profile
// mode every flush is instrumented and nothing is removed.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_FLUSHELIM_H
#define HOTLAYOUT_FLUSHELIM_H

#include "llvm/IR/PassManager.h"

namespace hotlayout {

class FlushElimPass : public llvm::PassInfoMixin<FlushElimPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
};

} // namespace hotlayout

#endif // HOTLAYOUT_FLUSHELIM_H
