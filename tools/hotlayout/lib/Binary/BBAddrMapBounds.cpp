//===- BBAddrMapBounds.cpp - Check a .llvm_bb_addr_map before LLVM does ---===//
//
// LLVM 22's decoder (ELFFile::decodeBBAddrMap) trusts the counts it reads:
// a successor count is a ULEB128 of up to 2^64 that it loops over with no
// look at the bytes left, pushing an entry per turn, and a call-site count
// goes straight to reserve(). One damaged byte made check, loops, diff and
// apply grow to ~24 GB and die in LLVM's out-of-memory handler. So every
// map is walked here first, in the decoder's own order, and every count is
// held against the smallest number of bytes its entries could take in what
// is left of the section. A map that passes can make the decoder allocate
// no more than a small multiple of its own size.
//
// The walk follows the layout LLVM 22 reads (versions 2-5; version 5 has a
// 16-bit feature field), per function:
//   version, features, [range count], per range: address, block count,
//   per block: ID, offset, [call-site count, offsets], size, metadata,
//   [hash]; then [entry count], per block: [frequency], [post-link
//   frequency], [successor count, per successor: ID, probability,
//   [post-link frequency]].
//
//===----------------------------------------------------------------------===//

#include "Binary/Compat.h"
#include "hotlayout/Tool/Binary/BinaryFile.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Object/Decompressor.h"
#include "llvm/Support/LEB128.h"

#include <memory>

using namespace llvm;

namespace hotlayout {
namespace compat {

namespace {
/// A cursor over the section with the checks the decoder lacks.
class MapWalker {
  ArrayRef<uint8_t> Data;
  uint64_t Offset = 0;
  std::string Problem;

public:
  explicit MapWalker(ArrayRef<uint8_t> Data) : Data(Data) {}

  bool done() const { return !Problem.empty() || Offset >= Data.size(); }
  bool failed() const { return !Problem.empty(); }
  uint64_t left() const { return Data.size() - Offset; }
  uint64_t offset() const { return Offset; }
  const std::string &problem() const { return Problem; }

  void fail(const Twine &What, uint64_t At) {
    if (Problem.empty())
      Problem = ("offset 0x" + Twine::utohexstr(At) + ": " + What).str();
  }

  uint64_t fixed(unsigned Bytes, const char *What) {
    if (failed())
      return 0;
    if (left() < Bytes) {
      fail(Twine(What) + " runs past the end of the section", Offset);
      return 0;
    }
    uint64_t V = 0;
    for (unsigned I = 0; I < Bytes; ++I)
      V |= uint64_t(Data[Offset + I]) << (8 * I);
    Offset += Bytes;
    return V;
  }

  uint64_t uleb(uint64_t Max, const char *What) {
    if (failed())
      return 0;
    unsigned N = 0;
    const char *Err = nullptr;
    uint64_t V = decodeULEB128(Data.data() + Offset, &N, Data.end(), &Err);
    if (Err) {
      fail(Twine(What) + ": " + Err, Offset);
      return 0;
    }
    if (V > Max) {
      fail(Twine(What) + " " + Twine(V) + " is out of range", Offset);
      return 0;
    }
    Offset += N;
    return V;
  }

  /// A count of entries of at least \p MinBytes each, held against the
  /// bytes left.
  uint64_t count(uint64_t Max, uint64_t MinBytes, const char *What) {
    uint64_t At = Offset;
    uint64_t N = uleb(Max, What);
    if (!failed() && MinBytes && N > left() / MinBytes)
      fail(Twine(What) + " " + Twine(N) + " needs at least " + Twine(MinBytes) +
               " bytes each, and " + Twine(left()) + " bytes are left",
           At);
    return failed() ? 0 : N;
  }
};
} // namespace

Error checkBBAddrMapBounds(ArrayRef<uint8_t> Data, bool &NewerVersion) {
  NewerVersion = false;
  MapWalker W(Data);
  const uint64_t U32 = UINT32_MAX, U64 = UINT64_MAX;
  while (!W.done()) {
    uint64_t FunctionAt = W.offset();
    uint64_t Version = W.fixed(1, "the version");
    if (Version > 5) {
      NewerVersion = true;
      W.fail("unsupported version: " + Twine(Version), FunctionAt);
      break;
    }
    if (Version < 2) {
      W.fail("version " + Twine(Version) + ", older than any LLVM 22 reads",
             FunctionAt);
      break;
    }
    uint64_t Raw = W.fixed(Version < 5 ? 1 : 2, "the feature field");
    auto Feat = object::BBAddrMap::Features::decode(uint16_t(Raw));
    if (!Feat) {
      W.fail(toString(Feat.takeError()), FunctionAt + 1);
      break;
    }
    // Smallest encodings: an address is 8 bytes and every ULEB128 one.
    const uint64_t BlockBytes =
        4 + (Feat->BBHash ? 8 : 0) + (Feat->CallsiteEndOffsets ? 1 : 0);
    uint64_t Ranges = 1;
    if (Feat->MultiBBRange)
      Ranges = W.count(U32, 9, "the range count");
    uint64_t TotalBlocks = 0;
    for (uint64_t R = 0; R < Ranges && !W.failed(); ++R) {
      W.fixed(8, "a range address");
      uint64_t Blocks =
          W.count(U32, Feat->OmitBBEntries ? 0 : BlockBytes, "the block count");
      if (Feat->OmitBBEntries)
        continue;
      TotalBlocks += Blocks;
      for (uint64_t B = 0; B < Blocks && !W.failed(); ++B) {
        W.uleb(U32, "a block ID");
        W.uleb(U32, "a block offset");
        if (Feat->CallsiteEndOffsets) {
          uint64_t Calls = W.count(U32, 1, "the call-site count");
          for (uint64_t C = 0; C < Calls && !W.failed(); ++C)
            W.uleb(U32, "a call-site offset");
        }
        W.uleb(U32, "a block size");
        W.uleb(U32, "a block's metadata");
        if (Feat->BBHash)
          W.fixed(8, "a block hash");
      }
    }
    if (Feat->FuncEntryCount)
      W.uleb(U64, "the entry count");
    if (!Feat->hasPGOAnalysisBBData())
      continue;
    const uint64_t SuccBytes = 2 + (Feat->PostLinkCfg ? 1 : 0);
    for (uint64_t B = 0; B < TotalBlocks && !W.failed(); ++B) {
      if (Feat->BBFreq)
        W.uleb(U64, "a block frequency");
      if (Feat->PostLinkCfg)
        W.uleb(U32, "a post-link block frequency");
      if (!Feat->BrProb)
        continue;
      uint64_t Succs = W.count(U64, SuccBytes, "the successor count");
      for (uint64_t S = 0; S < Succs && !W.failed(); ++S) {
        W.uleb(U32, "a successor ID");
        W.uleb(U32, "a branch probability");
        if (Feat->PostLinkCfg)
          W.uleb(U32, "a post-link edge frequency");
      }
    }
  }
  if (W.failed())
    return makeError(W.problem());
  return Error::success();
}

/// The largest decompressed map read: a compressed map (--compress-sections)
/// says its own size, and a damaged header must not size an allocation.
static constexpr uint64_t MaxDecompressedMap = uint64_t(1) << 30;

/// The bytes of map section \p Sec, decompressed into \p Storage when it is
/// compressed.
static Expected<ArrayRef<uint8_t>>
mapContents(const object::ELFFile<object::ELF64LE> &EF,
            const object::ELF64LE::Shdr &Sec,
            std::unique_ptr<uint8_t[]> &Storage) {
  auto Contents = EF.getSectionContents(Sec);
  if (!Contents || !(Sec.sh_flags & ELF::SHF_COMPRESSED))
    return Contents;
  auto D =
      object::Decompressor::create(".llvm_bb_addr_map", toStringRef(*Contents),
                                   /*IsLE=*/true, /*Is64Bit=*/true);
  if (!D)
    return D.takeError();
  uint64_t Size = D->getDecompressedSize();
  if (Size > MaxDecompressedMap)
    return makeError("its compression header claims " + Twine(Size) +
                     " bytes, over the " + Twine(MaxDecompressedMap) + " read");
  Storage = std::make_unique<uint8_t[]>(Size);
  MutableArrayRef<uint8_t> Out(Storage.get(), Size);
  if (Error E = D->decompress(Out))
    return std::move(E);
  return ArrayRef<uint8_t>(Out);
}

static Error damagedMap(StringRef Path, unsigned Index, Error E) {
  return fileError(Path, "has a damaged .llvm_bb_addr_map (section " +
                             Twine(Index) + ", " + toString(std::move(E)) +
                             ")" + DamagedFileAdvice);
}

Expected<std::vector<MappedBlock>>
readMappedBlocks(const object::ELFObjectFileBase &Obj, StringRef Path) {
  // BinaryFile::open() accepts linked ELF64 little-endian files only, whose
  // maps hold final addresses: no relocation section is needed, and none is
  // read (a damaged .rela.data is not the map's fault).
  const auto &EF = cast<object::ELF64LEObjectFile>(Obj).getELFFile();
  auto Sections = EF.sections();
  if (!Sections)
    return fileError(Path, "has unreadable section headers (" +
                               toString(Sections.takeError()) + ")" +
                               DamagedFileAdvice);
  std::vector<object::BBAddrMap> Maps;
  std::vector<object::PGOAnalysisMap> PGO;
  for (const auto &Sec : *Sections) {
    if (Sec.sh_type != ELF::SHT_LLVM_BB_ADDR_MAP)
      continue;
    unsigned Index = &Sec - Sections->begin();
    std::unique_ptr<uint8_t[]> Storage;
    auto Contents = mapContents(EF, Sec, Storage);
    if (!Contents)
      return damagedMap(Path, Index, Contents.takeError());
    bool Newer = false;
    if (Error E = checkBBAddrMapBounds(*Contents, Newer)) {
      if (!Newer)
        return damagedMap(Path, Index, std::move(E));
      return fileError(Path, "has an unreadable .llvm_bb_addr_map (section " +
                                 Twine(Index) + ", " + toString(std::move(E)) +
                                 "); a map of a newer LLVM than hotlayout's (" +
                                 Twine(LLVM_VERSION_MAJOR) +
                                 ") needs a hotlayout built against that LLVM");
    }
    auto Decoded = EF.decodeBBAddrMap(Sec, /*RelaSec=*/nullptr, &PGO);
    if (!Decoded)
      return damagedMap(Path, Index, Decoded.takeError());
    Maps.insert(Maps.end(), std::make_move_iterator(Decoded->begin()),
                std::make_move_iterator(Decoded->end()));
  }

  std::vector<MappedBlock> Blocks;
  for (size_t F = 0; F < Maps.size(); ++F) {
    const object::BBAddrMap &Map = Maps[F];
    const object::PGOAnalysisMap *P = F < PGO.size() ? &PGO[F] : nullptr;
    bool HasFreq = P && P->FeatEnable.BBFreq && !P->BBEntries.empty();
    uint64_t EntryFreq =
        HasFreq ? P->BBEntries.front().BlockFreq.getFrequency() : 0;
    // PGO entries run over all ranges in order, like the blocks.
    size_t Index = 0;
    for (const auto &Range : Map.getBBRanges())
      for (const auto &BB : Range.BBEntries) {
        MappedBlock B;
        B.FunctionAddress = Map.getFunctionAddress();
        if (P && P->FeatEnable.FuncEntryCount)
          B.FunctionEntryCount = P->FuncEntryCount;
        B.ID = BB.ID;
        B.Address = Range.BaseAddress + BB.Offset;
        B.Size = BB.Size;
        if (HasFreq && Index < P->BBEntries.size()) {
          B.HasFreq = true;
          B.Freq = P->BBEntries[Index].BlockFreq.getFrequency();
          B.EntryFreq = EntryFreq;
          if (P->FeatEnable.BrProb)
            readMappedSuccessors(P->BBEntries[Index], B);
        }
        Blocks.push_back(B);
        ++Index;
      }
  }
  return Blocks;
}

} // namespace compat
} // namespace hotlayout
