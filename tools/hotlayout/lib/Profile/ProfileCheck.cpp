//===- ProfileCheck.cpp - Does a profile fit a binary? --------------------===//

#include "hotlayout/Tool/Profile/ProfileCheck.h"

#include "hotlayout/Tool/Support/Error.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Object/ELFObjectFile.h"

#include <optional>
#include <string>
#include <utility>

using namespace llvm;

namespace hotlayout {

/// The size every instruction of \p File has, or 0 when sizes vary.
static unsigned fixedInstructionSize(const BinaryFile &File) {
  return File.object().getArch() == Triple::aarch64 ? 4 : 0;
}

static std::string hex(uint64_t V) { return "0x" + utohexstr(V); }

/// Step 3.
static Error checkOffsets(StringRef ProfilePath, const BranchProfile &P,
                          const BinaryFile &File, const SymbolIndex &ByName) {
  unsigned Fixed = fixedInstructionSize(File);
  size_t Checked = 0, Inside = 0;
  std::optional<std::pair<std::string, uint64_t>> Misaligned;
  P.forEachBranch([&](StringRef Function, uint64_t From, uint64_t To) {
    const IndexedSymbol *S = ByName.find(Function);
    if (!S)
      return;
    ++Checked;
    Inside += From < S->Size && To < S->Size;
    for (uint64_t Offset : {From, To})
      if (Fixed && Offset % Fixed && !Misaligned)
        Misaligned = {Function.str(), Offset};
  });
  if (Misaligned)
    return fileError(ProfilePath,
                     "records a branch at offset " + hex(Misaligned->second) +
                         " of '" + Misaligned->first +
                         "', and every instruction of '" + File.path() + "' (" +
                         Triple::getArchTypeName(File.object().getArch()) +
                         ") is " + Twine(Fixed) +
                         " bytes long and aligned: the profile was recorded "
                         "on another architecture; record it from this "
                         "binary (hotlayout profile)");
  if (Checked && !Inside)
    return fileError(ProfilePath,
                     "has no branch inside the functions of '" + File.path() +
                         "' it names (each of its " + Twine(Checked) +
                         " branch records within one function lies past that "
                         "function's end): it describes other code; record "
                         "it from this binary (hotlayout profile)");
  return Error::success();
}

Error checkProfileFits(StringRef ProfilePath, const FunctionCounts &Counts,
                       const BranchProfile &Branches, const BinaryFile &File,
                       const SymbolIndex &ByName) {
  if (Counts.Count.empty())
    return fileError(ProfilePath,
                     "has no branch records: an empty profile orders "
                     "nothing; record one of '" +
                         File.path() + "' with hotlayout profile");
  if (Error E =
          Counts.checkNamesSome(ProfilePath, File.path(), [&](StringRef Name) {
            return ByName.contains(Name);
          }))
    return E;
  return checkOffsets(ProfilePath, Branches, File, ByName);
}

} // namespace hotlayout
