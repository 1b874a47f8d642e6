//===- Plan.cpp - Locking hot functions' offsets --------------------------===//
//
//  1. Open BINARY; it needs .symtab (the lock is keyed by symbol name, with
//     SymbolIndex's unique-names rule) and, as apply does, static
//     relocations. Hash each function's bytes.
//  2. Read the profile once (FdataFile::read checks it: the same errors as
//     check and diff); FunctionCounts sums per function the counts of the
//     branch records that leave it or enter it from another function, and
//     takes records that land on another function's entry as call edges.
//  3. Hot functions: count >= MinFunctionCount and every function with a
//     hot loop (the one definition, judgeHotLoops: a loop can iterate a
//     million times in a function called once). A profile that is empty,
//     names no function of BINARY or does not fit its code is an error
//     (ProfileCheck.h). Each one's shift: where in its line it starts in
//     BINARY, which is where the compiler placed its hot loops for
//     (compilerShift: another start only when that puts them on fewer
//     lines; 0 without hot loops). apply emits its code as it is there.
//     A hot function whose code refers into one of its own instructions
//     (data kept in its code: hand-written assembly's tables) is left out:
//     llvm-bolt would leave it in place, so apply could not place it. Then
//     the MaxFunctions hottest of the rest.
//  4. With an update: read the old lock; error if it names none of BINARY's
//     functions, warn if it was planned for a binary of another name. Every
//     locked function BINARY still has stays in the input, hot or not, so
//     it keeps its place.
//  5. Plan or update, write the lock atomically.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/Plan/Plan.h"

#include "hotlayout/Tool/Binary/BinaryFile.h"
#include "hotlayout/Tool/Binary/LoopFinder.h"
#include "hotlayout/Tool/Binary/SymbolIndex.h"
#include "hotlayout/Tool/Bolt/BoltDriver.h"
#include "hotlayout/Tool/Lock/LayoutLock.h"
#include "hotlayout/Tool/Lock/LockedHotLoops.h"
#include "hotlayout/Tool/Profile/Fdata.h"
#include "hotlayout/Tool/Profile/ProfileCheck.h"
#include "hotlayout/Tool/Support/OutputRule.h"

#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>
#include <vector>

using namespace llvm;

namespace hotlayout {

static Error validate(const PlanConfig &C) {
  // The documented exception: an update may replace its own lock.
  StringRef Update =
      sameFile(C.OutputPath, C.UpdatePath) ? StringRef() : C.UpdatePath;
  if (Error E = checkOutputNotInput("plan", C.OutputPath,
                                    {{"binary", C.BinaryPath},
                                     {"profile", C.ProfilePath},
                                     {"lock", Update}}))
    return E;
  if (!isPowerOf2_32(C.LineSize))
    return makeError("--line-size must be a power of two, got " +
                     Twine(C.LineSize));
  if (C.LineSize > LayoutLock::MaxLineSize)
    return makeError("--line-size must be at most " +
                     Twine(LayoutLock::MaxLineSize) + " (a page), got " +
                     Twine(C.LineSize));
  if (C.SlackPercent > 1000)
    return makeError("--slack-percent must be at most 1000, got " +
                     Twine(C.SlackPercent));
  return Error::success();
}

namespace {
/// The binary's functions with their profile counts (steps 1-3).
struct CountedFunctions {
  std::vector<CodeRange> Ranges;
  SymbolIndex ByName;
  FunctionCounts Counts;
  std::vector<uint64_t> RangeCount; ///< Per range (all its names summed).
  std::vector<size_t> Hot;          ///< Ranges, hottest first.
  /// Hot ranges left out, with the address they refer to inside one of
  /// their instructions (step 3).
  std::vector<std::pair<size_t, uint64_t>> LeftInPlace;
  /// Per range: where in its line it should start (compilerShift).
  std::vector<uint64_t> Shift;
  /// Per range: its code hash (maskedContentHash).
  std::vector<std::string> CodeHash;
};

/// What an update keeps of the old lock (step 4).
struct OldLock {
  LayoutLock Lock;
  std::map<size_t, std::string> LockedName; ///< Range -> its name there.
};
} // namespace

/// Step 3: counts per range (a range may be named by several aliases) and
/// the hot ranges, hottest first (ties by name): those counted at least
/// MinFunctionCount times and those with hot loops (\p WithLoops).
static void pickHot(const PlanConfig &C, const std::vector<bool> &WithLoops,
                    CountedFunctions &F) {
  F.RangeCount.assign(F.Ranges.size(), 0);
  std::vector<bool> Profiled(F.Ranges.size());
  for (const auto &E : F.Counts.Count) {
    const IndexedSymbol *S = F.ByName.find(E.getKey());
    if (!S)
      continue;
    F.RangeCount[S->Range] += E.getValue();
    Profiled[S->Range] = true;
  }
  for (size_t I = 0; I < F.Ranges.size(); ++I)
    if ((Profiled[I] && F.RangeCount[I] >= C.MinFunctionCount) || WithLoops[I])
      F.Hot.push_back(I);
  std::sort(F.Hot.begin(), F.Hot.end(), [&](size_t A, size_t B) {
    if (F.RangeCount[A] != F.RangeCount[B])
      return F.RangeCount[A] > F.RangeCount[B];
    return F.Ranges[A].Name < F.Ranges[B].Name;
  });
}

/// Step 3's exception: leaves out of \p F.Hot the ranges llvm-bolt would
/// not rewrite (referenceIntoInstruction). nettle 3.8.1's sha3-permute
/// keeps its round constants after its ret, inside its symbol; llvm-bolt
/// left it at its input address and apply reported it MOVED (exit 1), its
/// reserved line empty. Stops once \p MaxKept are kept (0: no limit), so
/// that the lock holds the MaxKept hottest it can place, and a function past
/// that cut is neither decoded nor reported as left out.
static Error leaveOutUnrewritable(const BinaryFile &File, size_t MaxKept,
                                  CountedFunctions &F) {
  auto Finder = LoopFinder::create(File.triple());
  if (!Finder)
    return Finder.takeError();
  std::vector<size_t> Kept;
  for (size_t I : F.Hot) {
    if (MaxKept && Kept.size() == MaxKept)
      break;
    const CodeRange &R = F.Ranges[I];
    std::optional<uint64_t> Into = referenceIntoInstruction(
        (*Finder)->decode(R), R.Address, R.Address + R.Bytes.size());
    if (Into)
      F.LeftInPlace.push_back({I, *Into - R.Address});
    else
      Kept.push_back(I);
  }
  F.Hot = std::move(Kept);
  return Error::success();
}

/// Each range's shift (step 3) from its hot loops in \p File, judged by the
/// profile; \p WithLoops: the ranges that have hot loops.
static Error planShifts(const PlanConfig &C, const BinaryFile &File,
                        const BranchProfile &Profile, CountedFunctions &F,
                        std::vector<bool> &WithLoops) {
  std::vector<std::string> Names;
  for (const CodeRange &R : F.Ranges)
    Names.push_back(R.Name);
  JudgeOptions O;
  O.LineSize = C.LineSize;
  auto Shifts = compilerShifts(File, Names, Profile, O);
  if (!Shifts)
    return Shifts.takeError();
  F.Shift.assign(F.Ranges.size(), 0);
  WithLoops.assign(F.Ranges.size(), false);
  for (const auto &E : *Shifts)
    if (const IndexedSymbol *S = F.ByName.find(E.getKey())) {
      WithLoops[S->Range] = true;
      F.Shift[S->Range] = E.getValue();
    }
  return Error::success();
}

/// Each range's code hash, which says whether a shift still holds.
static Error codeHashes(const BinaryFile &File, CountedFunctions &F) {
  auto Fields = relocatedCodeFields(File);
  if (!Fields)
    return Fields.takeError();
  for (const CodeRange &R : F.Ranges)
    F.CodeHash.push_back(maskedContentHash(R.Bytes, R.Address, *Fields));
  return Error::success();
}

/// Steps 1-3.
static Error countFunctions(const PlanConfig &C, const BinaryFile &File,
                            CountedFunctions &F) {
  auto Ranges = symbolRanges(
      File, "the lock is keyed by symbol name; plan an unstripped copy");
  if (!Ranges)
    return Ranges.takeError();
  F.Ranges = std::move(*Ranges);
  // A lock of a binary apply refuses is no use: the same error now.
  if (Error E = requireCodeRelocations(File))
    return E;
  F.ByName = SymbolIndex(F.Ranges);
  auto Profile = FdataFile::read(C.ProfilePath);
  if (!Profile)
    return Profile.takeError();
  F.Counts = FunctionCounts::fromFile(*Profile);
  BranchProfile Branches = BranchProfile::fromFile(*Profile);
  if (Error E =
          checkProfileFits(C.ProfilePath, F.Counts, Branches, File, F.ByName))
    return E;
  std::vector<bool> WithLoops;
  if (Error E = planShifts(C, File, Branches, F, WithLoops))
    return E;
  if (Error E = codeHashes(File, F))
    return E;
  pickHot(C, WithLoops, F);
  if (Error E = leaveOutUnrewritable(File, C.MaxFunctions, F))
    return E;
  if (F.Hot.empty())
    return fileError(
        C.ProfilePath,
        "counts no function of '" + C.BinaryPath + "' " +
            Twine(C.MinFunctionCount) +
            " times or more and has no hot loop in it: nothing "
            "to lock; profile a longer run or lower --min-function-count");
  return Error::success();
}

/// Step 4.
static Expected<OldLock> readOldLock(const PlanConfig &C,
                                     const CountedFunctions &F,
                                     const Diagnostics &Diag) {
  auto Read = readLockFile(C.UpdatePath);
  if (!Read)
    return Read.takeError();
  OldLock Old{std::move(*Read), {}};
  const std::vector<PlacedFunction> &Locked = Old.Lock.Plan.Functions;
  for (const PlacedFunction &P : Locked)
    if (const IndexedSymbol *S = F.ByName.find(P.Name))
      Old.LockedName[S->Range] = P.Name;
  if (!Locked.empty() && Old.LockedName.empty())
    return foreignLockError(Old.Lock, C.UpdatePath, C.BinaryPath, "of",
                            "plan without --update to start a new lock");
  StringRef Name = sys::path::filename(C.BinaryPath);
  if (Old.Lock.Binary != Name)
    Diag.warning(fileError(C.UpdatePath, "was planned for '" + Old.Lock.Binary +
                                             "', not '" + Name +
                                             "'; updating it anyway"));
  return Old;
}

/// The functions to place and their call edges, under the names the lock
/// uses: the hot ones, then every function the old lock still has.
static void planInput(const CountedFunctions &F, const OldLock *Old,
                      std::vector<PlanFunction> &Input,
                      std::vector<PlanCall> &Calls) {
  std::vector<bool> Taken(F.Ranges.size());
  auto NameOf = [&](size_t I) {
    if (Old)
      if (auto L = Old->LockedName.find(I); L != Old->LockedName.end())
        return L->second;
    return F.Ranges[I].Name;
  };
  auto Add = [&](size_t I) {
    if (Taken[I])
      return;
    Taken[I] = true;
    const CodeRange &R = F.Ranges[I];
    Input.push_back({NameOf(I), contentHash(R.Bytes), R.Bytes.size(),
                     F.RangeCount[I], F.Shift[I], F.CodeHash[I]});
  };
  for (size_t I : F.Hot)
    Add(I);
  if (Old)
    for (const auto &Entry : Old->LockedName)
      Add(Entry.first);
  for (const auto &[Edge, Count] : F.Counts.Calls) {
    const IndexedSymbol *From = F.ByName.find(Edge.first);
    const IndexedSymbol *To = F.ByName.find(Edge.second);
    if (From && To && Taken[From->Range] && Taken[To->Range])
      Calls.push_back({NameOf(From->Range), NameOf(To->Range), Count});
  }
}

Expected<PlanResult> runPlan(const PlanConfig &Config,
                             const Diagnostics &Diag) {
  if (Error E = validate(Config))
    return E;
  auto File = BinaryFile::open(Config.BinaryPath);
  if (!File)
    return File.takeError();
  CountedFunctions F;
  if (Error E = countFunctions(Config, **File, F))
    return E;
  std::optional<OldLock> Old;
  if (!Config.UpdatePath.empty()) {
    auto Read = readOldLock(Config, F, Diag);
    if (!Read)
      return Read.takeError();
    Old = std::move(*Read);
  }
  std::vector<PlanFunction> Input;
  std::vector<PlanCall> Calls;
  planInput(F, Old ? &*Old : nullptr, Input, Calls);

  // Step 5.
  PlanOptions Opts;
  Opts.LineSize = Config.LineSize;
  Opts.SlackPercent = Config.SlackPercent;
  PlanResult R;
  for (auto [Range, Offset] : F.LeftInPlace)
    R.LeftInPlace.push_back({F.Ranges[Range].Name, Offset});
  R.OutputPath = Config.OutputPath;
  R.UpdatePath = Config.UpdatePath;
  R.Lock.Binary = sys::path::filename(Config.BinaryPath).str();
  R.Lock.BuildID = readBuildID(**File);
  if (Old) {
    R.Update = updateLayout(Old->Lock.Plan, Input, Calls, Opts);
    R.Lock.Plan = R.Update->Plan;
  } else {
    R.Lock.Plan = planLayout(Input, Calls, Opts);
  }
  R.Lock.HotTextAlignment = R.Lock.Plan.LineSize;
  if (R.Lock.Plan.size() > LayoutLock::MaxHotTextSize)
    return makeError("the planned hot text is " + Twine(R.Lock.Plan.size()) +
                     " bytes, past the limit of " +
                     Twine(LayoutLock::MaxHotTextSize >> 20) + " MiB (" +
                     Twine(LayoutLock::MaxHotTextSize) +
                     " bytes); lock fewer functions (--max-functions)");
  if (Error E = writeLockFile(R.Lock, Config.OutputPath))
    return E;
  return R;
}

void printPlanReport(const PlanResult &R, raw_ostream &OS) {
  const LayoutPlan &Plan = R.Lock.Plan;
  OS << "planned " << Plan.Functions.size() << " functions, " << Plan.size()
     << " bytes of hot text (" << Plan.LineSize << " B lines, "
     << Plan.SlackPercent << "% slack) in " << R.OutputPath << "\n";
  for (const auto &[Name, Offset] : R.LeftInPlace)
    OS << "left out " << Name << ": it refers to +0x"
       << utohexstr(Offset, /*LowerCase=*/true)
       << ", inside one of its instructions (data in its code?), and "
          "llvm-bolt leaves such a function where it is\n";
  if (!R.Update)
    return;
  const PlanUpdate &U = *R.Update;
  OS << "update of " << R.UpdatePath << ": kept " << U.Kept.size() << " ("
     << U.Edited.size() << " with new bytes), moved " << U.Moved.size()
     << ", added " << U.Added.size() << ", removed " << U.Removed.size()
     << "\n";
  for (const PlanUpdate::Move &M : U.Moved)
    OS << "moved " << M.Name << " from offset " << M.OldOffset << " to "
       << M.NewOffset << ": " << M.Reason << "\n";
  std::map<std::string, uint64_t> OffsetOf;
  for (const PlacedFunction &F : Plan.Functions)
    OffsetOf[F.Name] = F.Offset;
  for (const std::string &N : U.Added)
    OS << "added " << N << " at offset " << OffsetOf[N] << "\n";
  for (const std::string &N : U.Removed)
    OS << "removed " << N << ": no longer in the binary\n";
}

} // namespace hotlayout
