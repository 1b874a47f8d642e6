//===- Loops.cpp - A binary's loop counts for hotalign --------------------===//
//
//  1. Check the output names no input; open the binary: a linked ELF that
//     llvm-bolt did not rewrite (its map describes the code before), with
//     .llvm_bb_addr_map and .symtab (the file names functions).
//  2. Read the profile, which must name some function of the binary, and
//     judge every loop as check does (judgeHotLoops with check's
//     thresholds): the hot verdicts are over all loops, those of functions
//     whose records came from the PGO map included.
//  3. Pick the functions to write: a map entry, a record in the profile that
//     is not the PGO map's (functionsProfiledFromPGOMap), a unique name; and
//     their blocks: the compiler's, not hotalign's padding (paddingBlocks).
//  4. Count each of their blocks from its range's per-instruction counts
//     (execCounts, per code range as the judge counts: a split .cold part
//     is a range of its own), and key each loop by its target's block.
//  5. Each written function's flow (its blocks' counts, the taken branches
//     between them, the fall-throughs): its edges go into the loop profile;
//     when asked for, with the call counts between the functions, the
//     order computeBlockOrder gives them (BlockOrder.h).
//  6. Write the files through temporaries beside the outputs, renamed into
//     place once all are written.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/Loops/Loops.h"

#include "hotlayout/Tool/Binary/SymbolIndex.h"
#include "hotlayout/Tool/Judge/HotLoopJudge.h"
#include "hotlayout/Tool/Profile/PGOAnalysisProfile.h"
#include "hotlayout/Tool/Support/OutputRule.h"
#include "hotlayout/Tool/Support/TempFiles.h"

#include "hotlayout/Support/PaddingNops.h"

#include "Binary/Compat.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <map>
#include <memory>
#include <optional>
#include <set>

using namespace llvm;

namespace hotlayout {

namespace {
/// One code range's per-instruction counts, as the judge reconstructs them.
struct CountedRange {
  const CodeRange *Range = nullptr;
  const FunctionProfile *Profile = nullptr;
  std::vector<DecodedInst> Insts; ///< In address order.
  std::vector<uint64_t> Exec;     ///< execCounts of Insts.
};

/// Where a mapped block starts: its function (the map entry's address)
/// and its ID.
struct BlockKey {
  uint64_t Function = 0;
  uint32_t ID = 0;
};

/// Steps 3-4 over one binary.
class LoopProfileBuilder {
public:
  LoopProfileBuilder(const LoopFinder &Finder, ArrayRef<CodeRange> Ranges,
                     const BranchProfile &Profile, const Triple &TT)
      : Finder(Finder), Ranges(Ranges), Profile(Profile), ByName(Ranges),
        AArch64(TT.isAArch64()), LittleEndian(TT.isLittleEndian()) {}

  void build(ArrayRef<compat::MappedBlock> Blocks, const HotLoopReport &Report,
             const std::set<uint64_t> &FromPGOMap, LoopProfileResult &R,
             BinaryFlow *Flow);

  /// Step 5: the calls between \p Flow's functions, from \p Counts.
  void addCalls(const FunctionCounts &Counts, BinaryFlow &Flow) const;

private:
  FunctionFlow flow(StringRef Name,
                    ArrayRef<const compat::MappedBlock *> Blocks);

  /// The entry range of each function in the flow, to its index there.
  std::map<size_t, size_t> FlowOfRange;
  std::optional<size_t> rangeHolding(uint64_t Address) const;
  const CountedRange *counted(size_t Range);
  std::optional<uint64_t> countAt(uint64_t Address);
  std::set<uint32_t>
  paddingBlocks(ArrayRef<const compat::MappedBlock *> Blocks) const;
  void noteUnmappedHotLoops(ArrayRef<compat::MappedBlock> Blocks,
                            const HotLoopReport &Report,
                            LoopProfileResult &R) const;

  const LoopFinder &Finder;
  ArrayRef<CodeRange> Ranges; ///< Sorted by address.
  const BranchProfile &Profile;
  SymbolIndex ByName;
  /// Ranges decoded and counted so far (null: no profile).
  std::map<size_t, std::unique_ptr<CountedRange>> Counted;
  bool AArch64, LittleEndian; ///< Which nops hotalign pads with.
};
} // namespace

/// The range whose bytes hold \p Address.
std::optional<size_t> LoopProfileBuilder::rangeHolding(uint64_t Address) const {
  auto It = partition_point(
      Ranges, [&](const CodeRange &R) { return R.Address <= Address; });
  if (It == Ranges.begin())
    return std::nullopt;
  --It;
  if (Address >= It->Address + It->Bytes.size())
    return std::nullopt;
  return size_t(It - Ranges.begin());
}

/// Range \p Range decoded and counted as judgeHotLoops counts it; null when
/// the profile has nothing of it.
const CountedRange *LoopProfileBuilder::counted(size_t Range) {
  auto [It, New] = Counted.try_emplace(Range);
  if (!New)
    return It->second.get();
  const CodeRange &R = Ranges[Range];
  const FunctionProfile *P = Profile.functionProfile(R);
  if (!P)
    return nullptr;
  auto C = std::make_unique<CountedRange>();
  C->Range = &R;
  C->Profile = P;
  C->Insts = Finder.decode(R);
  C->Exec = execCounts(C->Insts, R.Address, *P);
  It->second = std::move(C);
  return It->second.get();
}

/// How often the instruction at \p Address ran; none when no profiled
/// range has an instruction there.
std::optional<uint64_t> LoopProfileBuilder::countAt(uint64_t Address) {
  std::optional<size_t> Range = rangeHolding(Address);
  if (!Range)
    return std::nullopt;
  const CountedRange *C = counted(*Range);
  if (!C)
    return std::nullopt;
  std::optional<size_t> K = instructionAt(C->Insts, Address);
  if (!K)
    return std::nullopt;
  return C->Exec[*K];
}

/// The blocks of one function's \p Blocks that hotalign added, after every
/// block of the compiler's: the padding before a loop it starts some bytes
/// into a line (HotAlign::padBefore). Each holds nothing but hotalign's nops
/// (isPaddingNops; none at all where the code fell in at the offset) and
/// falls into the block at its end, and has an ID above every
/// other block's (IDs are given in the order blocks are made, and hotalign
/// runs after every pass that makes blocks). The next build's code has no
/// block of that ID until its hotalign adds one again, so counts naming it
/// would not fit that code (hotalign would then set the whole function's
/// counts aside: lz4 1.9.4's LZ4HC_compress_generic_noDictCtx, whose three
/// hot loops went unaligned on the compiler's counts). Control falls
/// through such a block: left out, the fall into the block at its end
/// counts from the block before, as over alignment padding.
std::set<uint32_t> LoopProfileBuilder::paddingBlocks(
    ArrayRef<const compat::MappedBlock *> Blocks) const {
  std::set<uint32_t> Padding;
  if (!LittleEndian)
    return Padding;
  std::multiset<uint64_t> Starts;
  for (const compat::MappedBlock *B : Blocks)
    Starts.insert(B->Address);
  // An empty one (the line-offset form where the code fell in at the
  // offset) shares its address with the block it falls into.
  auto FallsIntoABlock = [&](const compat::MappedBlock &B) {
    return Starts.count(B.Address + B.Size) > (B.Size ? 0u : 1u);
  };
  auto LooksLikePadding = [&](const compat::MappedBlock &B) {
    std::optional<size_t> Range = rangeHolding(B.Address);
    if (!FallsIntoABlock(B) || !Range)
      return false;
    const CodeRange &R = Ranges[*Range];
    uint64_t Offset = B.Address - R.Address;
    return B.Size <= R.Bytes.size() - Offset &&
           isPaddingNops(AArch64, R.Bytes.data() + Offset, B.Size);
  };
  std::vector<const compat::MappedBlock *> Candidates;
  uint32_t Compilers = 0; // The highest ID of a block that is not padding.
  for (const compat::MappedBlock *B : Blocks) {
    if (LooksLikePadding(*B))
      Candidates.push_back(B);
    else
      Compilers = std::max(Compilers, B->ID);
  }
  for (const compat::MappedBlock *B : Candidates)
    if (B->ID > Compilers)
      Padding.insert(B->ID);
  return Padding;
}

/// \p F's edges by block ID, each pair once (a block's branch and its fall
/// to one block, or two blocks that share an ID, summed), by IDs.
static std::vector<LoopProfileEdge> edgesByID(const FunctionFlow &F) {
  std::map<std::pair<uint32_t, uint32_t>, uint64_t> Sum;
  for (const OrderEdge &E : F.Edges)
    Sum[{F.Blocks[E.From].ID, F.Blocks[E.To].ID}] += E.Count;
  std::vector<LoopProfileEdge> Out;
  for (const auto &[IDs, Count] : Sum)
    Out.push_back({IDs.first, IDs.second, Count});
  return Out;
}

/// Step 3's exception, said rather than silent: hot loops in code ranges
/// with no mapped block at all. No compiler laid them out (nettle 3.8.1's
/// memxor.asm, assembled from a .s file: its loop straddled in the recipe's
/// final build), so the loop profile cannot key them and hotalign never
/// sees them; apply places them as any locked function's.
void LoopProfileBuilder::noteUnmappedHotLoops(
    ArrayRef<compat::MappedBlock> Blocks, const HotLoopReport &Report,
    LoopProfileResult &R) const {
  std::set<size_t> Mapped;
  for (const compat::MappedBlock &B : Blocks)
    if (std::optional<size_t> Range = rangeHolding(B.Address))
      Mapped.insert(*Range);
  std::set<std::string> Names;
  for (const JudgedHotLoop &L : Report.Loops) {
    std::optional<size_t> Range = rangeHolding(L.Start);
    if (L.Hot && Range && !Mapped.count(*Range)) {
      ++R.UnmappedHotLoops;
      Names.insert(Ranges[*Range].Name);
    }
  }
  R.UnmappedFunctions.assign(Names.begin(), Names.end());
}

void LoopProfileBuilder::build(ArrayRef<compat::MappedBlock> Blocks,
                               const HotLoopReport &Report,
                               const std::set<uint64_t> &FromPGOMap,
                               LoopProfileResult &R, BinaryFlow *Flow) {
  std::map<uint64_t, std::vector<const compat::MappedBlock *>> ByFunction;
  for (const compat::MappedBlock &B : Blocks)
    ByFunction[B.FunctionAddress].push_back(&B);
  // Step 3's blocks: hotalign's padding out.
  for (auto &[Address, FunctionBlocks] : ByFunction) {
    std::set<uint32_t> Padding = paddingBlocks(FunctionBlocks);
    R.PaddingBlocks += Padding.size();
    llvm::erase_if(FunctionBlocks, [&](const compat::MappedBlock *B) {
      return Padding.count(B->ID);
    });
  }
  // A block with no code (a label the next block shares) has no instruction
  // of its own: a loop whose back edges jump to its address is the next
  // block's, and its count is not its own.
  DenseMap<uint64_t, BlockKey> StartingAt;
  for (const auto &[Address, FunctionBlocks] : ByFunction)
    for (const compat::MappedBlock *B : FunctionBlocks)
      if (B->Size > 0)
        StartingAt[B->Address] = {Address, B->ID};
  // The judge's loops, by the function their target's block belongs to.
  std::map<uint64_t, std::vector<const JudgedHotLoop *>> LoopsOf;
  for (const JudgedHotLoop &L : Report.Loops)
    if (auto It = StartingAt.find(L.Start); It != StartingAt.end())
      LoopsOf[It->second.Function].push_back(&L);
  noteUnmappedHotLoops(Blocks, Report, R);

  for (const auto &[Address, FunctionBlocks] : ByFunction) {
    // Step 3: profiled, by a run, under a name the compiler can match.
    std::optional<size_t> Entry = rangeHolding(Address);
    if (!Entry || Ranges[*Entry].Address != Address)
      continue;
    bool Profiled = any_of(FunctionBlocks, [&](const compat::MappedBlock *B) {
      std::optional<size_t> Range = rangeHolding(B->Address);
      return Range && Profile.functionProfile(Ranges[*Range]);
    });
    if (!Profiled)
      continue;
    if (FromPGOMap.count(Address)) {
      ++R.FromPGOMap;
      // Estimates, not counts: not written (the compiler has them), but
      // ordered and laid out as the counted functions are. ext-tsp on the
      // estimates places an interpreter's dispatch (often such a function,
      // and the hottest) better than the compiler's own block placement
      // from the same PGO data: Lua's luaV_execute, 15.6 % fewer taken
      // jumps in the whole program (bench/results/
      // 2026-11-29-intel-xeon-i1-shifts).
      const IndexedSymbol *S = ByName.find(Ranges[*Entry].Name);
      if (Flow && S && S->Range == *Entry) {
        FlowOfRange[*Entry] = Flow->Functions.size();
        Flow->Functions.push_back(flow(Ranges[*Entry].Name, FunctionBlocks));
      }
      continue;
    }
    const CodeRange &Range = Ranges[*Entry];
    const IndexedSymbol *S = ByName.find(Range.Name);
    if (!S || S->Range != *Entry) {
      ++R.SharedNames;
      continue;
    }

    // Step 4.
    LoopProfileFunction F;
    F.Name = Range.Name;
    F.Address = Address;
    for (const compat::MappedBlock *B : FunctionBlocks) {
      if (B->Size == 0)
        continue;
      std::optional<uint64_t> Count = countAt(B->Address);
      if (Count && *Count)
        F.Blocks.push_back({B->ID, *Count});
    }
    llvm::sort(F.Blocks, [](const LoopProfileBlock &A,
                            const LoopProfileBlock &B) { return A.ID < B.ID; });
    for (const JudgedHotLoop *L : LoopsOf[Address]) {
      LoopProfileLoop Out;
      Out.TargetID = StartingAt[L->Start].ID;
      Out.Taken = L->Taken;
      Out.Entries = L->Entries;
      Out.Hot = L->Hot;
      if (std::optional<size_t> Range = rangeHolding(L->Start))
        if (const CountedRange *C = counted(*Range))
          if (std::optional<size_t> K = instructionAt(C->Insts, L->Start))
            Out.FallIn = fallInCount(C->Insts, C->Range->Address, *C->Profile,
                                     C->Exec, *K);
      F.Loops.push_back(Out);
    }
    llvm::sort(F.Loops, [](const LoopProfileLoop &A, const LoopProfileLoop &B) {
      return A.TargetID < B.TargetID;
    });
    // The edges let hotalign count the loops of a final build whose block
    // order differs from this build's (LoopProfileFormat.h).
    FunctionFlow FF = flow(Range.Name, FunctionBlocks);
    F.Edges = edgesByID(FF);
    R.Profile.Functions.push_back(std::move(F));
    if (Flow) {
      FlowOfRange[*Entry] = Flow->Functions.size();
      Flow->Functions.push_back(std::move(FF));
    }
  }
}

/// Step 5 for one function.
FunctionFlow
LoopProfileBuilder::flow(StringRef Name,
                         ArrayRef<const compat::MappedBlock *> Blocks) {
  // Address order, the map's order among blocks at one address (an empty
  // block before the one it falls into); the entry block comes first.
  std::vector<const compat::MappedBlock *> Sorted(Blocks.begin(), Blocks.end());
  llvm::stable_sort(
      Sorted, [](const compat::MappedBlock *A, const compat::MappedBlock *B) {
        return A->Address < B->Address;
      });
  FunctionFlow F;
  F.Name = Name.str();
  // A branch to an address enters the first block there.
  DenseMap<uint64_t, size_t> FirstAt;
  for (size_t I = 0; I < Sorted.size(); ++I) {
    const compat::MappedBlock *B = Sorted[I];
    F.Blocks.push_back({B->ID, B->Size, 0});
    FirstAt.try_emplace(B->Address, I);
  }
  for (size_t I = Sorted.size(); I-- > 0;) {
    if (Sorted[I]->Size)
      F.Blocks[I].Count = countAt(Sorted[I]->Address).value_or(0);
    else if (I + 1 < Sorted.size() &&
             Sorted[I + 1]->Address == Sorted[I]->Address)
      F.Blocks[I].Count = F.Blocks[I + 1].Count;
  }
  // The block whose code holds an address (empty blocks hold none).
  auto BlockHolding = [&](uint64_t Address) -> std::optional<size_t> {
    auto It = partition_point(Sorted, [&](const compat::MappedBlock *B) {
      return B->Address <= Address;
    });
    while (It != Sorted.begin()) {
      --It;
      if ((*It)->Size)
        return Address < (*It)->Address + (*It)->Size
                   ? std::optional<size_t>(It - Sorted.begin())
                   : std::nullopt;
    }
    return std::nullopt;
  };

  // Falls: into the next block at its start, from the one before, over the
  // alignment padding between them if any (no block holds those bytes; an
  // aligned loop's target is most often reached so).
  std::set<size_t> RangesOfFunction;
  for (size_t I = 0; I + 1 < Sorted.size(); ++I) {
    const compat::MappedBlock *B = Sorted[I], *Next = Sorted[I + 1];
    std::optional<size_t> Range = rangeHolding(Next->Address);
    if (Range)
      RangesOfFunction.insert(*Range);
    if (B->Address + B->Size > Next->Address || !Range ||
        rangeHolding(B->Address) != Range)
      continue;
    uint64_t Falls = 0;
    if (!B->Size) {
      Falls = F.Blocks[I].Count;
    } else if (const CountedRange *C = counted(*Range)) {
      if (std::optional<size_t> K = instructionAt(C->Insts, Next->Address))
        Falls =
            fallInCount(C->Insts, C->Range->Address, *C->Profile, C->Exec, *K);
    }
    if (Falls)
      F.Edges.push_back({I, I + 1, Falls});
  }
  if (!Sorted.empty())
    if (std::optional<size_t> Range = rangeHolding(Sorted[0]->Address))
      RangesOfFunction.insert(*Range);

  // Taken branches between two of its blocks, in each of its ranges. A
  // record from the instruction right before its target is a fall-through
  // (BOLT records one from a block's last instruction), counted above.
  for (size_t Range : RangesOfFunction) {
    const CountedRange *C = counted(Range);
    if (!C)
      continue;
    for (const ProfileBranch &PB : C->Profile->Branches) {
      uint64_t From = C->Range->Address + PB.From;
      uint64_t To = C->Range->Address + PB.To;
      std::optional<size_t> Src = BlockHolding(From);
      auto Dst = FirstAt.find(To);
      if (!Src || Dst == FirstAt.end() || !PB.Count)
        continue;
      if (std::optional<size_t> K = instructionAt(C->Insts, From))
        if (C->Insts[*K].Address + C->Insts[*K].Size == To)
          continue;
      F.Edges.push_back({*Src, Dst->second, PB.Count});
    }
  }
  return F;
}

void LoopProfileBuilder::addCalls(const FunctionCounts &Counts,
                                  BinaryFlow &Flow) const {
  for (const auto &[Edge, Count] : Counts.Calls) {
    const IndexedSymbol *From = ByName.find(Edge.first);
    const IndexedSymbol *To = ByName.find(Edge.second);
    if (!From || !To)
      continue;
    auto Caller = FlowOfRange.find(From->Range);
    auto Callee = FlowOfRange.find(To->Range);
    if (Caller != FlowOfRange.end() && Callee != FlowOfRange.end())
      Flow.Calls.push_back({Caller->second, Callee->second, Count});
  }
}

/// 0.99 as "0.99".
static std::string shortNumber(double V) {
  std::string S;
  raw_string_ostream(S) << format("%g", V);
  return S;
}

/// The comment lines: what the file was made from, so that a reader can
/// tell two files apart; file names only, so that the same inputs in
/// another folder give the same bytes.
static std::vector<std::string> comments(const LoopProfileConfig &C,
                                         const LoopProfileResult &R) {
  const HotLoopConfig &L = C.Loops;
  return {
      ("binary: " + sys::path::filename(C.BinaryPath)).str(),
      ("profile: " + sys::path::filename(L.ProfilePath)).str(),
      "judge: line-size " + std::to_string(L.LineSize) + ", min-count " +
          std::to_string(L.MinCount) + ", hot-coverage " +
          shortNumber(L.HotCoverage),
      "profiled functions left out: " + std::to_string(R.FromPGOMap) +
          " counted from the PGO map (the compiler's estimates), " +
          std::to_string(R.SharedNames) + " whose name another function has",
      "hotalign's padding blocks left out: " + std::to_string(R.PaddingBlocks) +
          " (the next build's hotalign adds its own)",
      "function <name> / block <bbid> <count> / loop <target-bbid> <taken> "
      "<entries> <fallin> <hot>"};
}

/// Step 1's checks of the binary.
static Error checkBinary(const BinaryFile &File) {
  if (File.isBOLTRewritten())
    return fileError(File.path(),
                     "was rewritten by llvm-bolt: a loop profile describes "
                     "the compiler's own output, whose blocks its "
                     ".llvm_bb_addr_map names; run hotlayout loops on "
                     "llvm-bolt's input, with its profile");
  if (!File.hasBBAddrMap())
    return fileError(File.path(),
                     "was built without -fbasic-block-address-map: it has no "
                     ".llvm_bb_addr_map, whose block IDs key the loop "
                     "profile; build it with the recipe's flags (hotlayout "
                     "flags --use P.profdata) and profile that build");
  return Error::success();
}

Expected<LoopProfileResult> runLoopProfile(const LoopProfileConfig &Config,
                                           const Diagnostics &Diag) {
  // Step 1.
  const HotLoopConfig &Loops = Config.Loops;
  if (Error E = Loops.validate())
    return std::move(E);
  if (Loops.ProfilePath.empty())
    return makeError("no --profile given: the loop profile holds its counts; "
                     "record one with hotlayout profile");
  if (Config.WholeFunctions && Config.BlockOrderPath.empty())
    return makeError("--whole-functions shapes the block order's clusters, "
                     "and no --block-order is written; add --block-order "
                     "FILE");
  // Every output: none may name an input or another output.
  std::vector<std::pair<const char *, std::string>> Outputs = {
      {"loop profile (-o)", Config.OutputPath}};
  if (!Config.BlockOrderPath.empty())
    Outputs.push_back({"block order (--block-order)", Config.BlockOrderPath});
  if (!Config.FunctionOrderPath.empty())
    Outputs.push_back(
        {"function order (--function-order)", Config.FunctionOrderPath});
  for (size_t I = 0; I < Outputs.size(); ++I) {
    const auto &[Option, Path] = Outputs[I];
    std::vector<NamedInput> Inputs = {{"binary", Config.BinaryPath},
                                      {"profile", Loops.ProfilePath}};
    for (size_t J = 0; J < I; ++J)
      Inputs.push_back({Outputs[J].first, Outputs[J].second});
    if (Error E = checkOutputNotInput("loops", Path, Inputs))
      return std::move(E);
    if (sys::fs::is_directory(Path))
      return fileError(Path, std::string("is a directory; the ") + Option +
                                 " is a file");
  }
  auto File = BinaryFile::open(Config.BinaryPath);
  if (!File)
    return File.takeError();
  if (Error E = checkBinary(**File))
    return std::move(E);
  auto Ranges = symbolRanges(
      **File, "the loop profile names functions by symbol; run hotlayout "
              "loops on the unstripped binary");
  if (!Ranges)
    return Ranges.takeError();
  auto Blocks = compat::readMappedBlocks((*File)->object(), (*File)->path());
  if (!Blocks)
    return Blocks.takeError();

  // Step 2: as check judges a binary the profile was recorded on
  // (makeJudge's Profile rule).
  // Read (and checked) once: the branch view here, the call counts of the
  // function order in step 5.
  auto Fdata = FdataFile::read(Loops.ProfilePath);
  if (!Fdata)
    return Fdata.takeError();
  BranchProfile Profile = BranchProfile::fromFile(*Fdata);
  if (none_of(*Ranges, [&](const CodeRange &R) { return Profile.mentions(R); }))
    return fileError(Loops.ProfilePath,
                     "names no function of '" + Config.BinaryPath +
                         "'; was it recorded on this binary? Profile it: "
                         "hotlayout profile -o P.fdata -- " +
                         Config.BinaryPath + " ARGS...");
  auto Out = AtomicOutput::create(Config.OutputPath);
  if (!Out)
    return Out.takeError();
  std::optional<AtomicOutput> BlockOut, FunctionOut;
  for (auto [Path, Slot] : {std::pair(&Config.BlockOrderPath, &BlockOut),
                            std::pair(&Config.FunctionOrderPath, &FunctionOut)})
    if (!Path->empty()) {
      auto O = AtomicOutput::create(*Path);
      if (!O)
        return O.takeError();
      Slot->emplace(std::move(*O));
    }
  bool WantOrder = BlockOut || FunctionOut;
  auto Report = judgeHotLoops(**File, Profile, Loops.judgeOptions());
  if (!Report)
    return Report.takeError();
  auto FromMap = functionsProfiledFromPGOMap(**File, Profile);
  if (!FromMap)
    return FromMap.takeError();
  auto Finder = LoopFinder::create((*File)->triple());
  if (!Finder)
    return fileError(Config.BinaryPath,
                     "cannot be disassembled: " + toString(Finder.takeError()));

  // Steps 3-4.
  LoopProfileResult R;
  R.OutputPath = Config.OutputPath;
  R.BlockOrderPath = Config.BlockOrderPath;
  R.FunctionOrderPath = Config.FunctionOrderPath;
  BinaryFlow Flow;
  LoopProfileBuilder Builder(**Finder, *Ranges, Profile, (*File)->triple());
  Builder.build(*Blocks, *Report, FromMap->Addresses, R,
                WantOrder ? &Flow : nullptr);
  if (WantOrder) {
    // Step 5.
    Builder.addCalls(FunctionCounts::fromFile(*Fdata), Flow);
    R.Order =
        computeBlockOrder(Flow.Functions, Flow.Calls, Config.WholeFunctions);
    R.Order.Comments = {
        ("binary: " + sys::path::filename(Config.BinaryPath)).str(),
        ("profile: " + sys::path::filename(Loops.ProfilePath)).str(),
        Config.WholeFunctions
            ? "hot blocks of each profiled function in ext-tsp order, then "
              "those that never ran (--whole-functions: nothing split)"
            : "hot blocks of each profiled function in ext-tsp order; blocks "
              "that never ran go to .text.split",
        "functions counted from the PGO map: laid out alike, from the "
        "compiler's estimates",
        "functions in cache-directed-sort order"};
  }
  R.Profile.Comments = comments(Config, R);
  for (const JudgedHotLoop &L : Report->Loops)
    if (L.Hot && (!R.Profile.HotThreshold || L.Taken < R.Profile.HotThreshold))
      R.Profile.HotThreshold = L.Taken;

  // Step 6: every file written before any is renamed into place.
  if (Error E =
          Out->write([&](raw_ostream &OS) { writeLoopProfile(R.Profile, OS); }))
    return std::move(E);
  if (BlockOut)
    if (Error E = BlockOut->write(
            [&](raw_ostream &OS) { writeBlockSectionsList(R.Order, OS); }))
      return std::move(E);
  if (FunctionOut)
    if (Error E = FunctionOut->write(
            [&](raw_ostream &OS) { writeSymbolOrder(R.Order, OS); }))
      return std::move(E);
  for (AtomicOutput *O : {&*Out, BlockOut ? &*BlockOut : nullptr,
                          FunctionOut ? &*FunctionOut : nullptr})
    if (O)
      if (Error E = O->commit())
        return std::move(E);
  return R;
}

void printLoopProfileSummary(const LoopProfileResult &R, raw_ostream &OS) {
  OS << "hotlayout loops: " << R.Profile.Functions.size() << " functions, "
     << R.Profile.loopCount() << " loops (" << R.Profile.hotLoopCount()
     << " hot) -> " << R.OutputPath << '\n';
  size_t HotBlocks = 0;
  for (const FunctionBlockOrder &F : R.Order.Functions)
    HotBlocks += F.Hot.size();
  if (!R.BlockOrderPath.empty())
    OS << "hotlayout loops: block order of " << R.Order.Functions.size()
       << " functions (" << HotBlocks << " hot blocks) -> " << R.BlockOrderPath
       << '\n';
  if (!R.FunctionOrderPath.empty())
    OS << "hotlayout loops: function order of " << R.Order.Functions.size()
       << " functions -> " << R.FunctionOrderPath << '\n';
  if (R.UnmappedHotLoops)
    OS << "hotlayout loops: note: " << R.UnmappedHotLoops
       << " hot loops in code with no address map (assembly: no compiler "
          "laid it out), which hotalign cannot place (apply can): "
       << join(R.UnmappedFunctions, ", ") << '\n';
}

Expected<std::string> checkedLoopProfile(StringRef Path) {
  std::string Header =
      (Twine(LoopProfileMagic) + " " + Twine(LoopProfileVersion)).str();
  const std::string Fix =
      "write it with hotlayout loops BINARY --profile P.fdata -o " + Path.str();
  const std::string Write = "; " + Fix;
  SmallString<256> Abs(Path);
  if (std::error_code EC = sys::fs::make_absolute(Abs))
    return fileError(Path, "cannot be made absolute: " + EC.message());
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  auto Buffer = readInputFile(Path, input_limits::LoopProfile, Fix);
  if (!Buffer)
    return Buffer.takeError();
  StringRef First = (*Buffer)->getBuffer().split('\n').first.rtrim("\r");
  if (First == Header)
    return std::string(Abs);
  StringRef Magic = First.split(' ').first;
  if (Magic == LoopProfileMagic)
    return fileError(Path, "is a loop profile of another version ('" +
                               printable(First) + "'); this hotlayout reads '" +
                               Header + "'" + Write);
  return fileError(Path, "is not a loop profile (its first line is not '" +
                             Header + "')" + Write);
}

} // namespace hotlayout
