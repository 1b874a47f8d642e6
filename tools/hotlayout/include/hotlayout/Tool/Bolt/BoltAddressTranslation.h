//===- hotlayout/Tool/Bolt/BoltAddressTranslation.h - Reading BOLT's BAT --===//
//
// llvm-bolt -enable-bat writes .note.bolt_bat into its output: for every
// output fragment (a function's hot part and each cold part) which output
// offsets hold which input offsets. With it, a profile recorded on the input
// binary can be read at the output's addresses. The wire format (checked on
// llvm-bolt 19 and 22, which write the same one) is described in
// BoltAddressTranslation.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_BOLTADDRESSTRANSLATION_H
#define HOTLAYOUT_TOOL_BOLTADDRESSTRANSLATION_H

#include "hotlayout/Tool/Binary/BinaryFile.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace hotlayout {

/// One entry: the output offset (from its fragment's start) holds the input
/// offset (from the input function's start).
struct BATEntry {
  uint64_t OutputOffset = 0;
  uint64_t InputOffset = 0;
  /// A branch or call inside a block; otherwise the start of a block.
  bool IsBranch = false;
};

/// One output fragment of a function.
struct BATFragment {
  uint64_t Address = 0;    ///< Output address of the fragment.
  uint64_t HotAddress = 0; ///< Output address of its function's hot part.
  bool Cold = false;
  std::vector<BATEntry> Entries; ///< In output order.

  /// Sorts the block and the branch entries for the lookups below; call it
  /// once Entries is complete (parse() does). Entries at one output offset
  /// keep their order, so the lookups answer as a scan of Entries would.
  void index();

  /// The input offset of the block holding \p OutputOffset (the last block
  /// entry at or before it), or nullopt when it lies before the first block
  /// entry.
  std::optional<uint64_t> blockAt(uint64_t OutputOffset) const;
  /// The input offset of the (first) block starting exactly at
  /// \p OutputOffset.
  std::optional<uint64_t> blockStartingAt(uint64_t OutputOffset) const;
  /// The input offset of the (first) branch entry at \p OutputOffset.
  std::optional<uint64_t> branchAt(uint64_t OutputOffset) const;

private:
  /// Block and branch entries, stably sorted by output offset: the judge
  /// looks up every instruction of every profiled fragment, and a scan of
  /// Entries per lookup was a tenth of apply's own CPU time.
  std::vector<BATEntry> Blocks, Branches;
};

class BoltAddressTranslation {
public:
  /// Reads \p File's .note.bolt_bat; std::nullopt when it has none. A note
  /// that does not parse to its exact end is an error.
  static llvm::Expected<std::optional<BoltAddressTranslation>>
  read(const BinaryFile &File);

  /// Parses the note's contents (header included); \p Path names it in
  /// errors.
  static llvm::Expected<BoltAddressTranslation>
  parse(llvm::ArrayRef<uint8_t> Note, llvm::StringRef Path);

  llvm::ArrayRef<BATFragment> fragments() const { return Fragments; }

private:
  std::vector<BATFragment> Fragments;
};

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_BOLTADDRESSTRANSLATION_H
