//===- OutputHotLoops.cpp - Hot loops of a BOLT output, by BAT ------------===//

#include "hotlayout/Tool/OutputHotLoops.h"
#include "hotlayout/Tool/Error.h"
#include "hotlayout/Tool/LoopFinder.h"
#include "hotlayout/Tool/SymbolIndex.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/LEB128.h"

#include <map>

using namespace llvm;

namespace hotlayout {

namespace {
/// Reads the note's LEB128 and fixed-size fields; any read past the end
/// sets Bad and returns 0, so one check at the end suffices.
struct NoteReader {
  ArrayRef<uint8_t> Data;
  size_t Pos = 0;
  bool Bad = false;

  uint64_t uleb() {
    unsigned N = 0;
    const char *Err = nullptr;
    uint64_t V = decodeULEB128(Data.data() + Pos, &N, Data.end(), &Err);
    return advance(Err, N) ? V : 0;
  }
  int64_t sleb() {
    unsigned N = 0;
    const char *Err = nullptr;
    int64_t V = decodeSLEB128(Data.data() + Pos, &N, Data.end(), &Err);
    return advance(Err, N) ? V : 0;
  }
  uint64_t u64() {
    if (Bad || Pos + 8 > Data.size()) {
      Bad = true;
      return 0;
    }
    uint64_t V = support::endian::read64le(Data.data() + Pos);
    Pos += 8;
    return V;
  }
  ArrayRef<uint8_t> bytes(size_t N) {
    if (Bad || Pos + N > Data.size()) {
      Bad = true;
      return {};
    }
    ArrayRef<uint8_t> B = Data.slice(Pos, N);
    Pos += N;
    return B;
  }

private:
  bool advance(const char *Err, unsigned N) {
    if (Bad || Err) {
      Bad = true;
      return false;
    }
    Pos += N;
    return true;
  }
};
} // namespace

/// One fragment's entries (hot or cold). \p Prev is the running output
/// address shared by all fragments; \p Skew the input offset of a cold
/// fragment's first block (entries whose input equals output + skew are
/// stored without an input delta, flagged by a bitmask).
static std::vector<TranslationEntry>
readEntries(NoteReader &R, uint64_t Fragment, uint64_t Skew, uint64_t &Prev) {
  uint64_t Count = R.uleb();
  uint64_t Equal = R.uleb();
  ArrayRef<uint8_t> Mask =
      Equal ? R.bytes((Equal + 7) / 8) : ArrayRef<uint8_t>();
  std::vector<TranslationEntry> Entries;
  uint64_t InKey = 0; // Input offset << 1 | branch bit, delta-coded.
  for (uint64_t J = 0; J < Count && !R.Bad; ++J) {
    Prev += R.uleb(); // uint64 arithmetic: deltas wrap by design.
    uint64_t Out = Prev - Fragment;
    if (J < Equal)
      InKey = ((Out + Skew) << 1) | ((Mask[J / 8] >> (J % 8)) & 1);
    else
      InKey += R.sleb();
    bool Branch = InKey & 1;
    if (!Branch) {
      R.u64();  // Block hash.
      R.uleb(); // Block index delta.
    }
    Entries.push_back({Out, InKey >> 1, Branch});
  }
  return Entries;
}

Expected<BoltTranslation> readBoltTranslation(const BinaryFile &File) {
  std::optional<StringRef> Note;
  for (const object::SectionRef &S : File.object().sections()) {
    Expected<StringRef> Name = S.getName();
    if (!Name) {
      consumeError(Name.takeError());
      continue;
    }
    if (*Name != ".note.bolt_bat")
      continue;
    Expected<StringRef> Contents = S.getContents();
    if (!Contents)
      return fileError(File.path(), "has an unreadable .note.bolt_bat: " +
                                        toString(Contents.takeError()));
    Note = *Contents;
  }
  if (!Note)
    return fileError(File.path(), "has no BOLT address translation "
                                  "(.note.bolt_bat); rewrite it with "
                                  "llvm-bolt -enable-bat");
  ArrayRef<uint8_t> Data = arrayRefFromStringRef(*Note);
  if (Data.size() < 12)
    return fileError(File.path(), "has a truncated .note.bolt_bat");
  uint32_t NameSize = support::endian::read32le(Data.data());
  uint32_t DescSize = support::endian::read32le(Data.data() + 4);
  size_t DescAt = 12 + alignTo(NameSize, 4);
  if (DescAt + DescSize > Data.size())
    return fileError(File.path(), "has a truncated .note.bolt_bat");
  NoteReader R{Data.slice(DescAt, DescSize)};
  BoltTranslation T;
  uint64_t Prev = 0;
  // Hot fragments, then cold ones; cold entries are read only to advance
  // the shared running address.
  for (bool Cold : {false, true}) {
    uint64_t Count = R.uleb();
    for (uint64_t I = 0; I < Count && !R.Bad; ++I) {
      Prev += R.uleb();
      uint64_t Fragment = Prev, Skew = 0, Secondary = 0;
      if (Cold) {
        R.uleb(); // Hot fragment index delta.
        Skew = R.uleb();
      } else {
        R.u64();  // Function hash.
        R.uleb(); // Input blocks.
        Secondary = R.uleb();
      }
      std::vector<TranslationEntry> E = readEntries(R, Fragment, Skew, Prev);
      for (uint64_t S = 0; S < Secondary; ++S)
        R.uleb();
      if (!Cold)
        T.Hot[Fragment] = std::move(E);
    }
  }
  if (R.Bad || R.Pos != DescSize)
    return fileError(File.path(),
                     "has a .note.bolt_bat in a layout this hotlayout does "
                     "not read (llvm-bolt 19 and 22 write the one it reads)");
  return T;
}

std::optional<uint64_t>
BoltTranslation::toInput(uint64_t Fragment, uint64_t Out, bool IsBranch) const {
  auto It = Hot.find(Fragment);
  if (It == Hot.end())
    return std::nullopt;
  std::optional<TranslationEntry> Block;
  for (const TranslationEntry &E : It->second) {
    if (E.Out > Out)
      continue;
    if (E.Branch && E.Out == Out && IsBranch)
      return E.In;
    if (!E.Branch && (!Block || E.Out >= Block->Out))
      Block = E;
  }
  if (!Block)
    return std::nullopt;
  return Out - Block->Out + Block->In;
}

/// Times \p Name was entered: calls from other functions to its start.
static StringMap<uint64_t> entryCounts(const FunctionCounts &Counts) {
  StringMap<uint64_t> Entries;
  for (const auto &[Edge, Count] : Counts.Calls)
    Entries[Edge.second] += Count;
  return Entries;
}

Expected<std::vector<FunctionHotLoops>>
outputHotLoops(const BinaryFile &Out, ArrayRef<std::string> Names,
               StringRef ProfilePath, const OutputLoopOptions &Opts) {
  auto T = readBoltTranslation(Out);
  if (!T)
    return T.takeError();
  auto Profile = BranchProfile::read(ProfilePath);
  if (!Profile)
    return Profile.takeError();
  auto Counts = FunctionCounts::read(ProfilePath);
  if (!Counts)
    return Counts.takeError();
  StringMap<uint64_t> Entries = entryCounts(*Counts);
  auto Ranges = symbolRanges(Out, "apply places loops by symbol");
  if (!Ranges)
    return Ranges.takeError();
  SymbolIndex Index(*Ranges);
  auto Finder = LoopFinder::create(Out.triple());
  if (!Finder)
    return Finder.takeError();

  std::vector<FunctionHotLoops> Result;
  for (const std::string &Name : Names) {
    const IndexedSymbol *S = Index.find(Name);
    if (!S || !T->Hot.count(S->Address))
      continue;
    const CodeRange &Range = (*Ranges)[S->Range];
    // The profile names the input function; offsets are input offsets.
    CodeRange InputFunction;
    InputFunction.Name = Name;
    // Back edges to one output target form one loop (formLoops' rule).
    std::map<uint64_t, std::pair<uint64_t, uint64_t>> ByTarget; // end, taken
    for (const BackEdge &E : (*Finder)->findBackEdges(Range)) {
      auto InBranch = T->toInput(S->Address, E.Branch - S->Address, true);
      auto InTarget = T->toInput(S->Address, E.Target - S->Address, false);
      if (!InBranch || !InTarget)
        continue;
      Loop InLoop;
      InLoop.Start = *InTarget;
      InLoop.End = *InBranch + 1;
      auto &[End, Taken] = ByTarget[E.Target];
      End = std::max(End, E.End);
      Taken += Profile->backEdgeCount(InputFunction, InLoop);
    }
    FunctionHotLoops F;
    F.Name = Name;
    uint64_t Entered = std::max<uint64_t>(Entries.lookup(Name), 1);
    for (const auto &[Target, EndTaken] : ByTarget) {
      auto [End, Taken] = EndTaken;
      if (Taken < Opts.MinCount || Taken < 2 * Entered)
        continue;
      HotLoopBytes L;
      L.Head = Target - S->Address;
      L.Bytes.push_back({L.Head, End - S->Address});
      L.Taken = Taken;
      F.Loops.push_back(std::move(L));
    }
    if (!F.Loops.empty())
      Result.push_back(std::move(F));
  }
  return Result;
}

} // namespace hotlayout
