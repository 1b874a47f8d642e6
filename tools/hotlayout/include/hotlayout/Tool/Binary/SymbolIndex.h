//===- hotlayout/Tool/Binary/SymbolIndex.h - Functions by unique name -----===//
//
// A layout lock is keyed by symbol name, so plan and apply must agree on
// which name means which function. Local functions of different files may
// share a name; a lock entry with such a name could mean either, so those
// names are left out of the index: plan does not lock them and apply does
// not look them up (that rule lives here, once). Aliases (several symbols at
// one address) are all names of their function.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_SYMBOLINDEX_H
#define HOTLAYOUT_TOOL_SYMBOLINDEX_H

#include "hotlayout/Tool/Binary/BinaryFile.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <vector>

namespace hotlayout {

/// One function of the index.
struct IndexedSymbol {
  uint64_t Address = 0;
  uint64_t Size = 0; ///< Bytes of its code range (st_size).
  size_t Range = 0;  ///< Index of its range in the ranges indexed.
};

/// Function names that exactly one code range carries, to that range.
class SymbolIndex {
public:
  SymbolIndex() = default;
  explicit SymbolIndex(llvm::ArrayRef<CodeRange> Ranges);

  /// The function named \p Name, or null when no range or several carry it.
  const IndexedSymbol *find(llvm::StringRef Name) const;
  bool contains(llvm::StringRef Name) const { return find(Name); }

  /// Every indexed name with its function, in no particular order.
  const llvm::StringMap<IndexedSymbol> &names() const { return Unique; }

private:
  llvm::StringMap<IndexedSymbol> Unique;
};

/// The function ranges of \p File from .symtab. A binary without them
/// (stripped, or with only .dynsym) is an error: "'FILE' has no .symtab
/// function symbols, and <Why>".
llvm::Expected<std::vector<CodeRange>> symbolRanges(const BinaryFile &File,
                                                    const llvm::Twine &Why);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_SYMBOLINDEX_H
