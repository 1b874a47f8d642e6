//===- LoopProfile.h - The binary's own loop counts, for hotalign ---------===//
//
// The compiler's counts are the IR profile's, spread by inlining and loop
// transformations that the training run never saw: an inlined function's
// loop gets the same per-iteration odds in every copy (context-insensitive),
// and a peeled loop keeps the odds of the whole loop while only the long
// trips reach it (Lua 5.4 strings-and-sort: luaH_newkey's array-count loop,
// 0.8 iterations per entry to the compiler, 416 in the binary). The judge
// counts the binary. So, as Propeller does for layout, the recipe may build
// twice: `hotlayout loops BINARY --profile P -o L` writes the judge's
// verdict and exact counts of the first build's loops, keyed by function
// name and basic-block address-map ID, and the same build again with
// -hotalign-loop-profile=L decides hotness from them. Block IDs are given
// when the machine function is built, so they name the same blocks in both
// builds while the code before hotalign is the same.
//
// The file: hotlayout/Support/LoopProfileFormat.h (its one reader and
// writer); here, its counts by function name and block ID.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_LOOPPROFILE_H
#define HOTLAYOUT_LOOPPROFILE_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include "hotlayout/Support/LoopProfileFormat.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace llvm {
class MachineBasicBlock;
class MachineFunction;
} // namespace llvm

namespace hotlayout {

struct LayoutLoop;

/// One loop of the binary, by the address-map ID of its target block.
struct MeasuredLoop {
  uint64_t Taken = 0;   ///< Its back edges' summed count.
  uint64_t Entries = 0; ///< Entries into its span (the judge's).
  uint64_t FallIn = 0;  ///< Of those, falls into its target.
  bool Hot = false;     ///< The judge's verdict (99% cut, floor, per entry).
};

/// One function's counts in the binary.
struct MeasuredFunction {
  llvm::DenseMap<unsigned, uint64_t> BlockCounts; ///< By block ID.
  llvm::DenseMap<unsigned, MeasuredLoop> Loops;   ///< By target block ID.
  /// Control flow between two blocks, by (from, to) block IDs; empty in a
  /// file written before edges were.
  llvm::DenseMap<std::pair<unsigned, unsigned>, uint64_t> EdgeCounts;
};

/// Why a function's counts do not fit its code (the first misfit found),
/// for hotalign's remark: which block tells the profile from the code.
struct ProfileMisfit {
  enum class Kind {
    NoBlockID,     ///< Block has no address-map ID.
    UnknownBlock,  ///< The profile counts block ID, which no block has.
    HotLoopNotHere ///< The profile's hot loop at block ID starts no loop.
  };
  Kind What = Kind::UnknownBlock;
  unsigned ID = 0;
  const llvm::MachineBasicBlock *Block = nullptr;
};

/// A loop profile file, indexed for hotalign. Each function's counts are
/// read when it is looked up (LoopProfileIndex): a compile needs only its
/// module's.
class MeasuredProfile {
public:
  /// Reads the file at \p Path and checks all but the functions' own
  /// records (LoopProfileIndex::scan's errors).
  static llvm::Expected<MeasuredProfile> read(llvm::StringRef Path);

  /// \p Function's counts, or null when the binary's profile has none; an
  /// error (parseLoopProfile's) when its records do not read. A local that
  /// ThinLTO promoted (`f.llvm.<hash>`) is also found under another hash,
  /// when one function of the profile has that name: the hash is the
  /// module's, and the final build's module differs from the first build's
  /// (it records the loop profile).
  llvm::Expected<const MeasuredFunction *> find(llvm::StringRef Function) const;
  /// The least back-edge count of a hot loop in the binary; 0: unknown.
  uint64_t hotThreshold() const { return Index.hotThreshold(); }

private:
  std::unique_ptr<llvm::MemoryBuffer> Text;
  LoopProfileIndex Index;
  /// Promoted locals by their name without `.llvm.<hash>`: the profile's
  /// name, empty where two share one.
  llvm::StringMap<llvm::StringRef> Promoted;
  /// The functions read so far, by the profile's name.
  mutable llvm::StringMap<MeasuredFunction> Functions;
};

/// Gives \p Loops, found in \p MF's layout with the compiler's frequencies,
/// the binary's counts from \p M: Taken, Entries, FallIn and the hot blocks
/// by the measured block counts, and the judge's verdict (MeasuredHot: also
/// true for an iterating loop whose count x \p Slack reaches \p HotThreshold,
/// the least hot count: judges that count a few loops differently draw the 99%
/// cut a little elsewhere, and a loop near it is aligned either way); a
/// loop the binary never closed gets zero counts, a cold verdict. False,
/// changing nothing, when \p M does not fit \p MF's code: a block without
/// an address-map ID, or a loop the binary calls hot whose target starts no
/// loop of the layout (the code changed since the binary was built); then
/// \p Why, when given, says which.
bool applyMeasuredCounts(std::vector<LayoutLoop> &Loops,
                         const MeasuredFunction &M, uint64_t HotThreshold,
                         unsigned Slack, ProfileMisfit *Why = nullptr);

/// With \p M's edges: \p MF's loops found again in its current layout
/// and counted by the binary's block and edge counts (findLayoutLoops with
/// MeasuredCounts: Taken, Entries, FallIn and hot bytes as the judge will
/// count them in this layout, whatever layout the counts were recorded in:
/// a final build's block order rotates loops, and the first build's loop
/// records then name other targets), each hot when it iterates, reaches
/// the judge's floor and its count x \p Slack reaches \p HotThreshold (the
/// first build's least hot count: its cut, as applyMeasuredCounts's near-cut
/// rule). False, changing nothing, when \p M does not fit \p MF's code: a
/// block without an address-map ID, or a counted block or edge naming an
/// ID no block has (the code changed since); then \p Why, when given, says
/// which.
bool countLoopsWithEdges(const llvm::MachineFunction &MF,
                         const MeasuredFunction &M, uint64_t HotThreshold,
                         unsigned Slack, std::vector<LayoutLoop> &Loops,
                         ProfileMisfit *Why = nullptr);

} // namespace hotlayout

#endif // HOTLAYOUT_LOOPPROFILE_H
