//===- PlanCommand.cpp - hotlayout plan: lock hot functions' offsets ------===//
//
// `hotlayout plan BINARY --profile P.fdata -o layout.lock [--update old.lock]`
// chooses the hot functions of BINARY and a cache-aware order, and gives
// each a fixed, line-aligned offset in the hot text with slack to grow into
// (hotlayout/Support/LayoutPlan.h). With --update, functions of the old lock
// keep their offsets where they still fit. `hotlayout apply` (later) puts
// each function at its offset.
//
//  1. Open BINARY; it needs .symtab (the lock is keyed by symbol name). Hash
//     each function's bytes.
//  2. Read the profile: BranchProfile::read checks it (same errors as check
//     and diff); a second pass sums per function the counts of the branch
//     records that leave it or enter it from another function, and takes
//     records that land on another function's entry as call edges.
//  3. Hot functions: count >= --min-count, the --max-functions hottest. A
//     profile that names no function of BINARY is an error (it was probably
//     recorded from another program).
//  4. With --update: read the old lock; error if it names none of BINARY's
//     functions, warn if it was planned for a binary of another name. Every
//     locked function BINARY still has stays in the input, hot or not, so
//     it keeps its place.
//  5. Plan or update, write the lock atomically, print a summary.
//
//===----------------------------------------------------------------------===//

#include "Commands.h"
#include "hotlayout/Tool/BinaryFile.h"
#include "hotlayout/Tool/Error.h"
#include "hotlayout/Tool/Hotness.h"
#include "hotlayout/Tool/LayoutLock.h"
#include "hotlayout/Tool/SymbolIndex.h"

#include "hotlayout/Tool/LayoutPlan.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

using namespace llvm;

namespace hotlayout {

cl::SubCommand PlanSubcommand(
    "plan", "Choose the hot functions of a binary, order them for the cache "
            "and lock each at a line-aligned offset in the hot text, with "
            "slack to grow (exit 2 on errors)");

static cl::OptionCategory PlanCategory(
    "hotlayout plan options",
    "A function's count is the sum of the counts of the --profile branch "
    "records that leave it or enter it from another function; records that "
    "land on a function's entry are calls, used to cluster callees behind "
    "their hottest caller. The lock file format is described in README.md.");

static cl::opt<std::string> BinaryPath(cl::Positional, cl::Required,
                                       cl::desc("<binary>"),
                                       cl::sub(PlanSubcommand),
                                       cl::cat(PlanCategory));

static cl::opt<std::string>
    ProfilePath("profile", cl::Required,
                cl::desc("BOLT .fdata profile of the binary (perf2bolt or "
                         "llvm-bolt -instrument)"),
                cl::value_desc("file"), cl::sub(PlanSubcommand),
                cl::cat(PlanCategory));

static cl::opt<std::string> OutputPath("o", cl::Required,
                                       cl::desc("Lock file to write"),
                                       cl::value_desc("file"),
                                       cl::sub(PlanSubcommand),
                                       cl::cat(PlanCategory));

static cl::opt<std::string>
    UpdatePath("update",
               cl::desc("Previous lock: functions still in the binary keep "
                        "their offsets when they fit their reservation"),
               cl::value_desc("file"), cl::sub(PlanSubcommand),
               cl::cat(PlanCategory));

static cl::opt<unsigned>
    LineSize("line-size",
             cl::desc("Every offset is a multiple of this; a power of two "
                      "(default 64). With --update the old lock's is kept"),
             cl::init(64), cl::sub(PlanSubcommand), cl::cat(PlanCategory));

static cl::opt<unsigned> SlackPercent(
    "slack-percent",
    cl::desc("Each reservation is the size plus this percentage, rounded up "
             "to the line (default 12)"),
    cl::init(12), cl::sub(PlanSubcommand), cl::cat(PlanCategory));

static cl::opt<uint64_t>
    MinCount("min-count",
             cl::desc("A function is hot when its count is at least this "
                      "(default 1)"),
             cl::init(1), cl::sub(PlanSubcommand), cl::cat(PlanCategory));

static cl::opt<unsigned>
    MaxFunctions("max-functions",
                 cl::desc("Lock at most this many of the hottest functions; "
                          "0: all hot ones (default 0)"),
                 cl::init(0), cl::sub(PlanSubcommand), cl::cat(PlanCategory));

static int planError(const Twine &Message) {
  return reportError("plan", makeError(Message));
}

int runPlanCommand() {
  if (!isPowerOf2_32(LineSize))
    return planError("--line-size must be a power of two, got " +
                     Twine(LineSize));
  if (SlackPercent > 1000)
    return planError("--slack-percent must be at most 1000, got " +
                     Twine(SlackPercent));

  // Step 1.
  auto File = BinaryFile::open(BinaryPath);
  if (!File)
    return reportError("plan", File.takeError());
  auto Ranges = symbolRanges(
      **File, "the lock is keyed by symbol name; plan an unstripped copy");
  if (!Ranges)
    return reportError("plan", Ranges.takeError());
  SymbolIndex ByName(*Ranges);

  // Step 2.
  auto Counts = FunctionCounts::read(ProfilePath);
  if (!Counts)
    return reportError("plan", Counts.takeError());
  if (Error E =
          Counts->checkNamesSome(ProfilePath, BinaryPath, [&](StringRef Name) {
            return ByName.contains(Name);
          }))
    return reportError("plan", std::move(E));

  // Step 3: counts per range (a range may be named by several aliases).
  std::vector<uint64_t> RangeCount(Ranges->size());
  std::vector<bool> Profiled(Ranges->size());
  for (const auto &E : Counts->Count) {
    const IndexedSymbol *S = ByName.find(E.getKey());
    if (!S)
      continue;
    RangeCount[S->Range] += E.getValue();
    Profiled[S->Range] = true;
  }
  std::vector<size_t> Hot;
  for (size_t I = 0; I < Ranges->size(); ++I)
    if (Profiled[I] && RangeCount[I] >= MinCount)
      Hot.push_back(I);
  std::sort(Hot.begin(), Hot.end(), [&](size_t A, size_t B) {
    if (RangeCount[A] != RangeCount[B])
      return RangeCount[A] > RangeCount[B];
    return (*Ranges)[A].Name < (*Ranges)[B].Name;
  });
  if (MaxFunctions && Hot.size() > MaxFunctions)
    Hot.resize(MaxFunctions);

  // Step 4.
  std::optional<LayoutLock> Old;
  std::map<size_t, std::string> LockedName; // Range -> its name in the lock.
  if (!UpdatePath.empty()) {
    auto Read = readLockFile(UpdatePath);
    if (!Read)
      return reportError("plan", Read.takeError());
    Old = std::move(*Read);
    for (const PlacedFunction &F : Old->Plan.Functions)
      if (const IndexedSymbol *S = ByName.find(F.Name))
        LockedName[S->Range] = F.Name;
    if (!Old->Plan.Functions.empty() && LockedName.empty())
      return reportError(
          "plan",
          fileError(UpdatePath,
                    "locks " + Twine(Old->Plan.Functions.size()) +
                        " functions and '" + BinaryPath +
                        "' has none of them: it is a lock of another "
                        "program (planned for '" +
                        Old->Binary +
                        "'); plan without --update to start a new lock"));
    StringRef Name = sys::path::filename(BinaryPath);
    if (Old->Binary != Name)
      reportWarning("plan",
                    fileError(UpdatePath, "was planned for '" + Old->Binary +
                                              "', not '" + Name +
                                              "'; updating it anyway"));
  }

  std::vector<PlanFunction> Input;
  std::vector<bool> Taken(Ranges->size());
  auto Add = [&](size_t I) {
    if (Taken[I])
      return;
    Taken[I] = true;
    const CodeRange &R = (*Ranges)[I];
    auto Locked = LockedName.find(I);
    Input.push_back({Locked != LockedName.end() ? Locked->second : R.Name,
                     contentHash(R.Bytes), R.Bytes.size(), RangeCount[I]});
  };
  for (size_t I : Hot)
    Add(I);
  for (const auto &[I, Name] : LockedName)
    Add(I);
  // Call edges by the names the plan uses.
  std::vector<PlanCall> Calls;
  for (const auto &[Edge, Count] : Counts->Calls) {
    const IndexedSymbol *From = ByName.find(Edge.first);
    const IndexedSymbol *To = ByName.find(Edge.second);
    if (!From || !To || !Taken[From->Range] || !Taken[To->Range])
      continue;
    auto NameOf = [&](size_t I) {
      auto L = LockedName.find(I);
      return L != LockedName.end() ? L->second : (*Ranges)[I].Name;
    };
    Calls.push_back({NameOf(From->Range), NameOf(To->Range), Count});
  }

  // Step 5.
  PlanOptions Opts;
  Opts.LineSize = LineSize;
  Opts.SlackPercent = SlackPercent;
  LayoutLock Lock;
  Lock.Binary = sys::path::filename(BinaryPath).str();
  Lock.BuildID = readBuildID(**File);
  std::optional<PlanUpdate> Update;
  if (Old) {
    Update = updateLayout(Old->Plan, Input, Calls, Opts);
    Lock.Plan = Update->Plan;
  } else {
    Lock.Plan = planLayout(Input, Calls, Opts);
  }
  Lock.HotTextAlignment = Lock.Plan.LineSize;
  if (Error E = writeLockFile(Lock, OutputPath))
    return reportError("plan", std::move(E));

  raw_ostream &OS = outs();
  OS << "planned " << Lock.Plan.Functions.size() << " functions, "
     << Lock.Plan.size() << " bytes of hot text (" << Lock.Plan.LineSize
     << " B lines, " << Lock.Plan.SlackPercent << "% slack) in " << OutputPath
     << "\n";
  if (Update) {
    OS << "update of " << UpdatePath << ": kept " << Update->Kept.size() << " ("
       << Update->Edited.size() << " with new bytes), moved "
       << Update->Moved.size() << ", added " << Update->Added.size()
       << ", removed " << Update->Removed.size() << "\n";
    for (const PlanUpdate::Move &M : Update->Moved)
      OS << "moved " << M.Name << " from offset " << M.OldOffset << " to "
         << M.NewOffset << ": " << M.Reason << "\n";
    std::map<std::string, uint64_t> OffsetOf;
    for (const PlacedFunction &F : Lock.Plan.Functions)
      OffsetOf[F.Name] = F.Offset;
    for (const std::string &N : Update->Added)
      OS << "added " << N << " at offset " << OffsetOf[N] << "\n";
    for (const std::string &N : Update->Removed)
      OS << "removed " << N << ": no longer in the binary\n";
  }
  return ExitClean;
}

} // namespace hotlayout
