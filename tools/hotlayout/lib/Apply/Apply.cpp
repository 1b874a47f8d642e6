//===- Apply.cpp - Putting locked functions in place ----------------------===//
//
// The compiler owns the code inside a hot function (hotalign placed its hot
// loops, and llvm-bolt can add no padding inside a function); apply owns
// where each function starts. So every locked function keeps its input code,
// byte for byte, and starts at its locked offset plus a shift that keeps the
// compiler's line offsets:
//
//  1. Check the inputs: OUT names none of them (OutputRule.h); BINARY is a
//     linked ELF with .symtab and static relocations (BOLT can only move
//     functions with them); the lock parses and stays within the hot-text
//     limit; it names functions of BINARY (else it is a lock of another
//     program); the profile, if any, has records that fit BINARY
//     (ProfileCheck.h). All before llvm-bolt runs or a temporary directory
//     exists.
//  2. Shifts: the lock's, for each function whose code hash is the one the
//     lock recorded (its hot loops keep their addresses whatever a new
//     profile says); else the compiler's (compilerShift: its line offset in
//     BINARY, unless the judge finds a start that puts its tight hot loops
//     on fewer lines; without a profile, its line offset). With a profile,
//     a function no compiler laid out (functionsNoCompilerLaidOut: hand-
//     written assembly in a binary with an address map) starts on its
//     line: llvm-bolt lays it out, and step 4b places its loops.
//  3. In a temporary directory beside OUT (same file system, so the final
//     rename is atomic), run llvm-bolt with the lock's functions first in
//     its order, each emitted as its input code (-keep-nops
//     -shorten-instructions=0 -eliminate-unreachable=0, and no profile
//     records for it), no function aligned, and padding that lands each
//     locked function on its offset plus shift (LockPlacement.h). Functions
//     outside the lock, and locked ones no compiler laid out, get the
//     profile's block order. When a function misses
//     its offset (BOLT emitted another size), the pads are recomputed from
//     the sizes BOLT emitted and BOLT runs again (MaxBoltRuns).
//  4. Verify the result (LockVerify.h): each function is OK at its offset,
//     MOVED (with why, when knowable) or MISSING from BINARY; with a
//     profile, judge every hot loop of the output with the one definition
//     (judgeHotLoops through BAT: the same verdict as check). 4b. When a
//     locked function's loops straddle because llvm-bolt emitted its code
//     otherwise (a jump re-encoded shorter), choose its shift again from the
//     emitted code and run llvm-bolt again (reshift()), within the same
//     MaxBoltRuns: a total over both steps. 4c. Every locked function
//     found in the output, but those llvm-bolt laid out, keeps its input
//     code (LockedCode.h: the code
//     hash, masked by BINARY's relocated fields; a branch re-encoded in
//     another width, or a jump to the next instruction dropped, is the same
//     code), else an error names each function
//     changed, where and how, and OUT is not written.
//  5. The smoke command runs on the result before it is renamed over OUT; a
//     failing command is an error and OUT is not written.
//  6. Rename the result over OUT. BINARY is only ever read.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/Apply/Apply.h"

#include "Binary/Compat.h"
#include "hotlayout/Tool/Binary/BinaryFile.h"
#include "hotlayout/Tool/Binary/CodeSizes.h"
#include "hotlayout/Tool/Binary/LoopFinder.h"
#include "hotlayout/Tool/Bolt/BoltDriver.h"
#include "hotlayout/Tool/Lock/LayoutLock.h"
#include "hotlayout/Tool/Lock/LockPlacement.h"
#include "hotlayout/Tool/Lock/LockedCode.h"
#include "hotlayout/Tool/Lock/LockedHotLoops.h"
#include "hotlayout/Tool/Lock/LoopShift.h"
#include "hotlayout/Tool/Profile/Fdata.h"
#include "hotlayout/Tool/Profile/PGOAnalysisProfile.h"
#include "hotlayout/Tool/Profile/ProfileCheck.h"
#include "hotlayout/Tool/Support/OutputRule.h"
#include "hotlayout/Tool/Support/Process.h"
#include "hotlayout/Tool/Support/TempFiles.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Timer.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>
#include <set>
#include <tuple>

using namespace llvm;

namespace hotlayout {

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
  /// Profiled functions outside the lock, in BINARY's order
  /// (profiledFollowers).
  std::vector<std::string> Followers;
  BoltTools Tools;
  /// Relocation-masked code hash of each locked function of BINARY.
  StringMap<std::string> CodeHashes;
  /// BINARY's functions (In indexes them) and its relocated code fields:
  /// what each locked function's output code is compared with.
  std::vector<CodeRange> Ranges;
  std::vector<RelocatedField> Fields;
  /// The --profile, read and checked once: filterProfile() writes BOLT's
  /// copy from it.
  std::optional<FdataFile> Profile;
  /// Its branch records: the shifts and the final verification judge hot
  /// loops by them.
  BranchProfile Branches;
  /// The functions the --profile's records name, as BOLT wrote them (a
  /// local function is NAME/N).
  std::vector<std::string> ProfileNames;
  /// Functions whose --profile records came from the PGO map (sorted):
  /// their loops' verdicts rest on the compiler's estimates.
  std::vector<std::string> EstimatedFunctions;
  /// Locked functions no compiler laid out (functionsNoCompilerLaidOut):
  /// llvm-bolt gets their profile records and lays them out. Empty without
  /// a profile (llvm-bolt then keeps every locked function's code).
  StringSet<> BoltLaidOut;

  /// The judge's options: the command's thresholds, the lock's line.
  JudgeOptions judgeOptions(const ApplyConfig &C) const;
};
} // namespace

/// The functions the profile names that the lock does not, in BINARY's
/// order: they follow the locked ones in the function order. BOLT numbers
/// -function-order entries from 0 and then every other profiled function
/// from 0 again, so without them in the order file they interleave with
/// the locked functions (seen: crtbegin's deregister_tm_clones first, every
/// locked offset after it off).
///
/// Why BINARY's order and not hottest first: the recipe's final build links
/// the profiled functions in cache-directed order of the first build's exact
/// counts (`loops --function-order`), the order plain llvm-bolt's cdsort
/// gives them, callers beside their callees. Hottest first scattered the
/// warm functions one run calls together: zstd's 8 KiB I1 misses were 3.8 %
/// above plain llvm-bolt's, 1.4 % in BINARY's order (bench/aligned-lock).
/// A build linked without that order gives them its linker's order.
/// Names the symbol table does not list, or lists for several functions
/// (crtbegin's have no st_size; same-named statics), go last, hottest first:
/// BOLT knows them.
static std::vector<std::string> profiledFollowers(const FunctionCounts &Counts,
                                                  const LayoutLock &Lock,
                                                  const SymbolIndex &In) {
  StringSet<> Locked = Lock.Plan.names();
  struct Follower {
    bool Unlisted;
    uint64_t Key; ///< Its address, or for an unlisted one ~count.
    std::string Name;
  };
  std::vector<Follower> Followers;
  for (const auto &E : Counts.Count) {
    if (Locked.count(E.getKey()))
      continue;
    const IndexedSymbol *S = In.find(E.getKey());
    Followers.push_back({!S, S ? S->Address : ~E.getValue(), E.getKey().str()});
  }
  llvm::sort(Followers, [](const Follower &A, const Follower &B) {
    return std::tie(A.Unlisted, A.Key, A.Name) <
           std::tie(B.Unlisted, B.Key, B.Name);
  });
  std::vector<std::string> Names;
  for (Follower &F : Followers)
    Names.push_back(std::move(F.Name));
  return Names;
}

/// An error when a function the lock names was split into a hot part and a
/// cold part (`NAME.cold`, as a -fbasic-block-sections=list= block order or
/// GCC's -freorder-blocks-and-partition leave it). llvm-bolt 22 takes
/// NAME.cold for a fragment of NAME ("split function detected on input ...
/// The support is limited in relocation mode"), and with apply's options
/// (checked on a block-order build of test/lit/loops/Inputs/mispredicted.c):
///  - its conditional branch into the cold part becomes a conditional tail
///    call, and SimplifyConditionalTailCalls then erases the blocks nothing
///    branches to: hotalign's padding before a loop (58 bytes there) goes;
///  - with -simplify-conditional-tail-calls=0 the hot part keeps its bytes,
///    but the branch goes through a new 5-byte jump appended to it, to the
///    cold part's input address in .bolt.org.text: llvm-bolt emits a second
///    copy in .text.cold that nothing calls (plain llvm-bolt does the same),
///    and a cold part that jumps back runs the stale input copy of NAME;
///  - skipping the fragment skips its parent too (selectFunctionsToProcess:
///    "If the fragment must be skipped, then the parent must be skipped as
///    well"), so NAME could not be placed.
/// So the lock needs whole functions: `hotlayout loops --whole-functions`
/// writes a block order that splits none. (Renaming NAME.cold in a private
/// copy, so that llvm-bolt takes it for a function of its own, keeps NAME's
/// code, but on xz gave no fewer I1 misses than the whole build: the gap to
/// plain llvm-bolt is the nops kept, bench/results/*-split-rename.)
static Error requireLockedFunctionsWhole(const ApplyConfig &C,
                                         const BinaryFile &File,
                                         const LayoutLock &Lock) {
  StringSet<> Locked = Lock.Plan.names();
  for (const object::SymbolRef &Sym : File.object().symbols()) {
    Expected<StringRef> Name = Sym.getName();
    if (!Name) {
      consumeError(Name.takeError());
      continue;
    }
    // NAME.cold, NAME.cold.N: the suffixes compilers give a split part.
    size_t Cold = Name->find(".cold");
    if (Cold == StringRef::npos || Cold == 0)
      continue;
    StringRef Rest = Name->drop_front(Cold + 5);
    if ((!Rest.empty() && Rest.front() != '.') ||
        !Locked.contains(Name->take_front(Cold)))
      continue;
    return fileError(C.BinaryPath,
                     "has '" + *Name +
                         "', a cold part split off the locked "
                         "function '" +
                         Name->take_front(Cold) +
                         "': llvm-bolt re-lays a split function, so apply "
                         "cannot keep its code; write the block order with "
                         "hotlayout loops --whole-functions (every block in "
                         "its function, none split) and rebuild, or lock a "
                         "build without --block-order");
  }
  return Error::success();
}

/// Step 1's exception to "locked functions keep their input code": those
/// no compiler laid out. In a binary whose compiler wrote an address map
/// (the recipe's -fbasic-block-address-map), a function it has no entry
/// for (none starts at the function's address; a compiled function's
/// entry always does) was assembled from hand-written assembly: no compiler,
/// and so no block order from the counts, chose its layout, and plain
/// llvm-bolt re-lays it out from the profile (nettle 3.8.1's memxor: all of
/// apply's 2.6 % more taken jumps than plain llvm-bolt's, bench/aligned-lock).
/// Such a function gets its profile records, so llvm-bolt lays it out as
/// plain llvm-bolt does, and apply starts it where the hot loops of the code
/// llvm-bolt emitted fit (reshift()). A binary with no map at all says
/// nothing about who laid out what: every locked function keeps its code.
static Expected<StringSet<>> functionsNoCompilerLaidOut(const BinaryFile &File,
                                                        const LayoutLock &Lock,
                                                        const SymbolIndex &In) {
  StringSet<> Names;
  if (!File.hasBBAddrMap())
    return Names;
  auto Blocks = compat::readMappedBlocks(File.object(), File.path());
  if (!Blocks)
    return Blocks.takeError();
  if (Blocks->empty())
    return Names;
  DenseSet<uint64_t> Mapped; // Each mapped function's start.
  for (const compat::MappedBlock &B : *Blocks)
    Mapped.insert(B.FunctionAddress);
  for (const PlacedFunction &F : Lock.Plan.Functions)
    if (const IndexedSymbol *S = In.find(F.Name);
        S && !Mapped.count(S->Address))
      Names.insert(F.Name);
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
  if (Error E = requireSaneSectionAlignments(*I.File))
    return std::move(E);
  auto Lock = readLockFile(C.LockPath);
  if (!Lock)
    return Lock.takeError();
  I.Lock = std::move(*Lock);
  if (Error E = requireLockedFunctionsWhole(C, *I.File, I.Lock))
    return std::move(E);
  const std::vector<PlacedFunction> &Locked = I.Lock.Plan.Functions;
  // The lock reader knows no target; AArch64 starts functions on 4 bytes.
  uint64_t MinAlign = I.File->minFunctionAlignment();
  for (const PlacedFunction &F : Locked)
    if (F.Shift && *F.Shift % MinAlign)
      return fileError(
          C.LockPath, "is not a valid hotlayout lock for '" + C.BinaryPath +
                          "': the shift " + Twine(*F.Shift) + " of '" + F.Name +
                          "' is not a multiple of " + Twine(MinAlign) +
                          ", where llvm-bolt starts functions on this "
                          "target; rerun hotlayout plan without --update "
                          "to write a new one");
  if (none_of(Locked,
              [&](const PlacedFunction &F) { return I.In.contains(F.Name); }))
    return foreignLockError(I.Lock, C.LockPath, C.BinaryPath, "from",
                            "plan one for this binary with hotlayout plan");
  if (!C.ProfilePath.empty()) {
    // Read (and checked) once; every view of it is built from the records.
    auto Profile = FdataFile::read(C.ProfilePath);
    if (!Profile)
      return Profile.takeError();
    I.Profile = std::move(*Profile);
    I.Branches = BranchProfile::fromFile(*I.Profile);
    FunctionCounts Counts = FunctionCounts::fromFile(*I.Profile);
    if (Error E =
            checkProfileFits(C.ProfilePath, Counts, I.Branches, *I.File, I.In))
      return std::move(E);
    I.Followers = profiledFollowers(Counts, I.Lock, I.In);
    I.ProfileNames = I.Branches.boltNames();
    auto Estimated = functionsProfiledFromPGOMap(*I.File, I.Branches);
    if (!Estimated)
      return Estimated.takeError();
    I.EstimatedFunctions = std::move(Estimated->Names);
    auto Unlaid = functionsNoCompilerLaidOut(*I.File, I.Lock, I.In);
    if (!Unlaid)
      return Unlaid.takeError();
    I.BoltLaidOut = std::move(*Unlaid);
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
  I.Ranges = std::move(*Ranges);
  I.Fields = std::move(*Fields);
  for (const PlacedFunction &F : Locked)
    if (const IndexedSymbol *S = I.In.find(F.Name)) {
      const CodeRange &R = I.Ranges[S->Range];
      I.CodeHashes[F.Name] = maskedContentHash(R.Bytes, R.Address, I.Fields);
    }
  return I;
}

namespace {
/// Steps 2-4: the shifts, then llvm-bolt runs until every locked function is
/// placed, nothing is left to change, or MaxBoltRuns is reached; then the
/// hot loops of the output.
class PlacementLoop {
public:
  PlacementLoop(const ApplyConfig &C, const ApplyInputs &I, TempDir &Tmp,
                StringRef Result, std::string SkipArgument, ApplyTimes &Times)
      : C(C), I(I), Tmp(Tmp), Result(Result),
        SkipArgument(std::move(SkipArgument)), Times(Times) {
    for (const auto &E : I.In.names())
      Bodies[E.getKey()] = E.getValue().Size;
  }

  Error run(ApplyResult &R);

private:
  Error chooseShifts(ApplyResult &R);
  Error runUntilPlaced(ApplyResult &R, unsigned MaxRuns);
  Error rewriteOnce(ArrayRef<Placement> P);
  Expected<bool> adjust(const Verification &V);
  Error filterProfile();
  std::vector<std::string> onlyFunctions(ArrayRef<std::string> Order) const;
  Error judgeLoops(ApplyResult &R);
  bool reshift();
  /// The last run's placement of \p Name, or null when it was not placed.
  const Placement *placementOf(StringRef Name) const;
  /// Bytes its space leaves after its shift and what BOLT emitted for it.
  uint64_t roomOf(StringRef Name) const;

  const ApplyConfig &C;
  const ApplyInputs &I;
  TempDir &Tmp;
  StringRef Result;
  std::string SkipArgument;
  /// What BOLT gets (-data): the --profile without the locked functions'
  /// records (their input code is kept) and the Unordered ones'; empty when
  /// nothing is left.
  std::string Profile;
  /// Bytes each function takes: BINARY's sizes, then what BOLT emitted.
  StringMap<uint64_t> Bodies;
  /// Locked functions BOLT left in place: their space stays empty.
  StringSet<> Vacated;
  /// Functions outside the lock given to BOLT without their profile records
  /// (see adjust()).
  StringSet<> Unordered;
  /// BOLT processes only the ordered and the profiled functions
  /// (onlyFunctions()); off again if a locked one was left in place.
  bool OnlyOrderedAndProfiled = true;
  /// Each locked function's shift, and where it came from.
  StringMap<uint64_t> Shifts;
  StringMap<ShiftSource> Sources;
  /// The last run's placements.
  std::vector<Placement> Last;
  /// The last judged output's hot loops of the locked functions with a
  /// straddling one, from each function's start.
  std::vector<FunctionHotLoops> Straddling;
  /// llvm-bolt takes -pad-funcs-before (22 and later).
  bool PadBefore = true;
  /// The output's minimum function alignment (shifts are multiples).
  uint64_t MinAlign = 1;
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
  R.ExactGaps = true;
  for (const Placement &X : P) {
    R.Padding.push_back({X.Locked->Name, X.Padding});
    R.PaddingBefore.push_back({X.Locked->Name, X.PaddingBefore});
  }
  R.Profile = Profile;
  R.SkipArgument = SkipArgument;
  // llvm-bolt takes either a list to process or one to skip.
  if (OnlyOrderedAndProfiled && SkipArgument.empty()) {
    R.OnlyFunctions = onlyFunctions(R.FunctionOrder);
    R.OnlyFunctionsPath = Tmp.file("functions.txt");
  }
  // BAT maps the output back to the input for the judge: apply's own with a
  // profile, and `check --profiled-binary` on an output made without one.
  R.AddressTranslation = true;
  R.AllFunctions = true;
  R.NoHugePages = C.NoHugePages;
  R.KeepInputCode = true;
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

/// The functions BOLT is to process: those of \p Order (the locked ones and
/// their followers), as the symbol table and BOLT name them (a local
/// function is NAME/1 to BOLT: the lock holds no name that several local
/// functions share), and every function the --profile names, as it names
/// them. The rest, never run, stays in place, as plain llvm-bolt leaves it
/// in its default lite mode (which apply cannot use: it would leave the
/// locked functions, given no records, in place too).
std::vector<std::string>
PlacementLoop::onlyFunctions(ArrayRef<std::string> Order) const {
  std::set<std::string> Names(I.ProfileNames.begin(), I.ProfileNames.end());
  for (const std::string &N : Order) {
    Names.insert(N);
    Names.insert(N + "/1");
  }
  return std::vector<std::string>(Names.begin(), Names.end());
}

/// The profile BOLT gets: the --profile without the records of the locked
/// functions (BOLT then keeps their input code and block order) but those
/// no compiler laid out (BOLT lays them out), and without the Unordered
/// ones'; no profile when no record is left.
Error PlacementLoop::filterProfile() {
  Profile.clear();
  if (!I.Profile)
    return Error::success();
  StringSet<> Drop(Unordered);
  for (const PlacedFunction &F : I.Lock.Plan.Functions)
    if (!I.BoltLaidOut.contains(F.Name))
      Drop.insert(F.Name);
  std::string Filtered = Tmp.file("profile.fdata");
  auto Kept = I.Profile->writeWithout(Drop, Filtered);
  if (!Kept)
    return Kept.takeError();
  if (*Kept)
    Profile = Filtered;
  return Error::success();
}

/// What the next run does differently: pad by what BOLT emitted (it may
/// re-encode code; runUntilPlaced took its sizes into Bodies), leave the space
/// of functions it did not move empty, and give a function outside the lock
/// that BOLT put among the locked ones (it cannot find e.g. _init in .init
/// by its -function-order name and orders it by its profile) no profile, so
/// that it goes after them. True when another run may place more.
Expected<bool> PlacementLoop::adjust(const Verification &V) {
  // A locked function left in place because BOLT named it otherwise than
  // onlyFunctions() guessed: process every function, and run again.
  if (OnlyOrderedAndProfiled &&
      any_of(V.Verdicts, [](const PlacementVerdict &D) { return D.Stayed; })) {
    OnlyOrderedAndProfiled = false;
    return true;
  }
  bool Retry = V.someMoved();
  for (const PlacementVerdict &D : V.Verdicts)
    if (D.Stayed)
      Retry |= Vacated.insert(D.Locked.Name).second;
  bool Changed = false;
  for (const auto &F : V.Intruders)
    Changed |= Unordered.insert(F.getKey()).second;
  if (Changed)
    if (Error E = filterProfile())
      return std::move(E);
  return Retry || Changed;
}

Error PlacementLoop::runUntilPlaced(ApplyResult &R, unsigned MaxRuns) {
  auto Present = [&](const PlacedFunction &F) {
    return I.In.contains(F.Name) && !Vacated.count(F.Name);
  };
  for (bool Retry = true; Retry && R.Runs < MaxRuns;) {
    Last = placeFunctions(I.Lock.Plan, Present, Bodies, Shifts, PadBefore);
    if (Error E = rewriteOnce(Last))
      return E;
    ++R.Runs;
    Expected<Verification> V = [&] {
      PhaseTimer T(Times.Verify);
      return verifyPlacement(Result, I.Lock, I.In, Last, C.BinaryPath, Bodies);
    }();
    if (!V)
      return V.takeError();
    // The next run pads by what BOLT emitted.
    for (const auto &E : V->Emitted)
      Bodies[E.getKey()] = E.getValue();
    auto Again = adjust(*V);
    if (!Again)
      return Again.takeError();
    Retry = *Again;
    R.Start = V->Start;
    R.Verdicts = std::move(V->Verdicts);
  }
  return Error::success();
}

JudgeOptions ApplyInputs::judgeOptions(const ApplyConfig &C) const {
  JudgeOptions J;
  J.MinCount = C.MinCount;
  J.HotCoverage = C.HotCoverage;
  J.LineSize = Lock.Plan.LineSize;
  return J;
}

/// Step 2. A function whose code is the one the lock recorded keeps the
/// lock's shift and emitted size; the others get the compiler's shift. (A
/// lock of format 2 holds shifts for BOLT's layout of a function, which
/// apply makes only of a function no compiler laid out: other such shifts
/// are chosen anew.) Without PlaceLoops every function starts at its input
/// line offset.
Error PlacementLoop::chooseShifts(ApplyResult &R) {
  uint64_t Line = I.Lock.Plan.LineSize;
  std::vector<std::string> Fresh;
  for (const PlacedFunction &F : I.Lock.Plan.Functions) {
    const IndexedSymbol *S = I.In.find(F.Name);
    if (!S)
      continue;
    // llvm-bolt lays it out: the input's loops say nothing about its code.
    // A shift the lock chose for llvm-bolt's code stands while the input
    // code is the same (and reshift() while llvm-bolt emits that size).
    if (I.BoltLaidOut.contains(F.Name)) {
      bool Kept = C.PlaceLoops && F.Shift && !F.InputLayout &&
                  I.CodeHashes.lookup(F.Name) == F.CodeHash;
      Shifts[F.Name] = Kept ? *F.Shift : (C.PlaceLoops ? 0 : S->Address % Line);
      Sources[F.Name] = Kept ? ShiftSource::Stored : ShiftSource::Bolt;
      if (Kept && F.EmittedSize)
        Bodies[F.Name] = F.EmittedSize;
      if (!Kept && C.PlaceLoops && F.Shift && !F.InputLayout)
        R.Resolved.push_back(F.Name);
      continue;
    }
    if (C.PlaceLoops && F.Shift && F.InputLayout &&
        I.CodeHashes.lookup(F.Name) == F.CodeHash) {
      Shifts[F.Name] = *F.Shift;
      Sources[F.Name] = ShiftSource::Stored;
      if (F.EmittedSize)
        Bodies[F.Name] = F.EmittedSize;
      continue;
    }
    if (F.Shift && C.PlaceLoops)
      R.Resolved.push_back(F.Name);
    Fresh.push_back(F.Name);
    // Without a profile the hot loops are unknown: keep every function's
    // line offset, which is where the compiler put its loops for.
    bool Judge = !C.ProfilePath.empty() && C.PlaceLoops;
    Shifts[F.Name] = Judge ? 0 : S->Address % Line;
    Sources[F.Name] = ShiftSource::Compiler;
  }
  if (Fresh.empty() || C.ProfilePath.empty() || !C.PlaceLoops)
    return Error::success();
  PhaseTimer T(Times.Verify);
  auto Chosen = compilerShifts(*I.File, Fresh, I.Branches, I.judgeOptions(C));
  if (!Chosen)
    return Chosen.takeError();
  for (const auto &E : *Chosen) {
    Shifts[E.getKey()] = E.getValue();
    if (E.getValue() != I.In.find(E.getKey())->Address % Line)
      Sources[E.getKey()] = ShiftSource::Judged;
  }
  return Error::success();
}

const Placement *PlacementLoop::placementOf(StringRef Name) const {
  auto X =
      find_if(Last, [&](const Placement &Y) { return Y.Locked->Name == Name; });
  return X == Last.end() ? nullptr : &*X;
}

uint64_t PlacementLoop::roomOf(StringRef Name) const {
  const Placement *X = placementOf(Name);
  if (!X)
    return 0;
  uint64_t Used = X->Shift + Bodies.lookup(Name);
  return X->Space > Used ? X->Space - Used : 0;
}

/// Why the tight hot loops of a locked function (\p F: from its start in
/// the output; \p V: its verdict) are not all on their fewest lines.
/// \p Room: bytes its space leaves; \p Judged: apply chose shifts
/// (--place-loops and a profile).
static std::string whyStraddles(const FunctionHotLoops &F,
                                const LoopPlacementVerdict &V, uint64_t Room,
                                bool Judged, bool BoltLaidOut, uint64_t Line,
                                uint64_t MinAlign) {
  ShiftChoice Best = chooseShift(F.Loops, Line - 1, Line, MinAlign);
  if (Best.Cost)
    return BoltLaidOut
               ? "no start of its code puts all its hot loops on their "
                 "fewest lines (llvm-bolt's layout: no compiler laid it out)"
               : "no start of its code puts all its hot loops on their "
                 "fewest lines (the compiler's layout: hotalign places loops)";
  if (V.ShiftDropped || (Best.Shift > V.Shift && Best.Shift - V.Shift > Room))
    return "the start that fits needs more room than its reservation has (" +
           std::to_string(Room) + " bytes free)";
  if (V.Source == ShiftSource::Stored)
    return "the lock's shift, kept while its code is unchanged, puts them "
           "there";
  if (V.Source == ShiftSource::Compiler && !Judged)
    return "it starts at its input line offset, where the compiler put it "
           "(--place-loops and --profile start it where they fit)";
  return "llvm-bolt emitted its code differently from its input";
}

/// Step 4 for loops: judges every hot loop of the output, as check does,
/// and sums them per function.
Error PlacementLoop::judgeLoops(ApplyResult &R) {
  PhaseTimer T(Times.Verify);
  auto Out = openBoltOutput(Result, C.BinaryPath);
  if (!Out)
    return Out.takeError();
  JudgeOptions O = I.judgeOptions(C);
  O.ProfiledBinary = I.File.get();
  auto Report = judgeHotLoops(**Out, I.Branches, O);
  if (!Report)
    return boltOutputError(Report.takeError(), Result, C.BinaryPath);
  R.LoopsJudged = true;
  R.EstimatedFunctions = I.EstimatedFunctions;
  R.HotLoops = Report->hotCount();
  R.TightLoops = Report->tightCount();
  R.StraddlingLoops = Report->straddling();
  R.WeightedExtra = Report->weightedExtra();
  StringMap<size_t> Row;
  for (const JudgedHotLoop &L : Report->Loops) {
    if (!L.Hot)
      continue;
    auto [It, New] = Row.try_emplace(L.Function, R.LoopVerdicts.size());
    if (New) {
      LoopPlacementVerdict V;
      V.Name = L.Function;
      V.Locked = Shifts.count(L.Function);
      V.Source = Sources.lookup(L.Function);
      if (const Placement *X = placementOf(L.Function)) {
        V.Shift = X->Shift;
        V.ShiftDropped = X->Shift != Shifts.lookup(L.Function);
      }
      R.LoopVerdicts.push_back(std::move(V));
    }
    LoopPlacementVerdict &V = R.LoopVerdicts[It->second];
    ++V.Loops;
    if (!L.tight())
      continue;
    V.Straddling += L.straddles();
    V.ExtraWeighted += L.Taken * L.extra();
    V.Taken += L.Taken;
  }
  uint64_t Line = I.Lock.Plan.LineSize;
  auto Loops = outputHotLoops(
      **Out, *I.File,
      [&] {
        std::vector<std::string> Names;
        for (const LoopPlacementVerdict &V : R.LoopVerdicts)
          if (V.Straddling && V.Locked)
            Names.push_back(V.Name);
        return Names;
      }(),
      I.Branches, I.judgeOptions(C));
  if (!Loops)
    return Loops.takeError();
  MinAlign = (*Out)->minFunctionAlignment();
  for (const FunctionHotLoops &F : *Loops) {
    LoopPlacementVerdict &V = R.LoopVerdicts[Row.lookup(F.Name)];
    V.Why = whyStraddles(F, V, roomOf(F.Name), C.PlaceLoops,
                         I.BoltLaidOut.contains(F.Name), Line, MinAlign);
  }
  Straddling = std::move(*Loops);
  for (LoopPlacementVerdict &V : R.LoopVerdicts)
    if (V.Straddling && !V.Locked)
      V.Why = "not in the lock: llvm-bolt laid it out";
  return Error::success();
}

/// Step 4b: the shifts were chosen for the input's bytes, and llvm-bolt may
/// emit a locked function otherwise (it re-encodes a tail jump to a function
/// now near in 2 bytes instead of 5, and the code after it moves up: bzip2's
/// BZ2_decompress, two hot loops off their lines). For each locked function
/// with a straddling hot loop, choose the start that fits the emitted code,
/// when one puts all its tight hot loops on their fewest lines and fits its
/// space. A stored shift stands while llvm-bolt emits the size it was
/// chosen for (the lock records it): addresses stay what they were. True
/// when a shift changed (llvm-bolt must run again).
bool PlacementLoop::reshift() {
  uint64_t Line = I.Lock.Plan.LineSize;
  bool Changed = false;
  for (const FunctionHotLoops &F : Straddling) {
    const Placement *X = placementOf(F.Name);
    if (!X)
      continue;
    uint64_t Body = Bodies.lookup(F.Name);
    if (Sources.lookup(F.Name) == ShiftSource::Stored &&
        X->Locked->EmittedSize == Body)
      continue;
    ShiftChoice Best = chooseShift(F.Loops, Line - 1, Line, MinAlign);
    if (Best.Cost || Best.Shift == X->Shift || Best.Shift + Body > X->Space)
      continue;
    Shifts[F.Name] = Best.Shift;
    Sources[F.Name] = ShiftSource::Emitted;
    Changed = true;
  }
  return Changed;
}

Error PlacementLoop::run(ApplyResult &R) {
  {
    PhaseTimer T(Times.Bolt);
    PadBefore = supportsPadBefore(I.Tools, Tmp.file("bolt-help.txt"));
  }
  if (Error E = chooseShifts(R))
    return E;
  if (Error E = filterProfile())
    return E;
  if (Error E = runUntilPlaced(R, C.MaxBoltRuns))
    return E;
  if (!C.ProfilePath.empty()) {
    if (Error E = judgeLoops(R))
      return E;
    // Once: shifts chosen from emitted code stay right for that code. The
    // runs it takes count against the same --max-bolt-runs: a total.
    if (C.PlaceLoops && R.Runs < C.MaxBoltRuns && reshift()) {
      if (Error E = runUntilPlaced(R, C.MaxBoltRuns))
        return E;
      R.LoopVerdicts.clear();
      if (Error E = judgeLoops(R))
        return E;
    }
  }
  for (const Placement &X : Last)
    if (X.Shift)
      R.Shifts[X.Locked->Name] = X.Shift;
  R.EmittedSizes = Bodies;
  R.Unordered.assign(Unordered.keys().begin(), Unordered.keys().end());
  llvm::sort(R.Unordered);
  return Error::success();
}

/// Step 4c: each locked function in the output keeps its input code
/// (LockedCode.h), or an error names the functions changed, where, and
/// how, and the output is not written.
static Error verifyLockedCode(const ApplyConfig &C, const ApplyInputs &I,
                              StringRef OutPath, ApplyResult &R) {
  auto File = openBoltOutput(OutPath, C.BinaryPath);
  if (!File)
    return File.takeError();
  auto Ranges = symbolRanges(**File, "the lock is keyed by symbol name");
  if (!Ranges)
    return boltOutputError(Ranges.takeError(), OutPath, C.BinaryPath);
  SymbolIndex Out(*Ranges);
  // Decoding is needed only where the hashes differ or llvm-bolt appended.
  std::unique_ptr<LoopFinder> Finder;
  auto Decode =
      [&](const CodeRange &Range) -> Expected<std::vector<DecodedInst>> {
    if (!Finder) {
      auto F = LoopFinder::create(I.File->triple());
      if (!F)
        return F.takeError();
      Finder = std::move(*F);
    }
    return Finder->decode(Range);
  };
  // Where a tail call of the input goes: the function starting there.
  DenseMap<uint64_t, StringRef> Starts;
  for (const auto &E : I.In.names())
    Starts[E.getValue().Address] = E.getKey();
  std::vector<std::string> Changed;
  for (const PlacementVerdict &D : R.Verdicts) {
    const IndexedSymbol *In = I.In.find(D.Locked.Name);
    const IndexedSymbol *S = Out.find(D.Locked.Name);
    // One llvm-bolt laid out (no compiler did) has other code by design.
    if (!In || !S || I.BoltLaidOut.contains(D.Locked.Name))
      continue;
    const CodeRange &InRange = I.Ranges[In->Range];
    // Its emitted code: the symbol less the padding asked for after it
    // (none when llvm-bolt left it in place).
    CodeRange OutRange = (*Ranges)[S->Range];
    if (!D.Stayed)
      OutRange.Bytes =
          OutRange.Bytes.take_front(R.EmittedSizes.lookup(D.Locked.Name));
    ++R.CodeCompared;
    if (OutRange.Bytes.size() == InRange.Bytes.size() &&
        sameCodeHash(InRange.Bytes, InRange.Address, OutRange.Bytes, I.Fields))
      continue;
    auto InInsts = Decode(InRange);
    if (!InInsts)
      return InInsts.takeError();
    auto OutInsts = Decode(OutRange);
    if (!OutInsts)
      return OutInsts.takeError();
    CodeComparison Cmp =
        compareLockedCode({InRange.Bytes, InRange.Address, *InInsts},
                          {OutRange.Bytes, OutRange.Address, *OutInsts},
                          I.Fields, [&](uint64_t InTarget, uint64_t OutTarget) {
                            StringRef Callee = Starts.lookup(InTarget);
                            const IndexedSymbol *F =
                                Callee.empty() ? nullptr : Out.find(Callee);
                            return F && F->Address == OutTarget;
                          });
    R.CodeReencoded += Cmp.Reencoded != 0;
    R.CodeAppended += Cmp.Appended != 0;
    R.CodeDropped += Cmp.Dropped != 0;
    R.CodeInverted += Cmp.Inverted != 0;
    R.CodeReaimed += Cmp.Reaimed != 0;
    if (Cmp.kept())
      continue;
    const CodeChange &X = *Cmp.Change;
    Changed.push_back(D.Locked.Name + " at +0x" +
                      utohexstr(X.Offset, /*LowerCase=*/true) + " (input " +
                      (X.In.empty() ? "ends" : hexBytes(X.In)) + ", output " +
                      (X.Out.empty() ? "ends" : hexBytes(X.Out)) + ")");
  }
  if (Changed.empty())
    return Error::success();
  constexpr size_t Shown = 3;
  std::string List = join(ArrayRef(Changed).take_front(Shown), "; ");
  if (Changed.size() > Shown)
    List += "; and " + std::to_string(Changed.size() - Shown) + " more";
  return fileError(
      C.BinaryPath,
      "was rewritten by llvm-bolt with other code in " + Twine(Changed.size()) +
          " of " + Twine(R.CodeCompared) +
          " locked functions, which apply keeps as the compiler laid them "
          "out (byte for byte outside relocated fields; offsets from the "
          "function's start): " +
          List + "; '" + C.OutputPath +
          "' was not written. An llvm-bolt pass that apply's options do not "
          "stop changed them: use the llvm-bolt of the LLVM hotlayout was "
          "built with (drop --bolt-dir), or leave these functions out of the "
          "lock; --verbose prints the llvm-bolt command to report");
}

/// Step 5.
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

/// Output file size and code sizes for the report.
static void measureSizes(const BinaryFile &In, StringRef OutPath,
                         ApplyResult &R) {
  R.InputCodeSize = executableBytes(In);
  uint64_t Size = 0;
  if (!sys::fs::file_size(OutPath, Size))
    R.OutputFileSize = Size;
  auto Out = BinaryFile::open(OutPath);
  if (Out) {
    R.OutputCodeLeftInPlace = liveCodeLeftInPlace(**Out);
    R.OutputCodeSize = executableBytes(**Out) + R.OutputCodeLeftInPlace;
    R.OutputColdCodeSize = executableBytes(**Out, ".text.cold");
  } else
    consumeError(Out.takeError());
}

/// The lock with apply's choices (format 3) for every function placed at
/// its offset plus shift; the others keep none, so the next apply chooses
/// them again.
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
    // A shift without the input layout is one for llvm-bolt's code.
    F.InputLayout = !I.BoltLaidOut.contains(F.Name);
    if (*F.Shift + F.EmittedSize > F.Reserved) {
      F.Shift.reset(); // Does not fit its reservation: chosen anew next time.
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
  for (const auto &E : Inputs->BoltLaidOut)
    R.BoltLaidOut.push_back(E.getKey().str());
  llvm::sort(R.BoltLaidOut);
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
  {
    PhaseTimer T(Times.Verify);
    if (Error E = verifyLockedCode(Config, *Inputs, Out.tempPath(), R))
      return std::move(E);
  }
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
