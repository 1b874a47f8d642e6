//===- PGOAnalysisProfile.cpp - .fdata records from the PGO analysis map --===//
//
// 1. Read every mapped block (Compat.h) and group the blocks of functions
//    whose map has frequencies and branch probabilities.
// 2. Keep the functions the profile has no record from (BOLT did not
//    instrument them) and that it enters: their entry count is its count of
//    records to their first byte, the same calls BOLT counts for the rest.
// 3. Decode each block and turn each edge into a record from the
//    instruction that takes it (branchesFromPGOMap); and each direct call
//    (or tail jump) into a function of step 2's kind that the profile never
//    enters into a call record, its block's count: such a function, called
//    only from code BOLT could not instrument, is then entered, and steps
//    2-3 run for it in turn (MapProfiler).
// The other way, functionsProfiledFromPGOMap recognises those records in a
// profile they were merged into: step 3 again with the profile's entries,
// compared with what the profile has.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/Profile/PGOAnalysisProfile.h"
#include "hotlayout/Tool/Support/Error.h"

#include "Binary/Compat.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <map>
#include <memory>
#include <optional>

using namespace llvm;

namespace hotlayout {

namespace {
/// The direct branch of \p Block to \p Target, if any.
std::optional<uint64_t> directBranchTo(ArrayRef<DecodedInst> Block,
                                       uint64_t Target) {
  for (const DecodedInst &I : Block)
    if (I.IsBranch && I.Target == Target)
      return I.Address;
  return std::nullopt;
}

/// True when control can leave \p Block at its end: it is empty or its
/// last instruction is no jump (a conditional branch falls through).
bool fallsThrough(ArrayRef<DecodedInst> Block) {
  return Block.empty() || Block.back().FallsThrough;
}

/// The indirect jump of \p Block, if any.
std::optional<uint64_t> indirectJumpOf(ArrayRef<DecodedInst> Block) {
  for (const DecodedInst &I : Block)
    if (I.IsIndirectJump)
      return I.Address;
  return std::nullopt;
}

/// The instructions of \p Insts in [Begin, End).
ArrayRef<DecodedInst> instsIn(ArrayRef<DecodedInst> Insts, uint64_t Begin,
                              uint64_t End) {
  auto First = llvm::partition_point(
      Insts, [&](const DecodedInst &I) { return I.Address < Begin; });
  auto Last =
      std::partition_point(First, Insts.end(), [&](const DecodedInst &I) {
        return I.Address < End;
      });
  return Insts.slice(First - Insts.begin(), Last - First);
}
} // namespace

std::vector<ProfileBranch> branchesFromPGOMap(const PGOMapFunction &F,
                                              ArrayRef<DecodedInst> Insts,
                                              uint64_t EntryCount) {
  DenseMap<uint32_t, const PGOMapBlock *> ByID;
  for (const PGOMapBlock &B : F.Blocks)
    ByID[B.ID] = &B;
  // Summed per (From, To): several edges can leave through one jump.
  std::map<std::pair<uint64_t, uint64_t>, uint64_t> Counts;
  double EntryFreq = double(std::max<uint64_t>(F.EntryFreq, 1));
  for (const PGOMapBlock &B : F.Blocks) {
    double BlockCount = double(EntryCount) * double(B.Freq) / EntryFreq;
    ArrayRef<DecodedInst> Block =
        instsIn(Insts, F.Address + B.Offset, F.Address + B.Offset + B.Size);
    for (const auto &[ID, Prob] : B.Successors) {
      auto Succ = ByID.find(ID);
      uint64_t Count = uint64_t(std::llround(BlockCount * Prob));
      if (Succ == ByID.end() || Count == 0)
        continue;
      uint64_t To = Succ->second->Offset;
      std::optional<uint64_t> From = directBranchTo(Block, F.Address + To);
      if (!From && To == B.Offset + B.Size && fallsThrough(Block))
        continue; // A fall-through: readers infer it from the flow.
      if (!From)
        From = indirectJumpOf(Block);
      if (From)
        Counts[{*From - F.Address, To}] += Count;
    }
  }
  std::vector<ProfileBranch> Branches;
  for (const auto &[Edge, Count] : Counts)
    Branches.push_back({Edge.first, Edge.second, Count});
  return Branches;
}

bool conservesFlow(const PGOMapFunction &F) {
  if (F.Blocks.empty())
    return true;
  DenseMap<uint32_t, double> Inflow;
  for (const PGOMapBlock &B : F.Blocks)
    for (const auto &[ID, Prob] : B.Successors)
      Inflow[ID] += double(B.Freq) * Prob;
  return llvm::all_of(F.Blocks, [&](const PGOMapBlock &B) {
    // The entry block also runs once per call: its inflow is not its count.
    if (B.Offset == 0)
      return true;
    double Freq = double(B.Freq);
    double Tolerance = 0.01 * std::max(Freq, double(F.EntryFreq));
    return std::abs(Inflow.lookup(B.ID) - Freq) <= Tolerance;
  });
}

namespace {
/// A mapped function with what the records need.
struct MappedFunction {
  PGOMapFunction Map;
  bool RanInTraining = false; ///< Its map's entry count is not zero.
};

/// Step 1: the functions whose map has frequencies and probabilities, by
/// address.
Expected<std::map<uint64_t, MappedFunction>>
readMappedFunctions(const BinaryFile &File) {
  auto Blocks = compat::readMappedBlocks(File.object(), File.path());
  if (!Blocks)
    return Blocks.takeError();
  std::map<uint64_t, MappedFunction> Functions;
  for (const compat::MappedBlock &B : *Blocks) {
    if (!B.HasFreq || !B.HasProb)
      continue;
    MappedFunction &F = Functions[B.FunctionAddress];
    F.Map.Address = B.FunctionAddress;
    F.Map.EntryFreq = B.EntryFreq;
    F.RanInTraining = B.FunctionEntryCount.value_or(1) != 0;
    PGOMapBlock Block;
    Block.ID = B.ID;
    Block.Offset = B.Address - B.FunctionAddress;
    Block.Size = B.Size;
    Block.Freq = B.Freq;
    for (const compat::MappedSuccessor &S : B.Successors)
      Block.Successors.push_back({S.ID, S.Prob});
    F.Map.Blocks.push_back(std::move(Block));
  }
  return Functions;
}

/// \p Range's instructions, decoded block by block so that every block
/// starts on an instruction boundary.
std::vector<DecodedInst> decodeBlocks(const LoopFinder &Finder,
                                      const CodeRange &Range,
                                      const PGOMapFunction &F) {
  std::vector<DecodedInst> Insts;
  for (const PGOMapBlock &B : F.Blocks) {
    if (B.Offset + B.Size > Range.Bytes.size())
      continue; // Outside the symbol: another fragment, not recorded.
    CodeRange Block;
    Block.Name = Range.Name;
    Block.Address = Range.Address + B.Offset;
    Block.Bytes = Range.Bytes.slice(B.Offset, B.Size);
    std::vector<DecodedInst> D = Finder.decode(Block);
    Insts.insert(Insts.end(), D.begin(), D.end());
  }
  llvm::sort(Insts, [](const DecodedInst &A, const DecodedInst &B) {
    return A.Address < B.Address;
  });
  return Insts;
}

/// One .fdata line per branch of \p Name (kind and BOLT name).
void appendRecords(raw_ostream &OS, StringRef Name,
                   ArrayRef<ProfileBranch> Branches) {
  for (const ProfileBranch &B : Branches)
    OS << Name << ' ' << format_hex_no_prefix(B.From, 1) << ' ' << Name << ' '
       << format_hex_no_prefix(B.To, 1) << " 0 " << B.Count << '\n';
}

/// What steps 1-3 need: the mapped functions, the binary's function ranges
/// and a decoder; none when the binary cannot give records (no map with
/// frequencies and probabilities, or no function symbols: .fdata names
/// functions).
struct MapContext {
  std::map<uint64_t, MappedFunction> Functions;
  std::vector<CodeRange> Ranges;
  std::unique_ptr<LoopFinder> Finder;

  static Expected<std::optional<MapContext>> load(const BinaryFile &File);

  /// The records the map gives \p Range's function entered \p Entries
  /// times, inside the range (step 3).
  std::vector<ProfileBranch> branches(const CodeRange &Range,
                                      const PGOMapFunction &F,
                                      uint64_t Entries) const;
  /// The same from \p Insts, \p Range's instructions decodeBlocks gave.
  static std::vector<ProfileBranch> branches(const CodeRange &Range,
                                             const PGOMapFunction &F,
                                             ArrayRef<DecodedInst> Insts,
                                             uint64_t Entries);
};

Expected<std::optional<MapContext>> MapContext::load(const BinaryFile &File) {
  if (!File.hasBBAddrMap())
    return std::nullopt;
  auto Functions = readMappedFunctions(File);
  if (!Functions)
    return Functions.takeError();
  if (Functions->empty())
    return std::nullopt;
  RangeSource Source;
  auto Ranges = File.codeRanges(Source);
  if (!Ranges)
    return Ranges.takeError();
  if (Source != RangeSource::Symbols)
    return std::nullopt;
  auto Finder = LoopFinder::create(File.triple());
  if (!Finder)
    return Finder.takeError();
  MapContext C;
  C.Functions = std::move(*Functions);
  C.Ranges = std::move(*Ranges);
  C.Finder = std::move(*Finder);
  return std::optional<MapContext>(std::move(C));
}

std::vector<ProfileBranch> MapContext::branches(const CodeRange &Range,
                                                const PGOMapFunction &F,
                                                uint64_t Entries) const {
  return branches(Range, F, decodeBlocks(*Finder, Range, F), Entries);
}

std::vector<ProfileBranch> MapContext::branches(const CodeRange &Range,
                                                const PGOMapFunction &F,
                                                ArrayRef<DecodedInst> Insts,
                                                uint64_t Entries) {
  std::vector<ProfileBranch> All = branchesFromPGOMap(F, Insts, Entries);
  std::vector<ProfileBranch> Inside;
  for (const ProfileBranch &B : All)
    if (B.From < Range.Bytes.size() && B.To < Range.Bytes.size())
      Inside.push_back(B);
  return Inside;
}
} // namespace

namespace {
/// Steps 2-3 over the functions the profile has no record from, with
/// what the records so far say about calls into them.
class MapProfiler {
public:
  MapProfiler(const MapContext &C, const BranchProfile &Profile)
      : C(C), Profile(Profile) {}

  PGOMapRecords run();

private:
  /// A function the map may give records.
  struct Candidate {
    Candidate() = default;
    Candidate(const CodeRange &Range, const MappedFunction &Mapped)
        : Range(&Range), Mapped(&Mapped) {}
    const CodeRange *Range = nullptr;
    const MappedFunction *Mapped = nullptr;
    uint64_t Calls = 0;  ///< From the functions the map profiled so far.
    std::string Records; ///< Its .fdata lines once profiled.
    bool Profiled = false;
  };

  void profile(Candidate &F, StringRef EntryName, uint64_t Entries,
               std::vector<uint64_t> &Next);
  void countCalls(Candidate &Caller, StringRef CallerName,
                  ArrayRef<DecodedInst> Insts, uint64_t Entries,
                  std::vector<uint64_t> &Next);

  const MapContext &C;
  const BranchProfile &Profile;
  std::map<uint64_t, Candidate> Candidates; ///< By address.
};
} // namespace

/// Step 3 for \p F entered \p Entries times (its entry named
/// \p EntryName, kind and BOLT name), and the calls it makes into
/// candidates no one has entered (\p Next gets those it enters first).
void MapProfiler::profile(Candidate &F, StringRef EntryName, uint64_t Entries,
                          std::vector<uint64_t> &Next) {
  const PGOMapFunction &Map = F.Mapped->Map;
  std::vector<DecodedInst> Insts = decodeBlocks(*C.Finder, *F.Range, Map);
  std::vector<ProfileBranch> Branches =
      MapContext::branches(*F.Range, Map, Insts, Entries);
  if (Branches.empty())
    return;
  F.Profiled = true;
  raw_string_ostream OS(F.Records);
  appendRecords(OS, EntryName, Branches);
  countCalls(F, EntryName, Insts, Entries, Next);
}

/// The calls (and tail jumps) of \p Caller, entered \p Entries times,
/// into the entry of a candidate the profile never enters: BOLT records a
/// call only from a function it instrumented, so a function called only
/// from uninstrumented ones (two functions with jump tables BOLT cannot
/// instrument in a PIE, one calling the other) has no entry and no scale,
/// while its caller's map says how often the calling block ran. Each
/// becomes a call record beside \p Caller's and counts as its callee's
/// entries. An indirect call says nothing here: BOLT records one from
/// instrumented code into an uninstrumented function as a call to
/// "[unknown]" (xz's lz_encode into lzma2_encode, which calls
/// lzma_lzma_encode: neither gets records).
void MapProfiler::countCalls(Candidate &Caller, StringRef CallerName,
                             ArrayRef<DecodedInst> Insts, uint64_t Entries,
                             std::vector<uint64_t> &Next) {
  const PGOMapFunction &Map = Caller.Mapped->Map;
  uint64_t Begin = Caller.Range->Address,
           End = Begin + Caller.Range->Bytes.size();
  double EntryFreq = double(std::max<uint64_t>(Map.EntryFreq, 1));
  raw_string_ostream OS(Caller.Records);
  for (const PGOMapBlock &B : Map.Blocks) {
    uint64_t Count =
        uint64_t(std::llround(double(Entries) * double(B.Freq) / EntryFreq));
    if (Count == 0)
      continue;
    for (const DecodedInst &I :
         instsIn(Insts, Begin + B.Offset, Begin + B.Offset + B.Size)) {
      uint64_t Target = I.IsCall ? I.CallTarget : I.IsBranch ? I.Target : 0;
      if (!Target || (Target >= Begin && Target < End))
        continue;
      auto It = Candidates.find(Target);
      if (It == Candidates.end() || It->second.Profiled)
        continue;
      Candidate &Callee = It->second;
      const FunctionProfile *P = Profile.functionProfile(*Callee.Range);
      if (P && P->Entries)
        continue; // Entered by the run: step 2 scales it by that.
      if (Callee.Calls == 0)
        Next.push_back(Target);
      Callee.Calls += Count;
      OS << CallerName << ' ' << format_hex_no_prefix(I.Address - Begin, 1)
         << " 1 " << Callee.Range->boltName() << " 0 0 " << Count << '\n';
    }
  }
}

PGOMapRecords MapProfiler::run() {
  for (const CodeRange &Range : C.Ranges) {
    auto It = C.Functions.find(Range.Address);
    if (It != C.Functions.end() && !Profile.hasRecordsFrom(Range))
      Candidates[Range.Address] = Candidate(Range, It->second);
  }
  // Step 2: the functions the run enters, scaled by its calls into them;
  // then, wave by wave, those only the functions profiled so far call,
  // each scaled by the calls counted when it is first reached (a later
  // wave's calls into it are not added: its count is a lower bound).
  std::vector<uint64_t> Wave;
  for (auto &[Address, F] : Candidates) {
    const FunctionProfile *P = Profile.functionProfile(*F.Range);
    if (P && P->Entries && !P->EntryName.empty())
      profile(F, P->EntryName, P->Entries, Wave);
  }
  while (!Wave.empty()) {
    std::vector<uint64_t> Next;
    for (uint64_t Address : Wave) {
      Candidate &F = Candidates[Address];
      if (!F.Profiled)
        profile(F, "1 " + F.Range->boltName(), F.Calls, Next);
    }
    Wave = std::move(Next);
  }
  PGOMapRecords Result;
  for (auto &[Address, F] : Candidates) {
    if (F.Profiled) {
      Result.Profiled.push_back(F.Range->Name);
      Result.Fdata += F.Records;
      if (!conservesFlow(F.Mapped->Map))
        Result.Inconsistent.push_back(F.Range->Name);
    } else if (F.Mapped->RanInTraining && F.Calls == 0) {
      const FunctionProfile *P = Profile.functionProfile(*F.Range);
      if (!P || P->Entries == 0 || P->EntryName.empty())
        Result.NotEntered.push_back(F.Range->Name);
    }
  }
  return Result;
}

Expected<PGOMapRecords> recordsFromPGOMap(const BinaryFile &File,
                                          const BranchProfile &Profile) {
  auto Context = MapContext::load(File);
  if (!Context)
    return Context.takeError();
  if (!*Context)
    return PGOMapRecords();
  return MapProfiler(**Context, Profile).run();
}

/// Whether two counts of one edge agree up to rounding (matchesPGOMapRecords).
static bool sameCount(uint64_t A, uint64_t B) {
  uint64_t Larger = std::max(A, B), Smaller = std::min(A, B);
  return Larger - Smaller <= 1 + Larger / 100;
}

bool matchesPGOMapRecords(ArrayRef<ProfileBranch> Recorded,
                          ArrayRef<ProfileBranch> FromMap) {
  // Summed per edge on both sides: merge-fdata sums a record that several
  // merged profiles have, a hand-merged one may not.
  std::map<std::pair<uint64_t, uint64_t>, std::pair<uint64_t, uint64_t>> Edges;
  for (const ProfileBranch &B : Recorded)
    Edges[{B.From, B.To}].first += B.Count;
  for (const ProfileBranch &B : FromMap)
    Edges[{B.From, B.To}].second += B.Count;
  // An edge on one side only is a mismatch, however small its count: a
  // function run once has all its records at 1 (BOLT's recorded
  // fall-throughs), where the map gives none.
  return !Edges.empty() && llvm::all_of(Edges, [](const auto &E) {
    auto [Recorded, FromMap] = E.second;
    return Recorded && FromMap && sameCount(Recorded, FromMap);
  });
}

Expected<EstimatedFunctions>
functionsProfiledFromPGOMap(const BinaryFile &File,
                            const BranchProfile &Profile) {
  EstimatedFunctions Estimated;
  auto Context = MapContext::load(File);
  if (!Context)
    return Context.takeError();
  if (!*Context)
    return Estimated;
  const MapContext &C = **Context;
  for (const CodeRange &Range : C.Ranges) {
    auto It = C.Functions.find(Range.Address);
    const FunctionProfile *P = Profile.functionProfile(Range);
    // recordsFromPGOMap writes records only for a function the run entered.
    if (It == C.Functions.end() || !P || P->Entries == 0 || P->Branches.empty())
      continue;
    if (matchesPGOMapRecords(P->Branches,
                             C.branches(Range, It->second.Map, P->Entries))) {
      Estimated.Addresses.insert(Range.Address);
      Estimated.Names.push_back(Range.Name);
    }
  }
  llvm::sort(Estimated.Names);
  return Estimated;
}

} // namespace hotlayout
