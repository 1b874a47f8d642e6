//===- Apply.cpp - Putting locked functions in place ----------------------===//
//
//  1. Check the inputs: OUT names none of them (OutputRule.h); BINARY is a
//     linked ELF with .symtab and static relocations (BOLT can only move
//     functions with them); the lock parses and stays within the hot-text
//     limit; it names functions of BINARY (else it is a lock of another
//     program); the profile, if any, has records that fit BINARY
//     (ProfileCheck.h). All before llvm-bolt runs or a temporary directory
//     exists.
//  2. In a temporary directory beside OUT (same file system, so the final
//     rename is atomic), run llvm-bolt with the lock's functions first in
//     its order, every function aligned to the line, and padding after each
//     that lands the next one on its offset (LockPlacement.h). Padding is
//     first taken from BINARY's sizes; BOLT may re-encode a function to
//     another size, so when a function misses its offset the pads are
//     recomputed from the sizes BOLT emitted and BOLT runs again
//     (MaxBoltRuns).
//  3. Verify the result (LockVerify.h): each function is OK at its offset,
//     MOVED (with why, when knowable) or MISSING from BINARY.
//  4. The smoke command runs on the result before it is renamed over OUT; a
//     failing command is an error and OUT is not written.
//  5. Rename the result over OUT. BINARY is only ever read.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/Apply.h"

#include "hotlayout/Tool/BinaryFile.h"
#include "hotlayout/Tool/BoltDriver.h"
#include "hotlayout/Tool/Hotness.h"
#include "hotlayout/Tool/LayoutLock.h"
#include "hotlayout/Tool/LockPlacement.h"
#include "hotlayout/Tool/LoopShift.h"
#include "hotlayout/Tool/OutputHotLoops.h"
#include "hotlayout/Tool/OutputRule.h"
#include "hotlayout/Tool/Process.h"
#include "hotlayout/Tool/ProfileCheck.h"
#include "hotlayout/Tool/TempFiles.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Timer.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

using namespace llvm;

namespace hotlayout {

unsigned ApplyResult::straddling() const {
  unsigned N = 0;
  for (const LoopPlacementVerdict &L : LoopVerdicts)
    N += L.Straddling;
  return N;
}

size_t ApplyResult::placed() const {
  return count_if(Verdicts, [](const PlacementVerdict &D) { return D.OK; });
}

namespace {
/// Adds the wall time from its construction to its destruction to a phase
/// of ApplyTimes.
class PhaseTimer {
public:
  explicit PhaseTimer(double &Phase)
      : Phase(Phase), Start(TimeRecord::getCurrentTime().getWallTime()) {}
  ~PhaseTimer() {
    Phase += TimeRecord::getCurrentTime(false).getWallTime() - Start;
  }

private:
  double &Phase;
  double Start;
};

/// Step 1's checked inputs.
struct ApplyInputs {
  std::unique_ptr<BinaryFile> File;
  SymbolIndex In;
  LayoutLock Lock;
  /// Profiled functions outside the lock, hottest first (profiledFollowers).
  std::vector<std::string> Followers;
  BoltTools Tools;
  /// Relocation-masked code hash of each locked function of BINARY.
  StringMap<std::string> CodeHashes;
  /// The --profile's branch records, read once: every placing run and the
  /// final verification judge hot loops by them.
  BranchProfile Branches;
};
} // namespace

/// The functions the profile names that the lock does not, hottest first:
/// they follow the locked ones in the function order. BOLT numbers
/// -function-order entries from 0 and then every other profiled function
/// from 0 again, so without them in the order file they interleave with
/// the locked functions (seen: crtbegin's deregister_tm_clones first, every
/// locked offset after it off). Names the symbol table does not list (those
/// crtbegin functions have no st_size) are kept: BOLT knows them.
static std::vector<std::string> profiledFollowers(const FunctionCounts &Counts,
                                                  const LayoutLock &Lock) {
  StringSet<> Locked;
  for (const PlacedFunction &F : Lock.Plan.Functions)
    Locked.insert(F.Name);
  std::vector<std::pair<uint64_t, std::string>> Hot;
  for (const auto &E : Counts.Count)
    if (!Locked.count(E.getKey()))
      Hot.push_back({E.getValue(), E.getKey().str()});
  llvm::sort(Hot, [](const auto &A, const auto &B) {
    return A.first != B.first ? A.first > B.first : A.second < B.second;
  });
  std::vector<std::string> Names;
  for (auto &H : Hot)
    Names.push_back(std::move(H.second));
  return Names;
}

/// Step 1.
static Expected<ApplyInputs> checkInputs(const ApplyConfig &C) {
  if (Error E = checkOutputNotInput("apply", C.OutputPath,
                                    {{"binary", C.BinaryPath},
                                     {"lock", C.LockPath},
                                     {"profile", C.ProfilePath}}))
    return std::move(E);
  ApplyInputs I;
  auto File = BinaryFile::open(C.BinaryPath);
  if (!File)
    return File.takeError();
  I.File = std::move(*File);
  auto In = readLockedSymbols(*I.File);
  if (!In)
    return In.takeError();
  I.In = std::move(*In);
  if (Error E = requireCodeRelocations(*I.File))
    return std::move(E);
  auto Lock = readLockFile(C.LockPath);
  if (!Lock)
    return Lock.takeError();
  I.Lock = std::move(*Lock);
  const std::vector<PlacedFunction> &Locked = I.Lock.Plan.Functions;
  if (none_of(Locked,
              [&](const PlacedFunction &F) { return I.In.contains(F.Name); }))
    return foreignLockError(I.Lock, C.LockPath, C.BinaryPath, "from",
                            "plan one for this binary with hotlayout plan");
  if (!C.ProfilePath.empty()) {
    // Parsed (and checked) once: FunctionCounts::read would parse it twice.
    auto Branches = BranchProfile::read(C.ProfilePath);
    if (!Branches)
      return Branches.takeError();
    I.Branches = std::move(*Branches);
    auto Counts = FunctionCounts::readAccepted(C.ProfilePath);
    if (!Counts)
      return Counts.takeError();
    if (Error E =
            checkProfileFits(C.ProfilePath, *Counts, I.Branches, *I.File, I.In))
      return std::move(E);
    I.Followers = profiledFollowers(*Counts, I.Lock);
  }
  auto Tools = BoltTools::find(C.BoltDir, /*NeedInstrumentationRuntime=*/false,
                               C.BoltTimeout);
  if (!Tools)
    return Tools.takeError();
  I.Tools = std::move(*Tools);
  auto Ranges = symbolRanges(*I.File, "the lock is keyed by symbol name");
  if (!Ranges)
    return Ranges.takeError();
  auto Fields = relocatedCodeFields(*I.File);
  if (!Fields)
    return Fields.takeError();
  for (const PlacedFunction &F : Locked)
    if (const IndexedSymbol *S = I.In.find(F.Name)) {
      const CodeRange &R = (*Ranges)[S->Range];
      I.CodeHashes[F.Name] = maskedContentHash(R.Bytes, R.Address, *Fields);
    }
  return I;
}

namespace {
/// Step 2-3: llvm-bolt runs until every locked function is placed, nothing
/// is left to change, or MaxBoltRuns is reached.
class PlacementLoop {
public:
  PlacementLoop(const ApplyConfig &C, const ApplyInputs &I, TempDir &Tmp,
                StringRef Result, std::string SkipArgument, ApplyTimes &Times)
      : C(C), I(I), Tmp(Tmp), Result(Result),
        SkipArgument(std::move(SkipArgument)), Profile(C.ProfilePath),
        Times(Times) {
    for (const auto &E : I.In.names())
      Bodies[E.getKey()] = E.getValue().Size;
  }

  Error run(ApplyResult &R);

private:
  Error runUntilPlaced(ApplyResult &R, unsigned MaxRuns);
  Error solveAndPlace(ApplyResult &R);
  Error rewriteOnce(ArrayRef<Placement> P);
  void useStoredChoices(ApplyResult &R);
  /// The last output's hot loops of some locked functions, from each
  /// function's start, and where in its line each function starts.
  struct OutputLoops {
    std::vector<FunctionHotLoops> Functions;
    StringMap<uint64_t> Base;
    uint64_t MinAlign = 1;
  };
  Expected<OutputLoops> lastOutputLoops(ArrayRef<std::string> Names) const;
  /// The last run's placed functions that \p Wanted accepts, by name.
  std::vector<std::string>
  placedNames(function_ref<bool(StringRef)> Wanted) const;
  /// The last run's placement of \p Name, or null when it was not placed.
  const Placement *placementOf(StringRef Name) const;
  /// The judge's options, the same for the output and the input.
  JudgeOptions judgeOptions() const;
  /// Bytes its space leaves after what BOLT emitted for it.
  uint64_t roomOf(StringRef Name) const;
  Expected<bool> solveShifts();
  Expected<bool> chooseInputLayouts();
  Error judgeLoops(ApplyResult &R);
  PadMode padMode() const;
  Expected<bool> adjust(const Verification &V, ArrayRef<Placement> P);
  Expected<bool> dropFromProfile(ArrayRef<Placement> P,
                                 const StringSet<> &Intruders);
  Error filterProfile();

  const ApplyConfig &C;
  const ApplyInputs &I;
  TempDir &Tmp;
  StringRef Result;
  std::string SkipArgument;
  std::string Profile; ///< What BOLT gets: C.ProfilePath or a filtered copy.
  /// Bytes each function takes: BINARY's sizes, then what BOLT emitted.
  StringMap<uint64_t> Bodies;
  /// Locked functions BOLT left in place: their space stays empty.
  StringSet<> Vacated;
  /// Given to BOLT without their profile records (see adjust()).
  StringSet<> OwnOrder, Unordered;
  /// Locked functions whose input code BOLT keeps (chooseInputLayouts()):
  /// given to BOLT without their profile records too.
  StringSet<> InputLayout;
  /// Each locked function's start shift, and where it came from; functions
  /// without an entry have not been solved (yet).
  StringMap<uint64_t> Shifts;
  StringMap<ShiftSource> Sources;
  /// The last run's placements.
  std::vector<Placement> Last;
  /// llvm-bolt takes -pad-funcs-before (22 and later).
  bool PadBefore = true;
  ApplyTimes &Times;
};
} // namespace

Error PlacementLoop::rewriteOnce(ArrayRef<Placement> P) {
  BoltRewrite R;
  R.Input = C.BinaryPath;
  R.Output = Result.str();
  for (const Placement &X : P)
    R.FunctionOrder.push_back(X.Locked->Name);
  llvm::append_range(R.FunctionOrder, I.Followers);
  R.FunctionOrderPath = Tmp.file("function-order.txt");
  R.FunctionAlignment = I.Lock.Plan.LineSize;
  R.ExactGaps = padMode() == PadMode::ExactGaps;
  for (const Placement &X : P) {
    R.Padding.push_back({X.Locked->Name, X.Padding});
    if (!R.ExactGaps)
      R.PaddingBefore.push_back({X.Locked->Name, X.Shift});
  }
  R.Profile = Profile;
  R.SkipArgument = SkipArgument;
  R.AddressTranslation = !Profile.empty();
  R.NoHugePages = C.NoHugePages;
  R.KeepInputCode = !InputLayout.empty();
  if (C.Verbose) {
    std::vector<std::string> Args = rewriteArguments(I.Tools, R);
    errs() << "hotlayout apply: llvm-bolt run:";
    for (const std::string &A : Args)
      errs() << " " << shellQuote(A);
    errs() << "\n";
  }
  PhaseTimer T(Times.Bolt);
  return rewrite(I.Tools, R, Tmp.file("bolt.log"));
}

/// With a profile: a function whose profile-ordered body outgrew its space
/// keeps its input block order, and a function outside the lock that BOLT
/// put among the locked ones (it cannot find e.g. _init in .init by its
/// -function-order name and orders it by its profile) goes after them;
/// both by leaving their records out of the profile BOLT gets. True when
/// that changed the profile.
Expected<bool> PlacementLoop::dropFromProfile(ArrayRef<Placement> P,
                                              const StringSet<> &Intruders) {
  bool Changed = false;
  for (const Placement &X : P)
    if (Bodies.lookup(X.Locked->Name) > X.Space)
      Changed |= OwnOrder.insert(X.Locked->Name).second;
  for (const auto &F : Intruders)
    Changed |= Unordered.insert(F.getKey()).second;
  if (!Changed)
    return false;
  if (Error E = filterProfile())
    return std::move(E);
  return true;
}

/// The profile BOLT gets: the --profile without the records of the
/// functions that keep their input block order or code.
Error PlacementLoop::filterProfile() {
  StringSet<> Drop(Unordered);
  for (const StringSet<> *Set : {&OwnOrder, &InputLayout})
    for (const auto &F : *Set)
      Drop.insert(F.getKey());
  std::string Filtered = Tmp.file("profile.fdata");
  if (Error E = writeProfileWithout(C.ProfilePath, Drop, Filtered))
    return E;
  Profile = Filtered;
  return Error::success();
}

/// What the next run does differently: pad by what BOLT emitted (it
/// re-encodes code; judgePlacement updated Bodies), leave the space of
/// functions it did not move empty, and adjust the profile. True when
/// another run may place more.
Expected<bool> PlacementLoop::adjust(const Verification &V,
                                     ArrayRef<Placement> P) {
  bool Retry = V.someMoved();
  for (const PlacementVerdict &D : V.Verdicts)
    if (D.Stayed)
      Retry |= Vacated.insert(D.Locked.Name).second;
  if (Profile.empty())
    return Retry;
  auto Changed = dropFromProfile(P, V.Intruders);
  if (!Changed)
    return Changed.takeError();
  return Retry || *Changed;
}

/// Without -pad-funcs-before (llvm-bolt 19) a shift needs exact gaps.
PadMode PlacementLoop::padMode() const {
  if (PadBefore)
    return PadMode::AlignedMidLine;
  bool Shifted = any_of(Shifts, [](const auto &E) { return E.getValue(); });
  return Shifted ? PadMode::ExactGaps : PadMode::AlignedMidLine;
}

Error PlacementLoop::runUntilPlaced(ApplyResult &R, unsigned MaxRuns) {
  auto Present = [&](const PlacedFunction &F) {
    return I.In.contains(F.Name) && !Vacated.count(F.Name);
  };
  for (bool Retry = true; Retry && R.Runs < MaxRuns;) {
    Last = placeFunctions(I.Lock.Plan, Present, Bodies, Shifts, padMode());
    if (Error E = rewriteOnce(Last))
      return E;
    ++R.Runs;
    Expected<Verification> V = [&] {
      PhaseTimer T(Times.Verify);
      return verifyPlacement(Result, I.Lock, I.In, Last, C.BinaryPath, Bodies);
    }();
    if (!V)
      return V.takeError();
    auto Again = adjust(*V, Last);
    if (!Again)
      return Again.takeError();
    Retry = *Again;
    R.Start = V->Start;
    R.Verdicts = std::move(V->Verdicts);
  }
  return Error::success();
}

/// The lock's choices for functions whose code is unchanged: their shift
/// and the size BOLT emitted (so the padding is right in the first run).
/// A changed function is solved again.
void PlacementLoop::useStoredChoices(ApplyResult &R) {
  for (const PlacedFunction &F : I.Lock.Plan.Functions) {
    if (!F.Shift || !I.In.contains(F.Name))
      continue;
    if (I.CodeHashes.lookup(F.Name) != F.CodeHash) {
      R.Resolved.push_back(F.Name);
      Sources[F.Name] = ShiftSource::Resolved;
      continue;
    }
    Shifts[F.Name] = *F.Shift;
    Sources[F.Name] = ShiftSource::Stored;
    Bodies[F.Name] = F.EmittedSize;
    if (F.InputLayout)
      InputLayout.insert(F.Name);
  }
}

/// The minimum alignment of a function start on the binary's target.
static uint64_t minFunctionAlignment(const BinaryFile &File) {
  return File.triple().isAArch64() ? 4 : 2;
}

/// \p Loops of a function whose start is \p Base bytes into its line, as
/// offsets from that line's start.
static std::vector<HotLoopBytes> atLine(std::vector<HotLoopBytes> Loops,
                                        uint64_t Base) {
  for (HotLoopBytes &L : Loops)
    for (ByteInterval &B : L.Bytes) {
      B.Start += Base;
      B.End += Base;
    }
  return Loops;
}

JudgeOptions PlacementLoop::judgeOptions() const {
  JudgeOptions J;
  J.MinCount = C.MinCount;
  J.HotCoverage = C.HotCoverage;
  J.LineSize = I.Lock.Plan.LineSize;
  return J;
}

std::vector<std::string>
PlacementLoop::placedNames(function_ref<bool(StringRef)> Wanted) const {
  std::vector<std::string> Names;
  for (const Placement &X : Last)
    if (Wanted(X.Locked->Name))
      Names.push_back(X.Locked->Name);
  return Names;
}

const Placement *PlacementLoop::placementOf(StringRef Name) const {
  auto X =
      find_if(Last, [&](const Placement &Y) { return Y.Locked->Name == Name; });
  return X == Last.end() ? nullptr : &*X;
}

Expected<PlacementLoop::OutputLoops>
PlacementLoop::lastOutputLoops(ArrayRef<std::string> Names) const {
  PhaseTimer T(Times.Verify);
  auto Out = BinaryFile::open(Result);
  if (!Out)
    return Out.takeError();
  auto Loops =
      outputHotLoops(**Out, *I.File, Names, I.Branches, judgeOptions());
  if (!Loops)
    return Loops.takeError();
  auto OutIndex = readLockedSymbols(**Out);
  if (!OutIndex)
    return OutIndex.takeError();
  OutputLoops L;
  L.MinAlign = minFunctionAlignment(**Out);
  for (FunctionHotLoops &F : *Loops) {
    // The line start the function is at (its offset's, plus its shift).
    L.Base[F.Name] = OutIndex->find(F.Name)->Address % I.Lock.Plan.LineSize;
    L.Functions.push_back(std::move(F));
  }
  return L;
}

uint64_t PlacementLoop::roomOf(StringRef Name) const {
  const Placement *X = placementOf(Name);
  uint64_t Body = Bodies.lookup(Name);
  return X && X->Space > Body ? X->Space - Body : 0;
}

/// Chooses a shift for each placed locked function that has none yet, from
/// the hot loops of the last output. True when some shift is not 0 (the
/// code must be laid out again).
Expected<bool> PlacementLoop::solveShifts() {
  std::vector<std::string> Names =
      placedNames([&](StringRef Name) { return !Shifts.count(Name); });
  if (Names.empty())
    return false;
  auto Loops = lastOutputLoops(Names);
  if (!Loops)
    return Loops.takeError();
  uint64_t Line = I.Lock.Plan.LineSize;
  bool Moved = false;
  for (const FunctionHotLoops &F : Loops->Functions) {
    ShiftChoice Choice =
        chooseShift(atLine(F.Loops, Loops->Base.lookup(F.Name)), roomOf(F.Name),
                    Line, Loops->MinAlign);
    Shifts[F.Name] = Choice.Shift;
    if (!Sources.count(F.Name))
      Sources[F.Name] = ShiftSource::Solved;
    Moved |= Choice.Shift != 0;
  }
  for (const std::string &N : Names)
    Shifts.try_emplace(N, 0);
  return Moved;
}

Error PlacementLoop::solveAndPlace(ApplyResult &R) {
  auto Moved = solveShifts();
  if (!Moved)
    return Moved.takeError();
  return *Moved ? runUntilPlaced(R, R.Runs + C.MaxBoltRuns) : Error::success();
}

/// The compiler may have placed a function's hot loops better than any
/// start of BOLT's layout of it can (padding inside the function, which
/// BOLT cannot add: its alignment options are global and count-driven).
/// For each function solved in this apply whose hot loops still cost extra
/// line fetches, the input's code is kept instead when its loops, where the
/// input has them, cost fewer (shiftCost, the same definition) and it fits
/// its space at its input line offset. Keeping input code changes how BOLT
/// emits every function (KeepInputCode), so the other shifts are solved
/// again. True when some function was switched.
Expected<bool> PlacementLoop::chooseInputLayouts() {
  std::vector<std::string> Names = placedNames([&](StringRef Name) {
    return !InputLayout.count(Name) &&
           Sources.lookup(Name) != ShiftSource::Stored;
  });
  if (Names.empty())
    return false;
  auto Out = lastOutputLoops(Names);
  if (!Out)
    return Out.takeError();
  uint64_t Line = I.Lock.Plan.LineSize;
  StringMap<uint64_t> OutCost;
  std::vector<std::string> Candidates;
  for (const FunctionHotLoops &F : Out->Functions)
    if (uint64_t Cost = shiftCost(F.Loops, Out->Base.lookup(F.Name), Line)) {
      OutCost[F.Name] = Cost;
      Candidates.push_back(F.Name);
    }
  if (Candidates.empty())
    return false;
  auto In = [&] {
    PhaseTimer T(Times.Verify);
    return inputHotLoops(*I.File, Candidates, I.Branches, judgeOptions());
  }();
  if (!In)
    return In.takeError();
  bool Chosen = false;
  for (const FunctionHotLoops &F : *In) {
    const IndexedSymbol *S = I.In.find(F.Name);
    const Placement *X = placementOf(F.Name);
    uint64_t InShift = S->Address % Line;
    if (!X || InShift + S->Size > X->Space ||
        shiftCost(F.Loops, InShift, Line) >= OutCost.lookup(F.Name))
      continue;
    InputLayout.insert(F.Name);
    Bodies[F.Name] = S->Size;
    Chosen = true;
  }
  if (!Chosen)
    return false;
  // Every other function is emitted anew (input nops kept): solve again.
  for (const Placement &X : Last) {
    StringRef Name = X.Locked->Name;
    if (InputLayout.count(Name)) {
      Shifts[Name] = I.In.find(Name)->Address % Line;
      continue;
    }
    Shifts.erase(Name);
    if (Sources.lookup(Name) == ShiftSource::Stored)
      Sources[Name] = ShiftSource::Solved;
  }
  if (Error E = filterProfile())
    return std::move(E);
  return true;
}

/// Why a function's hot loops (\p Loops, from its start) are not all on
/// their fewest lines.
static std::string whyStraddles(ArrayRef<HotLoopBytes> Loops, uint64_t Room,
                                uint64_t Line, uint64_t MinAlign) {
  // A single loop always has a start that puts it on its fewest lines.
  if (chooseShift(Loops, Line - 1, Line, 1).Cost)
    return "no start fits all its hot loops (the count-weighted best is "
           "used)";
  if (chooseShift(Loops, Line - 1, Line, MinAlign).Cost)
    return "only a start that is not a multiple of " +
           std::to_string(MinAlign) + " would fit (functions start there)";
  if (chooseShift(Loops, Room, Line, MinAlign).Cost)
    return "the shift that fits needs more room than its reservation has "
           "(" +
           std::to_string(Room) + " bytes free)";
  return "BOLT emitted it differently after the shift";
}

/// Step 3 for loops: judges the hot loops of every locked function where
/// they are in the final output.
Error PlacementLoop::judgeLoops(ApplyResult &R) {
  auto Loops = lastOutputLoops(placedNames([](StringRef) { return true; }));
  if (!Loops)
    return Loops.takeError();
  uint64_t Line = I.Lock.Plan.LineSize;
  R.LoopsJudged = true;
  for (const FunctionHotLoops &F : Loops->Functions) {
    LoopPlacementVerdict V;
    V.Name = F.Name;
    V.Shift = Shifts.lookup(F.Name);
    V.Source = Sources.lookup(F.Name);
    V.Loops = F.Loops.size();
    V.InputLayout = InputLayout.count(F.Name);
    for (const HotLoopBytes &L : atLine(F.Loops, Loops->Base.lookup(F.Name))) {
      uint64_t Extra =
          linesTouchedAt(L.Bytes, 0, Line) - minLinesOverShifts(L.Bytes, Line);
      V.Straddling += Extra > 0;
      V.ExtraWeighted += L.Taken * Extra;
      V.Taken += L.Taken;
    }
    if (V.Straddling)
      V.Why =
          V.InputLayout
              ? "its input code is kept (the compiler's placement costs "
                "fewer extra line fetches than any start of BOLT's "
                "layout), and the compiler left these on more lines"
              : whyStraddles(F.Loops, roomOf(F.Name), Line, Loops->MinAlign);
    R.LoopVerdicts.push_back(std::move(V));
  }
  return Error::success();
}

Error PlacementLoop::run(ApplyResult &R) {
  {
    PhaseTimer T(Times.Bolt);
    PadBefore = supportsPadBefore(I.Tools, Tmp.file("bolt-help.txt"));
  }
  useStoredChoices(R);
  if (!InputLayout.empty() && !Profile.empty())
    if (Error E = filterProfile())
      return E;
  if (Error E = runUntilPlaced(R, C.MaxBoltRuns))
    return E;
  if (!Profile.empty()) {
    if (C.PlaceLoops) {
      if (Error E = solveAndPlace(R))
        return E;
      auto Switched = chooseInputLayouts();
      if (!Switched)
        return Switched.takeError();
      if (*Switched) {
        if (Error E = runUntilPlaced(R, R.Runs + C.MaxBoltRuns))
          return E;
        if (Error E = solveAndPlace(R))
          return E;
      }
    }
    if (Error E = judgeLoops(R))
      return E;
  }
  for (const Placement &X : Last)
    if (X.Shift)
      R.Shifts[X.Locked->Name] = X.Shift;
  R.EmittedSizes = Bodies;
  R.OwnOrder.assign(OwnOrder.keys().begin(), OwnOrder.keys().end());
  R.Unordered.assign(Unordered.keys().begin(), Unordered.keys().end());
  R.InputLayouts.assign(InputLayout.keys().begin(), InputLayout.keys().end());
  llvm::sort(R.OwnOrder);
  llvm::sort(R.Unordered);
  llvm::sort(R.InputLayouts);
  return Error::success();
}

/// Step 4.
static Error runSmoke(const ApplyConfig &C, StringRef Path) {
  auto Sh = sys::findProgramByName("sh");
  if (!Sh)
    return makeError("--smoke needs sh, which is not on PATH");
  std::string Cmd = commandWithPath(C.SmokeCommand, Path);
  StringRef Args[] = {"sh", "-c", Cmd};
  ProcessResult P = runProcess(*Sh, Args);
  if (P.succeeded())
    return Error::success();
  return makeError("--smoke command '" + C.SmokeCommand +
                   "' failed on the rewritten binary (" + P.why() + "); '" +
                   C.OutputPath + "' was not written");
}

Error writeProfileWithout(StringRef From, const StringSet<> &Names,
                          StringRef To) {
  auto Buffer = MemoryBuffer::getFile(From, /*IsText=*/true);
  if (!Buffer)
    return fileError(From, "cannot be read: " + Buffer.getError().message());
  std::error_code EC;
  raw_fd_ostream OS(To, EC, sys::fs::OF_Text);
  if (EC)
    return fileError(To, "cannot be written: " + EC.message());
  SmallVector<StringRef, 8> Fields;
  for (StringRef Line : split((*Buffer)->getBuffer(), '\n')) {
    Fields.clear();
    SplitString(Line, Fields);
    if (none_of(Fields,
                [&](StringRef F) { return Names.count(F.split('/').first); }))
      OS << Line << "\n";
  }
  return Error::success();
}

/// Bytes of executable sections, without BOLT's copy of the input's text
/// (.bolt.org.*), which no code runs from; with \p Only, of that section.
static uint64_t executableBytes(const BinaryFile &File, StringRef Only = "") {
  uint64_t Bytes = 0;
  for (const object::SectionRef &S : File.object().sections()) {
    Expected<StringRef> Name = S.getName();
    if (!Name) {
      consumeError(Name.takeError());
      continue;
    }
    if (S.isText() && !Name->starts_with(".bolt.org") &&
        (Only.empty() || *Name == Only))
      Bytes += S.getSize();
  }
  return Bytes;
}

/// Output file size and code sizes for the report.
static void measureSizes(const BinaryFile &In, StringRef OutPath,
                         ApplyResult &R) {
  R.InputCodeSize = executableBytes(In);
  uint64_t Size = 0;
  if (!sys::fs::file_size(OutPath, Size))
    R.OutputFileSize = Size;
  auto Out = BinaryFile::open(OutPath);
  if (Out) {
    R.OutputCodeSize = executableBytes(**Out);
    R.OutputColdCodeSize = executableBytes(**Out, ".text.cold");
  } else
    consumeError(Out.takeError());
}

/// The lock with apply's choices (format 2) for every function placed at
/// its offset plus shift; the others keep none, so the next apply solves
/// them.
static LayoutLock lockWithChoices(const ApplyInputs &I, const ApplyResult &R) {
  LayoutLock Lock = I.Lock;
  StringSet<> Placed;
  for (const PlacementVerdict &D : R.Verdicts)
    if (D.OK)
      Placed.insert(D.Locked.Name);
  for (PlacedFunction &F : Lock.Plan.Functions) {
    F.Shift.reset();
    F.InputLayout = false;
    if (!Placed.count(F.Name) || !R.EmittedSizes.count(F.Name))
      continue;
    F.Shift = R.Shifts.lookup(F.Name);
    F.EmittedSize = R.EmittedSizes.lookup(F.Name);
    F.CodeHash = I.CodeHashes.lookup(F.Name);
    F.InputLayout = is_contained(R.InputLayouts, F.Name);
    if (*F.Shift + F.EmittedSize > F.Reserved) {
      F.Shift.reset(); // Does not fit its own reservation: solve next time.
      F.InputLayout = false;
    }
  }
  return Lock;
}

Expected<ApplyResult> runApply(const ApplyConfig &Config) {
  ApplyTimes Times;
  std::optional<PhaseTimer> Total(Times.Total);
  Expected<ApplyInputs> Inputs = [&] {
    PhaseTimer T(Times.Inputs);
    return checkInputs(Config);
  }();
  if (!Inputs)
    return Inputs.takeError();
  ApplyResult R;
  R.BinaryPath = Config.BinaryPath;
  R.OutputPath = Config.OutputPath;
  R.ProfilePath = Config.ProfilePath;
  R.NoHugePages = Config.NoHugePages;
  R.LineSize = Inputs->Lock.Plan.LineSize;
  if (!Inputs->Lock.BuildID.empty() &&
      Inputs->Lock.BuildID == readBuildID(*Inputs->File))
    R.PlannedBuildID = Inputs->Lock.BuildID;

  auto Tmp = TempDir::createBeside(Config.OutputPath, ".hotlayout-apply");
  if (!Tmp)
    return Tmp.takeError();
  AtomicOutput Out = AtomicOutput::within(*Tmp, Config.OutputPath);
  R.Labels = untypedCodeLabels(*Inputs->File);
  auto Skip = skipLabelsArgument(R.Labels, Tmp->file("skip-funcs.txt"));
  if (!Skip)
    return Skip.takeError();
  PlacementLoop Loop(Config, *Inputs, *Tmp, Out.tempPath(), *Skip, Times);
  if (Error E = Loop.run(R))
    return std::move(E);
  measureSizes(*Inputs->File, Out.tempPath(), R);
  if (!Config.SmokeCommand.empty())
    if (Error E = runSmoke(Config, Out.tempPath()))
      return std::move(E);
  if (Error E = Out.commit())
    return std::move(E);
  if (!Config.WriteLockPath.empty()) {
    if (Error E =
            writeLockFile(lockWithChoices(*Inputs, R), Config.WriteLockPath))
      return std::move(E);
    R.WrittenLock = Config.WriteLockPath;
  }
  Total.reset(); // Stops the total.
  if (Config.Time)
    R.Times = Times;
  return R;
}

} // namespace hotlayout
