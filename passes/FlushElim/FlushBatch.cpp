// Placeholder until batching lands.
#include "hotlayout/FlushBatch.h"
using namespace llvm;
namespace hotlayout {
PreservedAnalyses FlushBatchPass::run(Function &, FunctionAnalysisManager &) {
  return PreservedAnalyses::all();
}
bool isFlushBatchEnabled() { return false; }
} // namespace hotlayout
