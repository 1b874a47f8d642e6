//===- SymbolIndex.cpp - Functions by unique name -------------------------===//

#include "hotlayout/Tool/Binary/SymbolIndex.h"

#include "hotlayout/Tool/Support/Error.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"

using namespace llvm;

namespace hotlayout {

SymbolIndex::SymbolIndex(ArrayRef<CodeRange> Ranges) {
  StringSet<> Ambiguous;
  for (size_t I = 0; I < Ranges.size(); ++I) {
    const CodeRange &R = Ranges[I];
    IndexedSymbol S{R.Address, R.Bytes.size(), I};
    SmallVector<StringRef, 2> Names{R.Name};
    Names.append(R.Aliases.begin(), R.Aliases.end());
    for (StringRef N : Names)
      if (!Unique.try_emplace(N, S).second)
        Ambiguous.insert(N);
  }
  for (const auto &N : Ambiguous)
    Unique.erase(N.getKey());
}

const IndexedSymbol *SymbolIndex::find(StringRef Name) const {
  auto It = Unique.find(Name);
  return It == Unique.end() ? nullptr : &It->second;
}

Expected<std::vector<CodeRange>> symbolRanges(const BinaryFile &File,
                                              const Twine &Why) {
  RangeSource Source;
  auto Ranges = File.codeRanges(Source);
  if (!Ranges)
    return Ranges.takeError();
  if (Source != RangeSource::Symbols)
    return fileError(File.path(),
                     "has no .symtab function symbols, and " + Why);
  return Ranges;
}

} // namespace hotlayout
