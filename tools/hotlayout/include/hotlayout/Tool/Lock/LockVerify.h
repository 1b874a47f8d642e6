//===- hotlayout/Tool/Lock/LockVerify.h - Did each locked function land? --===//
//
// After llvm-bolt rewrote a binary for a lock, read the result back and say
// for each locked function where it landed: at its offset (OK), elsewhere
// (MOVED, with why when that can be told) or not in the input (MISSING).
//
// The hot text starts at the first placed function's address less its
// offset. A start that is not a multiple of the lock's hot_text_alignment
// makes every function MOVED: offsets only mean cache alignment when the
// start is aligned.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_LOCKVERIFY_H
#define HOTLAYOUT_TOOL_LOCKVERIFY_H

#include "hotlayout/Tool/Binary/SymbolIndex.h"
#include "hotlayout/Tool/Lock/LayoutLock.h"
#include "hotlayout/Tool/Lock/LockPlacement.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hotlayout {

/// One locked function after a rewrite.
struct PlacementVerdict {
  PlacedFunction Locked;
  /// Its symbol in the output; unset when the input lacks it or the output
  /// has no symbol of that name.
  std::optional<IndexedSymbol> Out;
  int64_t Actual = 0; ///< Its offset from the hot text start.
  uint64_t Shift = 0; ///< Asked for after its offset (Placement::Shift).
  bool OK = false;
  bool Stayed = false; ///< BOLT left it at its input address.
  std::string Why;     ///< When not OK.
};

struct Verification {
  uint64_t Start = 0; ///< Address of the hot text in the output.
  std::vector<PlacementVerdict> Verdicts; ///< In lock order.
  /// Functions outside the lock that landed inside the locked hot text.
  llvm::StringSet<> Intruders;
  /// The bytes BOLT emitted for each placed function found in the output
  /// (its symbol size less the padding asked for): what the next run pads
  /// by, and what explains an overflow.
  llvm::StringMap<uint64_t> Emitted;

  /// True when a function of the input missed its offset although BOLT
  /// moved it: another run with other padding may place it.
  bool someMoved() const;
};

/// The functions of \p File that apply matches a lock against, input or
/// output: .symtab functions by unique name (SymbolIndex).
llvm::Expected<SymbolIndex> readLockedSymbols(const BinaryFile &File);

/// Judges the output's symbols \p Out against \p Lock, given the input's
/// \p In and the placements \p P asked for. \p Bodies holds the bytes each
/// function was expected to take; what BOLT emitted instead is measured into
/// Verification::Emitted (the caller decides what to keep), and explains an
/// overflow. \p InputPath names the input in a MISSING reason.
Verification judgePlacement(const LayoutLock &Lock, const SymbolIndex &In,
                            const SymbolIndex &Out, llvm::ArrayRef<Placement> P,
                            llvm::StringRef InputPath,
                            const llvm::StringMap<uint64_t> &Bodies);

/// Opens llvm-bolt's rewrite \p OutputPath of \p InputPath (a file in
/// apply's temporary directory, which the user never named): an error names
/// the input, whose damage is the likely cause.
llvm::Expected<std::unique_ptr<BinaryFile>>
openBoltOutput(llvm::StringRef OutputPath, llvm::StringRef InputPath);

/// \p E, met reading llvm-bolt's rewrite \p OutputPath of \p InputPath
/// (its symbols, its loops), as an error that names the input, as
/// openBoltOutput's do.
llvm::Error boltOutputError(llvm::Error E, llvm::StringRef OutputPath,
                            llvm::StringRef InputPath);

/// Reads the rewritten binary \p OutputPath (it needs .symtab) and judges
/// it with judgePlacement().
llvm::Expected<Verification>
verifyPlacement(llvm::StringRef OutputPath, const LayoutLock &Lock,
                const SymbolIndex &In, llvm::ArrayRef<Placement> P,
                llvm::StringRef InputPath,
                const llvm::StringMap<uint64_t> &Bodies);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_LOCKVERIFY_H
