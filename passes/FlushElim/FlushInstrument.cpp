// Placeholder until check/profile modes land.
#include "FlushInstrument.h"
namespace hotlayout {
void instrumentFlushRecord(const FlushSite &) {}
void replaceFlushWithCheck(const FlushSite &, const llvm::CallBase &) {}
void instrumentFlushProfile(const FlushSite &) {}
} // namespace hotlayout
