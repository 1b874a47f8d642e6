//===- BoltAddressTranslation.cpp - Reading BOLT's BAT --------------------===//
//
// The note (NT_BOLT_BAT, name "BOLT") holds a hot section, then a cold
// section; each is ULEB NumFragments and per fragment:
//   ULEB address delta, from a running address that every fragment AND every
//        entry advances and that both sections share (uint64 differences:
//        they wrap, since cold fragments can precede earlier hot ones);
//   hot:  u64 function hash, ULEB #blocks, ULEB #secondary entry points;
//   cold: ULEB hot-fragment index delta (wraps), ULEB input skew;
//   ULEB #entries, ULEB EqualElems, then ceil(EqualElems/8) bytes of
//   BRANCHENTRY bits for the first EqualElems entries (their input offset is
//   the output offset + skew);
//   per entry: ULEB output address delta; past EqualElems an SLEB delta of
//   (input offset << 1 | BRANCHENTRY); for a block entry u64 block hash and
//   ULEB block-index delta;
//   hot: #secondary ULEB offset deltas.
// Read in bolt/lib/Profile/BoltAddressTranslation.cpp (the layout with
// hashes, which llvm-bolt 19.1.7 and 22.1.8 both write).
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/Bolt/BoltAddressTranslation.h"
#include "hotlayout/Tool/Support/Error.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/DataExtractor.h"

using namespace llvm;

namespace hotlayout {

static constexpr uint64_t BranchEntryBit = 1;

static bool byOutputOffset(const BATEntry &A, const BATEntry &B) {
  return A.OutputOffset < B.OutputOffset;
}

void BATFragment::index() {
  Blocks.clear();
  Branches.clear();
  for (const BATEntry &E : Entries)
    (E.IsBranch ? Branches : Blocks).push_back(E);
  // Offsets only grow within a fragment unless the note's deltas overflow
  // 64 bits; stable, so equal offsets keep the note's order either way.
  llvm::stable_sort(Blocks, byOutputOffset);
  llvm::stable_sort(Branches, byOutputOffset);
}

std::optional<uint64_t> BATFragment::blockAt(uint64_t OutputOffset) const {
  // Past the last entry at OutputOffset: the one before is the latest block
  // start at or before it.
  auto It = llvm::partition_point(Blocks, [&](const BATEntry &E) {
    return E.OutputOffset <= OutputOffset;
  });
  if (It == Blocks.begin())
    return std::nullopt;
  return std::prev(It)->InputOffset;
}

/// The input offset of the first of \p Sorted at exactly \p OutputOffset.
static std::optional<uint64_t> firstAt(ArrayRef<BATEntry> Sorted,
                                       uint64_t OutputOffset) {
  auto It = llvm::partition_point(
      Sorted, [&](const BATEntry &E) { return E.OutputOffset < OutputOffset; });
  if (It == Sorted.end() || It->OutputOffset != OutputOffset)
    return std::nullopt;
  return It->InputOffset;
}

std::optional<uint64_t>
BATFragment::blockStartingAt(uint64_t OutputOffset) const {
  return firstAt(Blocks, OutputOffset);
}

std::optional<uint64_t> BATFragment::branchAt(uint64_t OutputOffset) const {
  return firstAt(Branches, OutputOffset);
}

namespace {
/// Reads one section (hot or cold) of the note.
class NoteReader {
public:
  NoteReader(DataExtractor Data, DataExtractor::Cursor &C,
             std::vector<BATFragment> &Out)
      : Data(Data), C(C), Out(Out) {}

  void readSection(bool Cold) {
    uint64_t Count = Data.getULEB128(C);
    uint64_t HotIndex = 0;
    for (uint64_t I = 0; I < Count && C; ++I) {
      BATFragment F;
      F.Cold = Cold;
      Prev += Data.getULEB128(C);
      F.Address = F.HotAddress = Prev;
      uint64_t Skew = 0, Secondary = 0;
      if (Cold) {
        HotIndex += Data.getULEB128(C);
        Skew = Data.getULEB128(C);
        if (HotIndex >= HotFragments.size()) {
          Bad = true;
          return;
        }
        F.HotAddress = Out[HotFragments[HotIndex]].Address;
      } else {
        Data.getU64(C);     // function hash
        Data.getULEB128(C); // number of input blocks
        Secondary = Data.getULEB128(C);
      }
      readEntries(F, Skew);
      F.index();
      for (uint64_t S = 0; S < Secondary && C; ++S)
        Data.getULEB128(C);
      if (!Cold)
        HotFragments.push_back(Out.size());
      Out.push_back(std::move(F));
    }
  }

  bool Bad = false;

private:
  void readEntries(BATFragment &F, uint64_t Skew) {
    uint64_t Count = Data.getULEB128(C);
    uint64_t Equal = Data.getULEB128(C);
    SmallVector<uint8_t, 16> Mask;
    if (Equal)
      Data.getU8(C, Mask, (Equal + 7) / 8);
    uint64_t Input = 0;
    for (uint64_t J = 0; J < Count && C; ++J) {
      Prev += Data.getULEB128(C);
      uint64_t OutOffset = Prev - F.Address;
      if (J < Equal)
        Input = ((OutOffset + Skew) << 1) |
                ((J / 8 < Mask.size() && (Mask[J / 8] >> (J % 8)) & 1) ? 1 : 0);
      else
        Input += uint64_t(Data.getSLEB128(C));
      bool IsBranch = Input & BranchEntryBit;
      if (!IsBranch) {
        Data.getU64(C);     // block hash
        Data.getULEB128(C); // block index delta
      }
      F.Entries.push_back({OutOffset, Input >> 1, IsBranch});
    }
  }

  DataExtractor Data;
  DataExtractor::Cursor &C;
  std::vector<BATFragment> &Out;
  std::vector<size_t> HotFragments; ///< Indexes into Out.
  uint64_t Prev = 0;
};
} // namespace

Expected<BoltAddressTranslation>
BoltAddressTranslation::parse(ArrayRef<uint8_t> Note, StringRef Path) {
  auto Broken = [&](const Twine &Why) {
    return fileError(Path, "has a .note.bolt_bat that cannot be read (" + Why +
                               "); rerun llvm-bolt with -enable-bat, or "
                               "report the llvm-bolt version");
  };
  DataExtractor Data(Note, /*IsLittleEndian=*/true, /*AddressSize=*/8);
  DataExtractor::Cursor C(0);
  uint32_t NameSize = Data.getU32(C);
  uint32_t DescSize = Data.getU32(C);
  uint32_t Type = Data.getU32(C);
  if (!C)
    return Broken(toString(C.takeError()));
  // llvm-bolt 19 and 22 write type 1 here, not NT_BOLT_BAT; the name says
  // whose note it is.
  (void)Type;
  if (NameSize < 4 || 12 + uint64_t(NameSize) > Note.size() ||
      StringRef(reinterpret_cast<const char *>(Note.data()) + 12, 4) != "BOLT")
    return Broken("the note is not named BOLT");
  uint64_t DescStart = alignTo(12 + uint64_t(NameSize), 4);
  if (DescStart + DescSize > Note.size())
    return Broken("descriptor runs past the section");
  DataExtractor Desc(Note.slice(DescStart, DescSize), true, 8);
  DataExtractor::Cursor DC(0);
  BoltAddressTranslation BAT;
  NoteReader R(Desc, DC, BAT.Fragments);
  R.readSection(/*Cold=*/false);
  R.readSection(/*Cold=*/true);
  if (!DC)
    return Broken(toString(DC.takeError()));
  if (R.Bad)
    return Broken("a cold fragment names no hot fragment");
  if (DC.tell() != DescSize)
    return Broken("parsed " + Twine(DC.tell()) + " of " + Twine(DescSize) +
                  " bytes: unknown layout");
  return BAT;
}

Expected<std::optional<BoltAddressTranslation>>
BoltAddressTranslation::read(const BinaryFile &File) {
  for (const object::SectionRef &Sec : File.object().sections()) {
    Expected<StringRef> Name = Sec.getName();
    if (!Name) {
      consumeError(Name.takeError());
      continue;
    }
    if (*Name != ".note.bolt_bat")
      continue;
    Expected<StringRef> Contents = Sec.getContents();
    if (!Contents)
      return fileError(File.path(), "has an unreadable .note.bolt_bat: " +
                                        toString(Contents.takeError()));
    auto BAT = parse(arrayRefFromStringRef(*Contents), File.path());
    if (!BAT)
      return BAT.takeError();
    return std::optional<BoltAddressTranslation>(std::move(*BAT));
  }
  return std::nullopt;
}

} // namespace hotlayout
