//===- Compat.h - The LLVM APIs that move between majors, in one place ----===//
//
// The CLI is built against LLVM 22 only (CMakeLists.txt:
// HOTLAYOUT_TOOL_LLVM_MAJOR) and reads what clang 19 and 22 write. The LLVM
// APIs that changed between majors, and would change again when that major
// moves, are called here only, so the rest of tools/hotlayout does not
// touch them (the pass-side differences live in
// passes/include/hotlayout/Compat.h). Private to lib/: no public header of
// the library includes it.
//
//  1. MC factories: LLVM 22 takes a Triple (LLVM 19 took a StringRef).
//  2. .llvm_bb_addr_map: the entry types grow fields from major to major
//     (LLVM 22: block hashes, call-site offsets, post-link frequencies) and
//     the section format version moves on; LLVM 22's reader also reads the
//     older versions clang 19 writes. This header turns a map into the plain
//     block list below, so nothing else touches object::BBAddrMap. The parts
//     read here (block IDs, frequencies, successor IDs and probabilities)
//     are what -mllvm -pgo-analysis-map=func-entry-count,bb-freq,br-prob
//     writes in both majors.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_COMPAT_H
#define HOTLAYOUT_TOOL_COMPAT_H

#include "hotlayout/Tool/Support/Error.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/Error.h"
#include "llvm/TargetParser/Triple.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace hotlayout {
namespace compat {

inline std::unique_ptr<llvm::MCRegisterInfo>
createMCRegInfo(const llvm::Target &T, const llvm::Triple &TT) {
  return std::unique_ptr<llvm::MCRegisterInfo>(T.createMCRegInfo(TT));
}

inline std::unique_ptr<llvm::MCAsmInfo>
createMCAsmInfo(const llvm::Target &T, const llvm::MCRegisterInfo &MRI,
                const llvm::Triple &TT, const llvm::MCTargetOptions &Opts) {
  return std::unique_ptr<llvm::MCAsmInfo>(T.createMCAsmInfo(MRI, TT, Opts));
}

inline std::unique_ptr<llvm::MCSubtargetInfo>
createMCSubtargetInfo(const llvm::Target &T, const llvm::Triple &TT,
                      llvm::StringRef Features) {
  return std::unique_ptr<llvm::MCSubtargetInfo>(
      T.createMCSubtargetInfo(TT, "", Features));
}

/// One edge of a mapped block's PGO analysis (-pgo-analysis-map=br-prob).
struct MappedSuccessor {
  uint32_t ID = 0; ///< The successor's block ID in the same function.
  double Prob = 0; ///< MachineBranchProbabilityInfo's probability.
};

/// One basic block from .llvm_bb_addr_map, with its function's entry-block
/// frequency when the map carries block frequencies
/// (-pgo-analysis-map=bb-freq) and its successors when it carries branch
/// probabilities (-pgo-analysis-map=br-prob).
struct MappedBlock {
  uint64_t FunctionAddress = 0; ///< The function's first range's base.
  /// The training run's count of entries into the function, when the map
  /// has it (-pgo-analysis-map=func-entry-count).
  std::optional<uint64_t> FunctionEntryCount;
  uint32_t ID = 0; ///< Unique in the function.
  uint64_t Address = 0;
  uint64_t Size = 0;
  bool HasFreq = false;
  uint64_t Freq = 0;      ///< MachineBlockFrequencyInfo's raw frequency.
  uint64_t EntryFreq = 0; ///< The same for the function's entry block.
  bool HasProb = false;
  std::vector<MappedSuccessor> Successors;
};

/// Copies \p Entry's successors and their probabilities into \p B.
inline void
readMappedSuccessors(const llvm::object::PGOAnalysisMap::PGOBBEntry &Entry,
                     MappedBlock &B) {
  B.HasProb = true;
  for (const auto &S : Entry.Successors)
    B.Successors.push_back({S.ID, double(S.Prob.getNumerator()) /
                                      double(S.Prob.getDenominator())});
}

/// Checks one .llvm_bb_addr_map payload \p Data against the layout LLVM 22
/// decodes, holding every count against the bytes left so that the decoder
/// cannot be made to allocate without bound (BBAddrMapBounds.cpp). Sets
/// \p NewerVersion when the map is of a version LLVM 22 does not read.
llvm::Error checkBBAddrMapBounds(llvm::ArrayRef<uint8_t> Data,
                                 bool &NewerVersion);

/// Every block of every function in the .llvm_bb_addr_map sections of
/// \p Obj, the binary at \p Path (none when there are none). Fails, naming
/// the file and the section, when a map is damaged or of a newer LLVM than
/// the one hotlayout was built with. Each map is checked by
/// checkBBAddrMapBounds() before LLVM decodes it.
llvm::Expected<std::vector<MappedBlock>>
readMappedBlocks(const llvm::object::ELFObjectFileBase &Obj,
                 llvm::StringRef Path);

} // namespace compat
} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_COMPAT_H
