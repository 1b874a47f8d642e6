//===- ApplyCommand.cpp - hotlayout apply: put locked functions in place --===//
//
// `hotlayout apply BINARY --lock layout.lock -o OUT [--profile P.fdata]
// [--smoke CMD]` drives llvm-bolt to lay the hot text out as the lock says
// (each locked function at hot-text start + its locked offset; with a
// profile, each function's blocks in BOLT's profile order and its never-run
// blocks moved out of the hot text), then reads OUT back and reports, per
// locked function, where it landed.
//
//  1. Check the inputs: BINARY is a linked ELF with .symtab and static
//     relocations (BOLT can only move functions with them); the lock
//     parses; it names functions of BINARY (else it is a lock of another
//     program); the profile, if any, names functions of BINARY (else it
//     was recorded from another program); OUT is not BINARY.
//  2. In a temporary directory beside OUT (same file system, so the final
//     rename is atomic): write the function order (the lock's, by offset)
//     and run llvm-bolt with -reorder-functions=user, every function aligned
//     to the line, and -pad-funcs=f:N so that f's bytes plus its padding end
//     in the middle of the line before the next locked function, which the
//     alignment then puts on its offset. Padding is first taken
//     from BINARY's sizes; BOLT may re-encode a function to another size,
//     so when a function misses its offset the pads are recomputed from the
//     sizes BOLT emitted and BOLT runs again (--max-bolt-runs).
//  3. Verify the result: the hot text starts at the first locked function's
//     address minus its offset; each function is OK at its offset, MOVED
//     (with why, when knowable) or MISSING from BINARY.
//  4. --smoke CMD runs on the result before it is renamed over OUT; a
//     failing command is an error and OUT is not written.
//  5. Rename the result over OUT. BINARY is only ever read.
//
// Exit 0: every locked function at its offset; 1: some are not (OUT is
// still written); 2: errors (OUT is not written).
//
//===----------------------------------------------------------------------===//

#include "BinaryFile.h"
#include "BoltDriver.h"
#include "Commands.h"
#include "Hotness.h"
#include "LayoutLock.h"
#include "hotlayout/Tool/ProcessRunner.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <limits>
#include <optional>
#include <string>
#include <vector>

using namespace llvm;
using namespace llvm::object;

namespace hotlayout {

cl::SubCommand ApplySubcommand(
    "apply", "Drive llvm-bolt to put each function of a layout lock at its "
             "locked offset in the hot text, and report which landed there "
             "(exit 1 when some did not, 2 on errors)");

static cl::OptionCategory ApplyCategory(
    "hotlayout apply options",
    "The binary needs .symtab and static relocations (-Wl,--emit-relocs). "
    "OUT is written atomically; the input is never modified.");

static cl::opt<std::string> BinaryPath(cl::Positional, cl::Required,
                                       cl::desc("<binary>"),
                                       cl::sub(ApplySubcommand),
                                       cl::cat(ApplyCategory));

static cl::opt<std::string> LockPath("lock", cl::Required,
                                     cl::desc("Layout lock (hotlayout plan)"),
                                     cl::value_desc("file"),
                                     cl::sub(ApplySubcommand),
                                     cl::cat(ApplyCategory));

static cl::opt<std::string> OutputPath("o", cl::Required,
                                       cl::desc("Binary to write"),
                                       cl::value_desc("file"),
                                       cl::sub(ApplySubcommand),
                                       cl::cat(ApplyCategory));

static cl::opt<std::string> ProfilePath(
    "profile",
    cl::desc("BOLT profile of BINARY or of an earlier build of it (hotlayout "
             "profile): BOLT then orders each function's blocks by it "
             "(ext-tsp) and moves never-run blocks out of the hot text; "
             "without it blocks keep their order"),
    cl::value_desc("fdata"), cl::sub(ApplySubcommand), cl::cat(ApplyCategory));

// BOLT's output size of a function can depend on where the functions before
// it landed, so one correction is not always the last (with --profile on
// Lua, padding to the exact end of each space, a function emitted 3 bytes
// more once its predecessors sat at their offsets and 262 of 289 functions
// after it moved; padding to mid-line made that moot, the loop stays).
static cl::opt<unsigned> MaxBoltRuns(
    "max-bolt-runs",
    cl::desc("Run llvm-bolt at most this many times, each time padding by "
             "the sizes the previous run emitted, until every locked "
             "function lands on its offset (default 4)"),
    cl::init(4), cl::sub(ApplySubcommand), cl::cat(ApplyCategory));

static cl::opt<std::string> SmokeCommand(
    "smoke",
    cl::desc("Shell command run on the result before it is renamed to the "
             "-o file: {} is replaced by its path (else the path is "
             "appended); a non-zero exit is an error and nothing is written"),
    cl::value_desc("command"), cl::sub(ApplySubcommand),
    cl::cat(ApplyCategory));

static cl::opt<std::string>
    BoltDir("bolt-dir",
            cl::desc("Directory holding llvm-bolt (default: the bin "
                     "directory of the LLVM hotlayout was built with)"),
            cl::value_desc("dir"), cl::sub(ApplySubcommand),
            cl::cat(ApplyCategory));

static Error error(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

namespace {
/// A function symbol: where it is and how big (st_size).
struct SymbolInfo {
  uint64_t Address = 0;
  uint64_t Size = 0;
};

/// Name (aliases too) -> function symbol, for the names only one function
/// has (local functions sharing a name are left out, as plan leaves them).
using SymbolTable = StringMap<SymbolInfo>;

/// Step 2's plan for one locked function present in BINARY.
struct Placement {
  const PlacedFunction *Locked;
  uint64_t Space;   ///< Bytes to the next locked function (or its reservation).
  uint64_t Padding; ///< -pad-funcs bytes after it.
};

/// Step 3's verdict for one locked function.
struct Verdict {
  const PlacedFunction *Locked;
  std::optional<SymbolInfo> Out; ///< Unset: not in BINARY.
  int64_t Actual = 0;            ///< Offset from the hot text start.
  bool OK = false;
  bool Stayed = false; ///< BOLT did not move it.
  std::string Why;
};

/// What one llvm-bolt run is asked to do.
struct BoltRun {
  std::vector<Placement> P;
  std::vector<std::string> Followers; ///< Profiled, after the locked ones.
  std::string SkipArgument;           ///< skipLabelsArgument()'s.
  std::string Profile;                ///< Profile path, or "".
};
} // namespace

static Expected<SymbolTable> readSymbols(const BinaryFile &File) {
  RangeSource Source;
  auto Ranges = File.codeRanges(Source);
  if (!Ranges)
    return Ranges.takeError();
  if (Source != RangeSource::Symbols)
    return fileError(File.path(),
                     "has no .symtab function symbols, and the lock is keyed "
                     "by symbol name; apply to an unstripped build");
  SymbolTable Table;
  StringMap<bool> Ambiguous;
  for (const CodeRange &R : *Ranges) {
    SmallVector<StringRef, 2> Names{R.Name};
    Names.append(R.Aliases.begin(), R.Aliases.end());
    for (StringRef N : Names)
      if (!Table.try_emplace(N, SymbolInfo{R.Address, R.Bytes.size()}).second)
        Ambiguous[N] = true;
  }
  for (const auto &A : Ambiguous)
    Table.erase(A.getKey());
  return Table;
}

/// Step 2: the pads that put each present function's successor at its
/// offset, given the bytes each function will take (\p Body). Every
/// function starts on a line (-align-functions), so the successor lands on
/// its offset when this function ends anywhere in the last line before it:
/// the pad aims at the middle of that line, so BOLT emitting up to half a
/// line more or less than \p Body says (it does: sizes shift by a few
/// bytes with where the code lands) changes nothing.
/// Functions in \p Vacated (BOLT left them in place) leave a hole, as
/// missing ones do.
static std::vector<Placement> placements(const LayoutLock &Lock,
                                         const SymbolTable &In,
                                         const StringMap<uint64_t> &Body,
                                         const StringSet<> &Vacated) {
  std::vector<Placement> P;
  const auto &Fs = Lock.Plan.Functions;
  auto Present = [&](const PlacedFunction &F) {
    return In.count(F.Name) && !Vacated.count(F.Name);
  };
  for (size_t I = 0; I < Fs.size(); ++I) {
    if (!Present(Fs[I]))
      continue;
    // A function missing from BINARY leaves a hole the previous one's
    // padding covers; the last one pads to the end of its reservation.
    uint64_t End = Fs[I].Offset + Fs[I].Reserved;
    for (size_t J = I + 1; J < Fs.size(); ++J)
      if (Present(Fs[J])) {
        End = Fs[J].Offset;
        break;
      }
    uint64_t Space = End - Fs[I].Offset;
    uint64_t Target = Space - Lock.Plan.LineSize / 2;
    uint64_t Size = Body.lookup(Fs[I].Name);
    P.push_back({&Fs[I], Space, Size < Target ? Target - Size : 0});
  }
  return P;
}

/// The functions --profile names that the lock does not, hottest first:
/// they follow the locked ones in the function order. BOLT numbers
/// -function-order entries from 0 and then every other profiled function
/// from 0 again, so without them in the order file they interleave with
/// the locked functions (seen: crtbegin's deregister_tm_clones first, every
/// locked offset after it off). Names the symbol table does not list (those
/// crtbegin functions have no st_size) are kept: BOLT knows them.
static std::vector<std::string> profiledFollowers(const FunctionCounts &Counts,
                                                  const LayoutLock &Lock) {
  StringMap<bool> Locked;
  for (const PlacedFunction &F : Lock.Plan.Functions)
    Locked[F.Name] = true;
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

static Error runBolt(const BoltTools &Tools, StringRef TmpDir,
                     const LayoutLock &Lock, const BoltRun &Run,
                     StringRef Result) {
  SmallString<256> OrderPath(TmpDir), LogPath(TmpDir);
  sys::path::append(OrderPath, "function-order.txt");
  sys::path::append(LogPath, "bolt.log");
  std::vector<std::string> Order;
  for (const Placement &X : Run.P)
    Order.push_back(X.Locked->Name);
  Order.insert(Order.end(), Run.Followers.begin(), Run.Followers.end());
  if (Error E = writeFunctionOrder(OrderPath, Order))
    return E;
  std::string Line = std::to_string(Lock.Plan.LineSize);
  // -use-compact-aligner=false: the compact aligner skips aligning small
  // functions; every locked offset is a line boundary. Without a profile
  // blocks keep their order (-reorder-blocks stays at its default, none).
  std::vector<std::string> Args = {Tools.LLVMBolt,
                                   BinaryPath,
                                   "-o",
                                   Result.str(),
                                   "-reorder-functions=user",
                                   "-function-order=" + OrderPath.str().str(),
                                   "-align-functions=" + Line,
                                   "-align-functions-max-bytes=" + Line,
                                   "-use-compact-aligner=false",
                                   "-use-old-text=0"};
  // Splitting leaves only the run blocks at the locked offset, so a
  // function grows less against its reservation when cold code is added.
  // -lite=0: in lite mode BOLT leaves functions without a profile where they
  // are, and a locked function may have none in this build's profile.
  if (!Run.Profile.empty())
    Args.insert(Args.end(),
                {"-data=" + Run.Profile, "-lite=0", "-reorder-blocks=ext-tsp",
                 "-split-functions", "-split-all-cold"});
  if (!Run.SkipArgument.empty())
    Args.push_back(Run.SkipArgument);
  for (const Placement &X : Run.P)
    if (X.Padding)
      Args.push_back("-pad-funcs=" + padFunctionPattern(X.Locked->Name) + ":" +
                     std::to_string(X.Padding));
  return runTool(Args, LogPath, "llvm-bolt '" + BinaryPath + "'");
}

/// ": NAME, N bytes in M" for the last function before \p F that BOLT
/// emitted larger than its space, or "" when none did.
static std::string overflowBefore(const PlacedFunction &F,
                                  ArrayRef<Placement> P,
                                  const StringMap<uint64_t> &Bodies) {
  std::string Culprit;
  for (const Placement &X : P) {
    if (X.Locked == &F)
      break;
    uint64_t Body = Bodies.lookup(X.Locked->Name);
    if (Body > X.Space)
      Culprit = ": " + X.Locked->Name + " takes " + std::to_string(Body) +
                " bytes, " + std::to_string(X.Space) + " are locked for it";
  }
  return Culprit;
}

/// Step 3. \p Bodies receives the bytes BOLT emitted for each function
/// (its symbol's size less the padding asked for), \p Intruders the
/// functions outside the lock that BOLT put inside the locked hot text.
static Expected<std::vector<Verdict>>
verify(StringRef Result, const LayoutLock &Lock, const SymbolTable &In,
       ArrayRef<Placement> P, uint64_t &Start, StringMap<uint64_t> &Bodies,
       StringSet<> &Intruders) {
  auto File = BinaryFile::open(Result);
  if (!File)
    return File.takeError();
  auto Out = readSymbols(**File);
  if (!Out)
    return Out.takeError();
  std::vector<Verdict> V;
  std::optional<uint64_t> First;
  for (const Placement &X : P) {
    auto It = Out->find(X.Locked->Name);
    if (It == Out->end())
      continue;
    Bodies[X.Locked->Name] =
        It->second.Size > X.Padding ? It->second.Size - X.Padding : 0;
    if (!First && It->second.Address >= X.Locked->Offset)
      First = It->second.Address - X.Locked->Offset;
  }
  Start = First.value_or(0);
  uint64_t End = Start + Lock.Plan.size();
  StringSet<> Locked;
  for (const PlacedFunction &F : Lock.Plan.Functions)
    Locked.insert(F.Name);
  for (const auto &E : *Out)
    if (E.getValue().Address >= Start && E.getValue().Address < End &&
        !Locked.count(E.getKey()) && !E.getKey().contains(".cold"))
      Intruders.insert(E.getKey());
  for (const PlacedFunction &F : Lock.Plan.Functions) {
    Verdict D{&F, std::nullopt, 0, false, false, ""};
    if (!In.count(F.Name)) {
      D.Why = "not in '" + BinaryPath + "'";
      V.push_back(D);
      continue;
    }
    auto It = Out->find(F.Name);
    if (It == Out->end()) {
      D.Why = "no symbol in the output";
      V.push_back(D);
      continue;
    }
    D.Out = It->second;
    D.Actual = int64_t(It->second.Address - Start);
    D.OK = D.Actual == int64_t(F.Offset);
    if (!D.OK) {
      const Placement *X =
          find_if(P, [&](const Placement &Y) { return Y.Locked == &F; });
      D.Stayed = It->second.Address == In.lookup(F.Name).Address;
      if (D.Stayed)
        D.Why = "BOLT left it at its input address (it did not rewrite it; "
                "its space stays empty)";
      else if (X != P.end() && Bodies.lookup(F.Name) > X->Space)
        D.Why = "BOLT emitted " + std::to_string(Bodies.lookup(F.Name)) +
                " bytes, more than the " + std::to_string(X->Space) +
                " to the next locked function";
      else
        D.Why =
            "an earlier function did not fit" + overflowBefore(F, P, Bodies);
    }
    V.push_back(D);
  }
  // Offsets only mean cache alignment when the start is aligned.
  if (Start % Lock.HotTextAlignment)
    for (Verdict &D : V)
      if (D.OK) {
        D.OK = false;
        D.Why = "hot text starts at 0x" + utohexstr(Start, /*LowerCase=*/true) +
                ", not a multiple of " + std::to_string(Lock.HotTextAlignment);
      }
  return V;
}

/// Copies the profile at \p From to \p To without the records that name a
/// function of \p Names (with BOLT's /N suffix or without), so BOLT keeps
/// those functions' blocks in their input order.
static Error writeProfileWithout(StringRef From, const StringSet<> &Names,
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

/// True when some function BINARY has missed its offset and another run
/// may help: not a missing one, nor one BOLT did not move.
static bool someMoved(ArrayRef<Verdict> V) {
  return any_of(V,
                [](const Verdict &D) { return D.Out && !D.OK && !D.Stayed; });
}

/// Step 4: {} in the command becomes \p Path, single-quoted for the shell.
static Error runSmoke(StringRef Path) {
  std::string Cmd = substitutePath(SmokeCommand, Path);
  auto Sh = sys::findProgramByName("sh");
  if (!Sh)
    return error("--smoke needs sh, which is not on PATH");
  StringRef Args[] = {"sh", "-c", Cmd};
  std::string ErrMsg;
  int RC = sys::ExecuteAndWait(*Sh, Args, std::nullopt, {}, 0, 0, &ErrMsg);
  if (RC == 0)
    return Error::success();
  std::string Why = RC < 0 ? ErrMsg : "exit status " + std::to_string(RC);
  return error("--smoke command '" + SmokeCommand +
               "' failed on the "
               "rewritten binary (" +
               Why + "); '" + OutputPath + "' was not written");
}

/// "N <Noun>s <What>: a, b, c" with \p Names sorted, at most \p Shown of
/// them (then ", ..."); nothing when there are none.
static void printNames(raw_ostream &OS, std::vector<StringRef> Names,
                       StringRef Noun, StringRef What,
                       size_t Shown = std::numeric_limits<size_t>::max()) {
  if (Names.empty())
    return;
  llvm::sort(Names);
  OS << Names.size() << " " << Noun << (Names.size() == 1 ? "" : "s") << " "
     << What << ": " << join(ArrayRef(Names).take_front(Shown), ", ")
     << (Names.size() > Shown ? ", ..." : "") << "\n";
}

static int applyError(Error E) { return reportError("apply", std::move(E)); }

int runApplyCommand() {
  // Step 1.
  auto File = BinaryFile::open(BinaryPath);
  if (!File)
    return applyError(File.takeError());
  auto In = readSymbols(**File);
  if (!In)
    return applyError(In.takeError());
  if (Error E = checkMovable(**File))
    return applyError(std::move(E));
  auto Lock = readLockFile(LockPath);
  if (!Lock)
    return applyError(Lock.takeError());
  if (none_of(Lock->Plan.Functions,
              [&](const PlacedFunction &F) { return In->count(F.Name); }))
    return applyError(fileError(
        LockPath, "locks " + Twine(Lock->Plan.Functions.size()) +
                      " functions and '" + BinaryPath +
                      "' has none of them: it is a lock from another "
                      "program (planned for '" +
                      Lock->Binary +
                      "'); plan one for this binary with hotlayout plan"));
  std::vector<std::string> Followers;
  if (!ProfilePath.empty()) {
    auto Counts = FunctionCounts::read(ProfilePath);
    if (!Counts)
      return applyError(Counts.takeError());
    if (Error E = Counts->checkNamesSome(
            ProfilePath, BinaryPath,
            [&](StringRef Name) { return In->count(Name) != 0; }))
      return applyError(std::move(E));
    Followers = profiledFollowers(*Counts, *Lock);
  }
  if (sys::fs::equivalent(BinaryPath, OutputPath))
    return applyError(fileError(OutputPath, "is the input binary; apply never "
                                            "modifies its input: choose "
                                            "another -o"));
  auto Tools = BoltTools::find(BoltDir, /*NeedInstrumentationRuntime=*/false);
  if (!Tools)
    return applyError(Tools.takeError());

  // Step 2, in a directory beside OUT.
  // An absolute model: createUniqueDirectory puts a relative one under the
  // system temp directory, where `-o sub/out` found no `sub` and a rename
  // to the output could cross file systems.
  SmallString<256> Model(OutputPath);
  if (std::error_code EC = sys::fs::make_absolute(Model))
    return applyError(
        fileError(OutputPath, "has no absolute path: " + EC.message()));
  sys::path::remove_filename(Model);
  sys::path::append(Model, ".hotlayout-apply");
  SmallString<256> TmpDir;
  if (std::error_code EC = sys::fs::createUniqueDirectory(Model, TmpDir))
    return applyError(error("cannot create a temporary directory beside '" +
                            OutputPath + "': " + EC.message()));
  SmallString<256> Result(TmpDir);
  sys::path::append(Result, sys::path::filename(OutputPath));
  auto Cleanup = [&] { sys::fs::remove_directories(TmpDir); };

  std::vector<std::string> Labels = untypedCodeLabels(**File);
  SmallString<256> SkipPath(TmpDir);
  sys::path::append(SkipPath, "skip-funcs.txt");
  auto Skip = skipLabelsArgument(Labels, SkipPath);
  if (!Skip) {
    Cleanup();
    return applyError(Skip.takeError());
  }

  StringMap<uint64_t> Bodies;
  for (const auto &E : *In)
    Bodies[E.getKey()] = E.getValue().Size;
  BoltRun Run;
  Run.Followers = std::move(Followers);
  Run.SkipArgument = *Skip;
  Run.Profile = ProfilePath;
  StringSet<> Vacated, OwnOrder, Unordered;
  uint64_t Start = 0;
  std::vector<Verdict> V;
  unsigned Runs = 0;
  for (bool Retry = true; Retry && Runs < MaxBoltRuns;) {
    Run.P = placements(*Lock, *In, Bodies, Vacated);
    if (Error E = runBolt(*Tools, TmpDir, *Lock, Run, Result))
      return applyError(std::move(E)); // The log stays in TmpDir.
    ++Runs;
    StringSet<> Intruders;
    auto Verified = verify(Result, *Lock, *In, Run.P, Start, Bodies, Intruders);
    if (!Verified) {
      Cleanup();
      return applyError(Verified.takeError());
    }
    V = std::move(*Verified);
    // For the next run: pad by what BOLT emitted (it re-encodes code),
    // leave the space of functions it did not move empty, and give back
    // their input block order to functions the profile's order made
    // outgrow their space.
    Retry = someMoved(V);
    for (const Verdict &D : V)
      if (D.Stayed)
        Retry |= Vacated.insert(D.Locked->Name).second;
    if (Run.Profile.empty())
      continue;
    bool Changed = false;
    for (const Placement &X : Run.P)
      if (Bodies.lookup(X.Locked->Name) > X.Space)
        Changed |= OwnOrder.insert(X.Locked->Name).second;
    // BOLT orders profiled functions it cannot find by the -function-order
    // name (e.g. _init in .init) among the locked ones: without their
    // profile they go after them.
    for (const auto &I : Intruders)
      Changed |= Unordered.insert(I.getKey()).second;
    if (Changed) {
      StringSet<> Drop(Unordered);
      for (const auto &F : OwnOrder)
        Drop.insert(F.getKey());
      SmallString<256> Filtered(TmpDir);
      sys::path::append(Filtered, "profile.fdata");
      if (Error E = writeProfileWithout(ProfilePath, Drop, Filtered)) {
        Cleanup();
        return applyError(std::move(E));
      }
      Run.Profile = std::string(Filtered);
      Retry = true;
    }
  }

  // Step 4.
  if (!SmokeCommand.empty())
    if (Error E = runSmoke(Result)) {
      Cleanup();
      return applyError(std::move(E));
    }

  // Step 5.
  if (std::error_code EC = sys::fs::rename(Result, OutputPath)) {
    Cleanup();
    return applyError(
        fileError(OutputPath, "cannot be written: " + EC.message()));
  }
  Cleanup();

  raw_ostream &OS = outs();
  unsigned OK = 0, Moved = 0, Missing = 0;
  OS << "hotlayout apply: " << BinaryPath << " -> " << OutputPath << " ("
     << Lock->Plan.LineSize << " B lines, llvm-bolt run " << Runs
     << (Runs == 1 ? " time" : " times");
  if (!ProfilePath.empty())
    OS << ", blocks by " << ProfilePath;
  OS << ")\n";
  printNames(OS, {Labels.begin(), Labels.end()}, "untyped code label",
             "left where the linker put them (code between such labels may "
             "be copied by address, as JIT templates are)",
             /*Shown=*/3);
  printNames(OS, {OwnOrder.keys().begin(), OwnOrder.keys().end()}, "function",
             "kept their input block order (with the profile's they outgrew "
             "their locked space)");
  printNames(OS, {Unordered.keys().begin(), Unordered.keys().end()}, "function",
             "outside the lock landed among the locked ones (BOLT could not "
             "order them by name) and were given to BOLT without a profile");
  OS << "hot text at 0x" << utohexstr(Start, /*LowerCase=*/true) << "\n";
  OS << "FUNCTION  OFFSET  ACTUAL  ADDRESS  STATUS\n";
  for (const Verdict &D : V) {
    OS << D.Locked->Name << "  " << D.Locked->Offset << "  ";
    if (D.Out)
      OS << D.Actual << "  0x" << utohexstr(D.Out->Address, /*LowerCase=*/true)
         << "  ";
    else
      OS << "-  -  ";
    if (D.OK) {
      ++OK;
      OS << "OK\n";
    } else {
      ++(D.Out ? Moved : Missing);
      OS << (D.Out ? "MOVED" : "MISSING") << " (" << D.Why << ")\n";
    }
  }
  OS << V.size() << " locked functions: " << OK << " at their offsets, "
     << Moved << " moved, " << Missing << " missing\n";
  return OK == V.size() ? ExitClean : ExitFindings;
}

} // namespace hotlayout
