//===- FlushKinds.cpp - The table of flush primitives ---------------------===//

#include "hotlayout/Support/FlushKinds.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace hotlayout {

// Adding a primitive: one row. The x86 rows cover one 64-byte line at the
// pointer; the range primitives cover exactly the bytes they are given.
static const FlushKind FlushKindTable[] = {
    {"llvm.clear_cache", "llvm.clear_cache", RangeShape::BeginEnd,
     FlushDomain::InstructionCache, FlushStrength::Evict,
     FlushOrdering::Ordered},
    {"__clear_cache", "__clear_cache", RangeShape::BeginEnd,
     FlushDomain::InstructionCache, FlushStrength::Evict,
     FlushOrdering::Ordered},
    {"sys_icache_invalidate", "sys_icache_invalidate", RangeShape::BeginLength,
     FlushDomain::InstructionCache, FlushStrength::Evict,
     FlushOrdering::Ordered},
    {"llvm.x86.sse2.clflush", "clflush", RangeShape::OneLine,
     FlushDomain::DataCacheLine, FlushStrength::Evict, FlushOrdering::Ordered},
    {"llvm.x86.clflushopt", "clflushopt", RangeShape::OneLine,
     FlushDomain::DataCacheLine, FlushStrength::Evict, FlushOrdering::Weak},
    {"llvm.x86.clwb", "clwb", RangeShape::OneLine, FlushDomain::DataCacheLine,
     FlushStrength::WriteBack, FlushOrdering::Weak},
};

const FlushKind *lookupFlushKind(StringRef CalleeName) {
  for (const FlushKind &K : FlushKindTable)
    if (K.CalleeName == CalleeName)
      return &K;
  return nullptr;
}

bool flushKindCovers(const FlushKind &Earlier, const FlushKind &Later) {
  if (Earlier.Domain != Later.Domain)
    return false;
  if (static_cast<int>(Earlier.Strength) < static_cast<int>(Later.Strength))
    return false;
  if (Later.Ordering == FlushOrdering::Ordered &&
      Earlier.Ordering != FlushOrdering::Ordered)
    return false;
  return true;
}

bool isFlushNeutralCallee(StringRef CalleeName) {
  static const StringRef Neutral[] = {
      "mprotect",
      "pthread_jit_write_protect_np",
      "os_thread_self_restrict_rwx_to_rx",
      "os_thread_self_restrict_rwx_to_rw",
      "sys_dcache_flush",
      "getpagesize",
  };
  return is_contained(Neutral, CalleeName) ||
         lookupFlushKind(CalleeName) != nullptr;
}

} // namespace hotlayout
