//===- hotlayout/Support/LoopProfileFormat.h - The loop profile file ------===//
//
// The file `hotlayout loops` writes (hotlayout/Tool/Loops/Loops.h: what the
// counts are) and hotalign reads with -hotalign-loop-profile
// (passes/HotAlign/LoopProfile.h: how it uses them). One format, so one
// writer and one reader, here, tested together.
//
// Version 1: text, one record per line, fields separated by one space,
// integers in decimal:
//
//   hotlayout-loop-profile 1
//   # comment lines: the binary, the profile, the judge's thresholds
//   threshold <count>
//   function <symbol name>
//   block <bbid> <count>
//   loop <target bbid> <taken> <entries> <fallin> <hot>
//   edge <from bbid> <to bbid> <count>
//
// threshold (optional, before the functions): the least back-edge count of
// a hot loop. Each function is followed by its blocks, its loops, then its
// edges: the counted control flow between two of its blocks, by a taken
// branch or by falling through (each pair once, counts summed). The loop
// records are the first build's layout's; the edges let hotalign count the
// loops of another layout of the same blocks (a final build with a block
// order), as the judge would count them there. <hot> is 0 or 1. The reader
// also takes blank lines and comments anywhere.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_SUPPORT_LOOPPROFILEFORMAT_H
#define HOTLAYOUT_SUPPORT_LOOPPROFILEFORMAT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hotlayout {

/// The first line's first word, and the version written and read.
inline constexpr char LoopProfileMagic[] = "hotlayout-loop-profile";
inline constexpr unsigned LoopProfileVersion = 1;

/// A block of the map that ran.
struct LoopProfileBlock {
  uint32_t ID = 0;
  uint64_t Count = 0; ///< Runs of its first instruction.
};

/// A loop of the judge, by the block its back edges jump to.
struct LoopProfileLoop {
  uint32_t TargetID = 0;
  uint64_t Taken = 0;   ///< Its back edges' summed count.
  uint64_t Entries = 0; ///< Entries into its span.
  uint64_t FallIn = 0;  ///< Of those, falls into its target.
  bool Hot = false;     ///< The judge's verdict.
};

/// Counted control flow from one block to another.
struct LoopProfileEdge {
  uint32_t FromID = 0;
  uint32_t ToID = 0;
  uint64_t Count = 0;
};

struct LoopProfileFunction {
  std::string Name;
  uint64_t Address = 0;                 ///< Orders the file, not written.
  std::vector<LoopProfileBlock> Blocks; ///< By ID.
  std::vector<LoopProfileLoop> Loops;   ///< By TargetID.
  std::vector<LoopProfileEdge> Edges;   ///< By FromID, then ToID.
};

struct LoopProfile {
  std::vector<std::string> Comments; ///< Each without its "# ".
  uint64_t HotThreshold = 0; ///< Least hot back-edge count; 0: none hot.
  std::vector<LoopProfileFunction> Functions;

  size_t loopCount() const;
  size_t hotLoopCount() const;
};

/// \p P in the format above.
void writeLoopProfile(const LoopProfile &P, llvm::raw_ostream &OS);

/// Parses \p Text (\p Name in messages): fails with "Name:LINE: what" on
/// anything but the format above, or a function given twice.
llvm::Expected<LoopProfile> parseLoopProfile(llvm::StringRef Text,
                                             llvm::StringRef Name);

/// The same file indexed by function, each function's records read when
/// asked for: every compile of a program reads the profile and needs only
/// the functions its module defines (Lua's 78 kB profile cost 4.4 M
/// instructions a compile read whole, 3 % of lcorolib.c's).
class LoopProfileIndex {
public:
  /// Checks \p Text as parseLoopProfile does, except the numbers of the
  /// functions' own records (block, loop, edge), which function() reads;
  /// \p Text must outlive the index.
  static llvm::Expected<LoopProfileIndex> scan(llvm::StringRef Text,
                                               llvm::StringRef Name);
  /// \p Function's records, parseLoopProfile's errors for their lines; no
  /// value when the file has no such function.
  llvm::Expected<std::optional<LoopProfileFunction>>
  function(llvm::StringRef Function) const;
  bool contains(llvm::StringRef Function) const {
    return Bodies.count(Function) != 0;
  }
  /// Every function's name, in the file's order.
  llvm::ArrayRef<llvm::StringRef> names() const { return Names; }
  uint64_t hotThreshold() const { return HotThreshold; }

private:
  /// A function's records: the text after its `function` line, and that
  /// line's number.
  struct Body {
    const char *Begin = nullptr;
    const char *End = nullptr;
    unsigned Line = 0;
  };
  std::string Name;
  llvm::StringMap<Body> Bodies;
  std::vector<llvm::StringRef> Names;
  uint64_t HotThreshold = 0;
};

} // namespace hotlayout

#endif // HOTLAYOUT_SUPPORT_LOOPPROFILEFORMAT_H
