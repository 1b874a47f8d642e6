//===- Fdata.cpp - Evidence that a loop of a linked binary is hot ---------===//
//
// Block frequencies: every mapped block with a frequency, sorted by address,
// so that the block holding a loop's first byte is one binary search away.
//
// BOLT .fdata: one branch per line,
//   <kind> <name> <hex offset> <kind> <name> <hex offset> <mispreds> <count>
// where kind 1 is a global symbol, 2 a local one (BOLT may suffix its name
// with /N or /file/N) and 0 an address in a DSO (not usable here). Only
// branches that stay inside one function can close a loop, so only those
// are kept, by function name.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/Profile/Fdata.h"
#include "hotlayout/Tool/Support/Error.h"

#include "Binary/Compat.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hotlayout {

Expected<BlockFrequencies> BlockFrequencies::read(const BinaryFile &File) {
  auto Blocks = compat::readMappedBlocks(File.object(), File.path());
  if (!Blocks)
    return Blocks.takeError();
  BlockFrequencies BF;
  for (const compat::MappedBlock &B : *Blocks)
    if (B.HasFreq)
      BF.Blocks.push_back({B.Address, B.Size, B.Freq, B.EntryFreq});
  llvm::sort(BF.Blocks, [](const Block &A, const Block &B) {
    return A.Address < B.Address;
  });
  return BF;
}

std::optional<double> BlockFrequencies::ratioToEntry(uint64_t Address) const {
  auto It = llvm::upper_bound(Blocks, Address, [](uint64_t A, const Block &B) {
    return A < B.Address;
  });
  if (It == Blocks.begin())
    return std::nullopt;
  const Block &B = *std::prev(It);
  // Empty blocks (a label with no code) still own their address.
  if (Address >= B.Address + std::max<uint64_t>(B.Size, 1))
    return std::nullopt;
  return double(B.Freq) / double(std::max<uint64_t>(B.EntryFreq, 1));
}

StringRef fdataFunction(StringRef Kind, StringRef Name) {
  // BOLT suffixes a local symbol's name with /N (or /file/N) whatever the
  // record kind: perf2bolt and instrumentation write `1 luaV_execute/1`
  // for a symbol the linker made local. No C or C++ symbol contains '/'.
  if (Kind == "1" || Kind == "2")
    return Name.split('/').first;
  return "";
}

/// SplitString(Line, Fields) with its default delimiters (the isSpace
/// characters): the fields of one .fdata record. SplitString builds its
/// delimiter set anew for every field, which was most of the time apply
/// spent reading a profile.
static void splitFields(StringRef Line, SmallVectorImpl<StringRef> &Fields) {
  size_t I = 0, N = Line.size();
  while (I < N) {
    while (I < N && isSpace(Line[I]))
      ++I;
    size_t Start = I;
    while (I < N && !isSpace(Line[I]))
      ++I;
    if (I > Start)
      Fields.push_back(Line.slice(Start, I));
  }
}

/// A no_lbr or boltedcollection marker, which llvm-bolt reads on the first
/// lines only.
static bool isMarker(StringRef Line) {
  return Line.starts_with("no_lbr") || Line.starts_with("boltedcollection");
}

static Error fdataError(StringRef Path, size_t LineNo, const Twine &Message) {
  return fileError(Path, "line " + Twine(LineNo) + " " + Message);
}

/// The kind of an .fdata location field: one digit, 0-2 for a branch's
/// ends, 3-5 for a memory record's; -1 for anything else.
static int locationKind(StringRef Field) {
  if (Field.size() != 1 || Field[0] < '0' || Field[0] > '5')
    return -1;
  return Field[0] - '0';
}

/// Fails on the first line of \p Text that llvm-bolt's .fdata reader
/// (bolt/lib/Profile/DataReader.cpp, LLVM 22; each rule below was tried on
/// llvm-bolt 22) would reject, or would silently stop at while records
/// follow, naming the line and the fix. That reader separates fields by
/// spaces only and ends a record at '\n' only (a '\r' or a tab fails it);
/// reads a no_lbr or boltedcollection marker on the first lines only, then
/// branch records (kinds 0-2; mispredictions and count are signed 64-bit
/// decimals), then memory records (kinds 3-5, which need their '\n'); and
/// stops without a word at the first line that is neither (an empty line,
/// a leading space, a branch record after a memory record), dropping what
/// follows. hotlayout accepting what llvm-bolt then refuses made apply
/// blame the binary ("cannot pre-process profile").
static Error checkBoltSyntax(StringRef Path, StringRef Text) {
  size_t LineNo = 0;
  bool SeenMemory = false, SeenRecord = false;
  SmallVector<StringRef, 8> Fields;
  while (!Text.empty()) {
    ++LineNo;
    auto [Line, Rest] = Text.split('\n');
    bool HasNewline = Line.size() < Text.size();
    Text = Rest;
    auto Fail = [&](const Twine &What) {
      return fdataError(Path, LineNo, What);
    };
    if (Line.ends_with("\r"))
      return Fail("ends in a carriage return (CRLF line ends), which "
                  "llvm-bolt reads as part of the count; convert the file "
                  "with dos2unix or tr -d '\\r'");
    size_t Odd = Line.find_first_of("\t\v\f\r");
    if (Odd != StringRef::npos)
      return Fail("has a " +
                  Twine(Line[Odd] == '\t' ? "tab" : "control character") +
                  " at column " + Twine(Odd + 1) +
                  "; llvm-bolt separates .fdata fields by spaces only");
    bool Marker = isMarker(Line);
    if (Marker && !SeenRecord && LineNo <= 2)
      continue;
    Fields.clear();
    splitFields(Line, Fields);
    int Kind = Fields.empty() ? -1 : locationKind(Fields.front());
    // A line where llvm-bolt stops reading: harmless at the end, an error
    // before a record or on one (dropped without a word) or before any
    // (no profile at all).
    std::string Why;
    if (Fields.empty())
      Why = "is empty";
    else if (Line.front() == ' ')
      Why = "starts with a space";
    else if (Marker)
      Why = ("is a '" + Fields.front() + "' marker below the top").str();
    else if (Kind < 0)
      Why = "is not a record (its first field '" + printable(Fields.front()) +
            "' is not a kind 0-5)";
    else if (Kind < 3 && SeenMemory)
      Why = "is a branch record after a memory record (merge-fdata writes "
            "the branch records first)";
    if (!Why.empty()) {
      if (!SeenRecord)
        return Fail(Why + ", where llvm-bolt finds no profile and refuses "
                          "it; records must start on the first line (after "
                          "a no_lbr or boltedcollection marker)");
      // A record on this line (a leading space, after memory records) is
      // itself dropped.
      if (!Text.trim().empty() || Kind >= 0)
        return Fail(Why + ", where llvm-bolt stops reading and silently "
                          "drops this and every record after it; delete the "
                          "line or move it to the end");
      break;
    }
    SeenRecord = true;
    if (Kind >= 3) {
      uint64_t Offset;
      int64_t Count;
      if (Fields.size() != 7 || locationKind(Fields[3]) < 3 ||
          Fields[2].getAsInteger(16, Offset) ||
          Fields[5].getAsInteger(16, Offset) ||
          Fields[6].getAsInteger(10, Count))
        return Fail("is not a memory record llvm-bolt reads: expected "
                    "'<kind 3-5> <function> <hex offset> <kind 3-5> <object> "
                    "<hex offset> <count>', got '" +
                    printable(Line) + "'; regenerate the profile");
      if (!HasNewline)
        return Fail("is a memory record without a newline, which llvm-bolt "
                    "refuses; append one (echo >> FILE)");
      SeenMemory = true;
      continue;
    }
    // A branch record of the wrong shape is the reader proper's to report.
    if (Fields.size() != 8)
      continue;
    if (locationKind(Fields[3]) < 0 || locationKind(Fields[3]) > 2)
      return Fail("has the location kind '" + printable(Fields[3]) +
                  "'; llvm-bolt reads 0 (an address in a shared object), 1 "
                  "(a global symbol) or 2 (a local one): regenerate the "
                  "profile");
    int64_t Number;
    if (Fields[6].getAsInteger(10, Number) ||
        Fields[7].getAsInteger(10, Number))
      return Fail("has mispredictions '" + printable(Fields[6]) +
                  "' and count '" + printable(Fields[7]) +
                  "', which llvm-bolt reads as signed 64-bit decimal "
                  "numbers; regenerate the profile");
  }
  return Error::success();
}

Expected<FdataFile> FdataFile::read(StringRef Path) {
  auto Buffer = readInputFile(Path, input_limits::Profile,
                              "pass a BOLT .fdata profile to --profile");
  if (!Buffer)
    return Buffer.takeError();
  if (Error E = checkBoltSyntax(Path, (*Buffer)->getBuffer()))
    return std::move(E);
  FdataFile F;
  F.Path = Path.str();
  F.Buffer = std::move(*Buffer);
  SmallVector<StringRef, 8> Fields;
  size_t LineNo = 0;
  for (StringRef Line : split(F.Buffer->getBuffer(), '\n')) {
    ++LineNo;
    Line = Line.trim();
    if (Line.empty() || Line == "boltedcollection")
      continue;
    if (Line.starts_with("no_lbr"))
      return fdataError(Path, LineNo,
                        "marks a no_lbr (sampled) profile, which has no "
                        "branches; "
                        "record with LBR (perf record -j any,u) and convert "
                        "with perf2bolt, or use llvm-bolt -instrument");
    Fields.clear();
    splitFields(Line, Fields);
    // Memory records (kinds 3-5) say nothing about branches.
    if (!Fields.empty() && Fields[0].size() == 1 && Fields[0][0] >= '3' &&
        Fields[0][0] <= '5')
      continue;
    FdataBranch B;
    if (Fields.size() != 8 || Fields[2].getAsInteger(16, B.From) ||
        Fields[5].getAsInteger(16, B.To) || Fields[7].getAsInteger(10, B.Count))
      return fdataError(Path, LineNo,
                        "is not a branch record: expected '<kind> <function> "
                        "<hex offset> <kind> <function> <hex offset> "
                        "<mispredictions> <count>', got '" +
                            printable(Line) + "'");
    B.FromKind = Fields[0];
    B.FromName = Fields[1];
    B.ToKind = Fields[3];
    B.ToName = Fields[4];
    F.Branches.push_back(B);
  }
  return std::move(F);
}

Expected<bool> FdataFile::writeWithout(const StringSet<> &Names,
                                       StringRef To) const {
  std::error_code EC;
  raw_fd_ostream OS(To, EC, sys::fs::OF_Text);
  if (EC)
    return fileError(To, "cannot be written: " + EC.message());
  SmallVector<StringRef, 8> Fields;
  bool KeptRecord = false, WroteLine = false;
  for (StringRef Line : split(Buffer->getBuffer(), '\n')) {
    Fields.clear();
    splitFields(Line, Fields);
    bool Marker = isMarker(Line);
    int Kind = Fields.empty() ? -1 : locationKind(Fields.front());
    // llvm-bolt stops reading at the first line that is neither a record
    // nor a top marker, and read() let only a harmless last one through.
    // Copying it would be harmful: with the records above it dropped it
    // becomes the first line, and llvm-bolt finds no profile at all.
    if (!(Marker && !WroteLine) && (Kind < 0 || Line.front() == ' '))
      break;
    if (any_of(Fields,
               [&](StringRef F) { return Names.count(F.split('/').first); }))
      continue;
    OS << Line << "\n";
    WroteLine = true;
    // A branch record: from and to (symbol flag, name, offset each), then
    // mispredictions and count.
    KeptRecord |= Kind >= 0 && Kind < 3 && Fields.size() == 8;
  }
  return KeptRecord;
}

Expected<BranchProfile> BranchProfile::read(StringRef Path) {
  auto File = FdataFile::read(Path);
  if (!File)
    return File.takeError();
  return fromFile(*File);
}

Expected<BranchProfile> BranchProfile::readAll(ArrayRef<std::string> Paths) {
  BranchProfile P;
  for (const std::string &Path : Paths) {
    auto File = FdataFile::read(Path);
    if (!File)
      return File.takeError();
    P.addFile(*File);
  }
  return P;
}

BranchProfile BranchProfile::fromFile(const FdataFile &File) {
  BranchProfile P;
  P.addFile(File);
  return P;
}

BranchProfile BranchProfile::fromFiles(ArrayRef<FdataFile> Files) {
  BranchProfile P;
  for (const FdataFile &File : Files)
    P.addFile(File);
  return P;
}

void BranchProfile::addFile(const FdataFile &File) {
  BranchProfile &P = *this;
  for (const FdataBranch &R : File.branches()) {
    StringRef From = fdataFunction(R.FromKind, R.FromName);
    StringRef To = fdataFunction(R.ToKind, R.ToName);
    if (!From.empty())
      P.BoltNames.insert(R.FromName);
    if (!To.empty())
      P.BoltNames.insert(R.ToName);
    P.addRecord(P.ByFunction, P.Sources, From, To, R);
    // A local function's records also go under llvm-bolt's whole name
    // (NAME/N), the one name that tells it from other local functions of
    // its name; functionProfile(CodeRange) looks these up for them.
    if (From != R.FromName || To != R.ToName)
      P.addRecord(P.ByLocal, P.LocalSources,
                  From == R.FromName ? StringRef() : R.FromName,
                  To == R.ToName ? StringRef() : R.ToName, R);
  }
}

void BranchProfile::addRecord(StringMap<FunctionProfile> &Into,
                              StringSet<> &SourcesInto, StringRef From,
                              StringRef To, const FdataBranch &R) {
  if (!From.empty())
    SourcesInto.insert(From);
  if (!From.empty() && From == To) {
    Into[From].Branches.push_back({R.From, R.To, R.Count});
  } else if (!To.empty() && R.To == 0) {
    FunctionProfile &P = Into[To];
    P.Entries += R.Count;
    if (P.EntryName.empty())
      P.EntryName = (R.ToKind + " " + R.ToName).str();
  }
}

std::vector<std::string> BranchProfile::boltNames() const {
  std::vector<std::string> Names;
  for (const auto &N : BoltNames)
    Names.push_back(N.getKey().str());
  llvm::sort(Names);
  return Names;
}

void BranchProfile::add(StringRef Function, const ProfileBranch &B) {
  ByFunction[Function].Branches.push_back(B);
}

void BranchProfile::addEntries(StringRef Function, uint64_t Count) {
  ByFunction[Function].Entries += Count;
}

const FunctionProfile *BranchProfile::functionProfile(StringRef Name) const {
  auto It = ByFunction.find(Name);
  return It == ByFunction.end() ? nullptr : &It->second;
}

const FunctionProfile *
BranchProfile::functionProfile(const CodeRange &Function) const {
  // Several local functions share this one's name: the name's records may
  // be any of theirs (or all of theirs, summed), so only llvm-bolt's own
  // name for this one will do.
  if (!Function.ProfileNames.empty()) {
    for (const std::string &Name : Function.ProfileNames)
      if (auto It = ByLocal.find(Name); It != ByLocal.end())
        return &It->second;
    return nullptr;
  }
  if (const FunctionProfile *P = functionProfile(Function.Name))
    return P;
  for (const std::string &Alias : Function.Aliases)
    if (const FunctionProfile *P = functionProfile(Alias))
      return P;
  return nullptr;
}

bool BranchProfile::mentions(const CodeRange &Function) const {
  return functionProfile(Function) != nullptr;
}

bool BranchProfile::hasRecordsFrom(const CodeRange &Function) const {
  if (!Function.ProfileNames.empty())
    return llvm::any_of(Function.ProfileNames, [&](const std::string &Name) {
      return LocalSources.contains(Name);
    });
  return Sources.contains(Function.Name) ||
         llvm::any_of(Function.Aliases, [&](const std::string &Alias) {
           return Sources.contains(Alias);
         });
}

uint64_t BranchProfile::backEdgeCount(const CodeRange &Function,
                                      const Loop &L) const {
  const FunctionProfile *P = functionProfile(Function);
  if (!P)
    return 0;
  uint64_t Start = L.Start - Function.Address;
  uint64_t End = L.End - Function.Address;
  uint64_t Count = 0;
  for (const ProfileBranch &B : P->Branches)
    if (B.To == Start && B.From >= Start && B.From < End)
      Count += B.Count;
  return Count;
}

Expected<FunctionCounts> FunctionCounts::read(StringRef Path) {
  auto File = FdataFile::read(Path);
  if (!File)
    return File.takeError();
  return fromFile(*File);
}

FunctionCounts FunctionCounts::fromFile(const FdataFile &File) {
  FunctionCounts C;
  for (const FdataBranch &R : File.branches()) {
    StringRef From = fdataFunction(R.FromKind, R.FromName);
    StringRef Dest = fdataFunction(R.ToKind, R.ToName);
    if (!From.empty())
      C.Count[From] += R.Count;
    if (!Dest.empty() && Dest != From) {
      C.Count[Dest] += R.Count;
      if (!From.empty() && R.To == 0)
        C.Calls[{From.str(), Dest.str()}] += R.Count;
    }
  }
  return C;
}

Error FunctionCounts::checkNamesSome(
    StringRef ProfilePath, StringRef BinaryPath,
    function_ref<bool(StringRef)> HasFunction) const {
  std::string Unknown;
  for (const auto &E : Count) {
    if (HasFunction(E.getKey()))
      return Error::success();
    if (Unknown.empty() || E.getKey() < StringRef(Unknown))
      Unknown = E.getKey().str();
  }
  if (Count.empty())
    return Error::success();
  return fileError(ProfilePath, "names no function of '" + BinaryPath +
                                    "' (it names " + Twine(Count.size()) +
                                    ", e.g. '" + Unknown +
                                    "'); was it recorded from another "
                                    "binary?");
}

} // namespace hotlayout
