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

#include <memory>

using namespace llvm;

namespace hotlayout {

size_t ApplyResult::placed() const {
  return count_if(Verdicts, [](const PlacementVerdict &D) { return D.OK; });
}

namespace {
/// Step 1's checked inputs.
struct ApplyInputs {
  std::unique_ptr<BinaryFile> File;
  SymbolIndex In;
  LayoutLock Lock;
  /// Profiled functions outside the lock, hottest first (profiledFollowers).
  std::vector<std::string> Followers;
  BoltTools Tools;
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
    auto Counts = FunctionCounts::read(C.ProfilePath);
    if (!Counts)
      return Counts.takeError();
    if (Error E = checkProfileFits(C.ProfilePath, *Counts, *I.File, I.In))
      return std::move(E);
    I.Followers = profiledFollowers(*Counts, I.Lock);
  }
  auto Tools = BoltTools::find(C.BoltDir, /*NeedInstrumentationRuntime=*/false);
  if (!Tools)
    return Tools.takeError();
  I.Tools = std::move(*Tools);
  return I;
}

namespace {
/// Step 2-3: llvm-bolt runs until every locked function is placed, nothing
/// is left to change, or MaxBoltRuns is reached.
class PlacementLoop {
public:
  PlacementLoop(const ApplyConfig &C, const ApplyInputs &I, TempDir &Tmp,
                StringRef Result, std::string SkipArgument)
      : C(C), I(I), Tmp(Tmp), Result(Result),
        SkipArgument(std::move(SkipArgument)), Profile(C.ProfilePath) {
    for (const auto &E : I.In.names())
      Bodies[E.getKey()] = E.getValue().Size;
  }

  Error run(ApplyResult &R);

private:
  Error rewriteOnce(ArrayRef<Placement> P);
  Expected<bool> adjust(const Verification &V, ArrayRef<Placement> P);
  Expected<bool> dropFromProfile(ArrayRef<Placement> P,
                                 const StringSet<> &Intruders);

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
  for (const Placement &X : P)
    R.Padding.push_back({X.Locked->Name, X.Padding});
  R.Profile = Profile;
  R.SkipArgument = SkipArgument;
  if (Error E = rewrite(I.Tools, R, Tmp.file("bolt.log"))) {
    return E;
  }
  return Error::success();
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
  StringSet<> Drop(Unordered);
  for (const auto &F : OwnOrder)
    Drop.insert(F.getKey());
  std::string Filtered = Tmp.file("profile.fdata");
  if (Error E = writeProfileWithout(C.ProfilePath, Drop, Filtered))
    return std::move(E);
  Profile = Filtered;
  return true;
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

Error PlacementLoop::run(ApplyResult &R) {
  auto Present = [&](const PlacedFunction &F) {
    return I.In.contains(F.Name) && !Vacated.count(F.Name);
  };
  for (bool Retry = true; Retry && R.Runs < C.MaxBoltRuns;) {
    std::vector<Placement> P = placeFunctions(I.Lock.Plan, Present, Bodies);
    if (Error E = rewriteOnce(P))
      return E;
    ++R.Runs;
    auto V = verifyPlacement(Result, I.Lock, I.In, P, C.BinaryPath, Bodies);
    if (!V)
      return V.takeError();
    auto Again = adjust(*V, P);
    if (!Again)
      return Again.takeError();
    Retry = *Again;
    R.Start = V->Start;
    R.Verdicts = std::move(V->Verdicts);
  }
  R.OwnOrder.assign(OwnOrder.keys().begin(), OwnOrder.keys().end());
  R.Unordered.assign(Unordered.keys().begin(), Unordered.keys().end());
  llvm::sort(R.OwnOrder);
  llvm::sort(R.Unordered);
  return Error::success();
}

std::string smokeCommandLine(StringRef Command, StringRef Path) {
  std::string Quoted = shellQuote(Path);
  std::string Cmd = Command.str();
  size_t Pos = Cmd.find("{}");
  if (Pos == std::string::npos)
    return Cmd + " " + Quoted;
  for (; Pos != std::string::npos; Pos = Cmd.find("{}", Pos + Quoted.size()))
    Cmd.replace(Pos, 2, Quoted);
  return Cmd;
}

/// Step 4.
static Error runSmoke(const ApplyConfig &C, StringRef Path) {
  auto Sh = sys::findProgramByName("sh");
  if (!Sh)
    return makeError("--smoke needs sh, which is not on PATH");
  std::string Cmd = smokeCommandLine(C.SmokeCommand, Path);
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

Expected<ApplyResult> runApply(const ApplyConfig &Config) {
  auto Inputs = checkInputs(Config);
  if (!Inputs)
    return Inputs.takeError();
  ApplyResult R;
  R.BinaryPath = Config.BinaryPath;
  R.OutputPath = Config.OutputPath;
  R.ProfilePath = Config.ProfilePath;
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
  PlacementLoop Loop(Config, *Inputs, *Tmp, Out.tempPath(), *Skip);
  if (Error E = Loop.run(R))
    return std::move(E);
  if (!Config.SmokeCommand.empty())
    if (Error E = runSmoke(Config, Out.tempPath()))
      return std::move(E);
  if (Error E = Out.commit())
    return std::move(E);
  return R;
}

} // namespace hotlayout
