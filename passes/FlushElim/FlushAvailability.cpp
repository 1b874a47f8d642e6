// Placeholder: replaced by the real analysis.
#include "hotlayout/FlushAvailability.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"
using namespace llvm;
namespace hotlayout {
AnalysisKey FlushAvailabilityAnalysis::Key;
std::optional<FlushSite> decodeFlushSite(CallBase &) { return std::nullopt; }
void FlushAvailability::print(raw_ostream &, const Function &) const {}
FlushAvailabilityAnalysis::Result
FlushAvailabilityAnalysis::run(Module &, ModuleAnalysisManager &) { return {}; }
PreservedAnalyses FlushAvailabilityPrinterPass::run(Module &, ModuleAnalysisManager &) {
  return PreservedAnalyses::all();
}
} // namespace hotlayout
