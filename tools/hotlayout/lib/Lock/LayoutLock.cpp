//===- LayoutLock.cpp - The layout lock file of hotlayout plan/apply ------===//
//
// 1. writeLock(): a fixed header, then "functions": one compact JSON object
//    per line, sorted by offset, keys always in the same order.
// 2. parseLock(): llvm::json parses; every field is then checked by hand so
//    the error says which function and field is wrong; last, the plan must
//    be well formed (line size a power of two, offsets on lines,
//    reservations holding their function and not overlapping, names
//    unique), since `apply` and `plan --update` trust it.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/Lock/LayoutLock.h"
#include "hotlayout/Tool/Support/Error.h"
#include "hotlayout/Tool/Support/TempFiles.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>

using namespace llvm;

namespace hotlayout {

static constexpr char FormatName[] = "hotlayout-lock";

static std::string quoted(StringRef S) {
  std::string Out;
  raw_string_ostream OS(Out);
  OS << json::Value(S.str());
  return Out;
}

/// A lock without apply's choices is written as version 1, which every
/// hotlayout reads; one with choices needs version 2, and one that keeps a
/// function's input code version 3 (a version 2 reader would place BOLT's
/// layout of it at a shift chosen for the input's).
static unsigned writtenVersion(const LayoutLock &Lock) {
  const auto &Fs = Lock.Plan.Functions;
  if (any_of(Fs,
             [](const PlacedFunction &F) { return F.Shift && F.InputLayout; }))
    return 3;
  return any_of(Fs, [](const PlacedFunction &F) { return F.Shift; }) ? 2 : 1;
}

void writeLock(const LayoutLock &Lock, raw_ostream &OS) {
  const LayoutPlan &P = Lock.Plan;
  OS << "{\n"
     << "  \"format\": " << quoted(FormatName) << ",\n"
     << "  \"version\": " << writtenVersion(Lock) << ",\n"
     << "  \"binary\": " << quoted(Lock.Binary) << ",\n"
     << "  \"build_id\": " << quoted(Lock.BuildID) << ",\n"
     << "  \"line_size\": " << P.LineSize << ",\n"
     << "  \"slack_percent\": " << P.SlackPercent << ",\n"
     << "  \"hot_text_alignment\": " << Lock.HotTextAlignment << ",\n"
     << "  \"hot_text_size\": " << P.size() << ",\n"
     << "  \"functions\": [";
  for (size_t I = 0; I < P.Functions.size(); ++I) {
    const PlacedFunction &F = P.Functions[I];
    OS << (I ? ",\n    " : "\n    ");
    json::OStream J(OS);
    J.object([&] {
      J.attribute("offset", int64_t(F.Offset));
      J.attribute("reserved", int64_t(F.Reserved));
      J.attribute("size", int64_t(F.Size));
      J.attribute("name", F.Name);
      J.attribute("hash", F.Hash);
      if (F.Shift) {
        J.attribute("shift", int64_t(*F.Shift));
        J.attribute("emitted_size", int64_t(F.EmittedSize));
        J.attribute("code_hash", F.CodeHash);
        if (F.InputLayout)
          J.attribute("layout", "input");
      }
    });
  }
  OS << (P.Functions.empty() ? "]\n}\n" : "\n  ]\n}\n");
}

Error writeLockFile(const LayoutLock &Lock, StringRef Path) {
  auto Out = AtomicOutput::create(Path);
  if (!Out)
    return Out.takeError();
  if (Error E = Out->write([&](raw_ostream &OS) { writeLock(Lock, OS); }))
    return E;
  return Out->commit();
}

namespace {
/// Field access with errors that say where: "'x.lock' is not a valid
/// hotlayout lock: functions[2].offset: expected a non-negative integer".
struct Reader {
  StringRef Path;

  Error bad(const Twine &Where, const Twine &What) const {
    return fileError(Path, "is not a valid hotlayout lock: " + Where + ": " +
                               What +
                               "; rerun hotlayout plan without "
                               "--update to write a new one");
  }

  Error number(const json::Object &O, StringRef Key, const Twine &Where,
               uint64_t &Out) const {
    const json::Value *V = O.get(Key);
    if (!V)
      return bad(Where, "missing '" + Key + "'");
    std::optional<int64_t> I = V->getAsInteger();
    if (!I || *I < 0)
      return bad(Where + "." + Key, "expected a non-negative integer");
    Out = uint64_t(*I);
    return Error::success();
  }

  Error string(const json::Object &O, StringRef Key, const Twine &Where,
               std::string &Out) const {
    const json::Value *V = O.get(Key);
    if (!V)
      return bad(Where, "missing '" + Key + "'");
    std::optional<StringRef> S = V->getAsString();
    if (!S)
      return bad(Where + "." + Key, "expected a string");
    Out = S->str();
    return Error::success();
  }
};
} // namespace

/// Versions 2 and 3: apply's choice for a function, the three keys or none,
/// and (3) which code it placed.
static Error readChoice(const Reader &R, const json::Object &O,
                        const Twine &Where, PlacedFunction &F) {
  if (!O.get("shift"))
    return Error::success();
  uint64_t Shift = 0;
  if (Error E = R.number(O, "shift", Where, Shift))
    return E;
  // llvm-bolt starts a function only on a multiple of the target's minimum
  // function alignment: 2 on x86-64, 4 on AArch64 (the binary's own target
  // is checked against it by apply). An odd shift cannot be emitted: BOLT
  // rounds it, and apply would report the function moved.
  if (Shift % LayoutLock::MinShiftAlignment)
    return R.bad(Where + ".shift",
                 "shift " + Twine(Shift) + " is not a multiple of " +
                     Twine(LayoutLock::MinShiftAlignment) +
                     ", the smallest function alignment llvm-bolt emits");
  if (Error E = R.number(O, "emitted_size", Where, F.EmittedSize))
    return E;
  if (Error E = R.string(O, "code_hash", Where, F.CodeHash))
    return E;
  if (Shift >= F.Reserved || F.EmittedSize > F.Reserved - Shift)
    return R.bad(Where + ".shift", "shift " + Twine(Shift) + " and " +
                                       Twine(F.EmittedSize) +
                                       " emitted bytes do not fit the "
                                       "reservation of " +
                                       Twine(F.Reserved));
  if (const json::Value *Layout = O.get("layout")) {
    std::optional<StringRef> L = Layout->getAsString();
    if (!L || (*L != "input" && *L != "bolt"))
      return R.bad(Where + ".layout", "expected \"input\" or \"bolt\"");
    F.InputLayout = *L == "input";
  }
  F.Shift = Shift;
  return Error::success();
}

/// The deepest nesting of arrays and objects a lock may have. A lock nests
/// three deep; llvm::json::parse recurses once per level, and 40 000 levels
/// overflowed the stack (SIGSEGV), so depth is checked before it parses.
static constexpr unsigned MaxLockNesting = 64;

/// Fails, naming the line, when \p Text nests arrays and objects deeper
/// than MaxLockNesting (brackets inside strings do not count).
static Error checkNesting(StringRef Text, StringRef Path) {
  unsigned Depth = 0;
  size_t Line = 1;
  bool InString = false;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\n')
      ++Line;
    if (InString) {
      if (C == '\\')
        ++I;
      else if (C == '"')
        InString = false;
      continue;
    }
    if (C == '"')
      InString = true;
    else if (C == ']' || C == '}')
      Depth -= Depth > 0;
    else if ((C == '[' || C == '{') && ++Depth > MaxLockNesting)
      return fileError(Path, "line " + Twine(Line) +
                                 " is not a valid hotlayout lock: arrays and "
                                 "objects nest deeper than " +
                                 Twine(MaxLockNesting) +
                                 " levels (a lock nests 3); rerun hotlayout "
                                 "plan without --update to write a new one");
  }
  return Error::success();
}

Expected<LayoutLock> parseLock(StringRef Text, StringRef Path) {
  Reader R{Path};
  if (Error E = checkNesting(Text, Path))
    return std::move(E);
  Expected<json::Value> Parsed = json::parse(Text);
  if (!Parsed)
    return fileError(Path, "is not a valid hotlayout lock: not JSON (" +
                               toString(Parsed.takeError()) +
                               "); rerun hotlayout plan without --update to "
                               "write a new one");
  const json::Object *Top = Parsed->getAsObject();
  if (!Top)
    return R.bad("top level", "expected an object");
  std::string Format;
  if (Error E = R.string(*Top, "format", "top level", Format))
    return E;
  if (Format != FormatName)
    return R.bad("format", "expected \"" + Twine(FormatName) + "\", got \"" +
                               Format + "\"");
  uint64_t Version = 0;
  if (Error E = R.number(*Top, "version", "top level", Version))
    return E;
  if (Version < 1 || Version > LayoutLock::FormatVersion)
    return R.bad("version", "this hotlayout reads versions 1 to " +
                                Twine(LayoutLock::FormatVersion) + ", not " +
                                Twine(Version));

  LayoutLock Lock;
  uint64_t Slack = 0;
  if (Error E = R.string(*Top, "binary", "top level", Lock.Binary))
    return E;
  if (Error E = R.string(*Top, "build_id", "top level", Lock.BuildID))
    return E;
  if (Error E = R.number(*Top, "line_size", "top level", Lock.Plan.LineSize))
    return E;
  if (Error E = R.number(*Top, "slack_percent", "top level", Slack))
    return E;
  if (Error E = R.number(*Top, "hot_text_alignment", "top level",
                         Lock.HotTextAlignment))
    return E;
  Lock.Plan.SlackPercent = unsigned(Slack);
  uint64_t Line = Lock.Plan.LineSize;
  if (!isPowerOf2_64(Line))
    return R.bad("line_size", "expected a power of two, got " + Twine(Line));
  if (!isPowerOf2_64(Lock.HotTextAlignment))
    return R.bad("hot_text_alignment", "expected a power of two, got " +
                                           Twine(Lock.HotTextAlignment));
  for (auto [Key, Value] : {std::pair<StringRef, uint64_t>{"line_size", Line},
                            {"hot_text_alignment", Lock.HotTextAlignment}})
    if (Value > LayoutLock::MaxLineSize)
      return R.bad(Key, "expected at most " + Twine(LayoutLock::MaxLineSize) +
                            " (a page), got " + Twine(Value));

  const json::Array *Functions = Top->getArray("functions");
  if (!Functions)
    return R.bad("top level", "missing 'functions' (an array)");
  StringSet<> Names;
  for (size_t I = 0; I < Functions->size(); ++I) {
    std::string Where = "functions[" + std::to_string(I) + "]";
    const json::Object *O = (*Functions)[I].getAsObject();
    if (!O)
      return R.bad(Where, "expected an object");
    PlacedFunction F;
    if (Error E = R.string(*O, "name", Where, F.Name))
      return E;
    if (Error E = R.string(*O, "hash", Where, F.Hash))
      return E;
    if (Error E = R.number(*O, "offset", Where, F.Offset))
      return E;
    if (Error E = R.number(*O, "size", Where, F.Size))
      return E;
    if (Error E = R.number(*O, "reserved", Where, F.Reserved))
      return E;
    Where += " (" + F.Name + ")";
    if (Error E = readChoice(R, *O, Where, F))
      return E;
    if (F.Name.empty())
      return R.bad(Where, "empty name");
    if (!Names.insert(F.Name).second)
      return R.bad(Where, "the name appears twice");
    // Before any sum below, so that none can overflow.
    constexpr uint64_t Max = LayoutLock::MaxHotTextSize;
    if (F.Offset > Max || F.Reserved > Max - F.Offset)
      return R.bad(Where,
                   "offset " + Twine(F.Offset) + " + reserved " +
                       Twine(F.Reserved) + " ends past the hot text limit of " +
                       Twine(Max >> 20) + " MiB (" + Twine(Max) + " bytes)");
    if (F.Offset % Line || F.Reserved % Line)
      return R.bad(Where, "offset " + Twine(F.Offset) + " or reserved " +
                              Twine(F.Reserved) +
                              " is not a multiple of the line size " +
                              Twine(Line));
    if (F.Reserved < F.Size || F.Reserved == 0)
      return R.bad(Where, "reserved " + Twine(F.Reserved) +
                              " does not hold its size " + Twine(F.Size));
    if (!Lock.Plan.Functions.empty()) {
      const PlacedFunction &Prev = Lock.Plan.Functions.back();
      if (F.Offset < Prev.Offset + Prev.Reserved)
        return R.bad(Where, "offset " + Twine(F.Offset) +
                                " overlaps the reservation of '" + Prev.Name +
                                "' or is out of order (functions are sorted "
                                "by offset)");
    }
    Lock.Plan.Functions.push_back(std::move(F));
  }
  return Lock;
}

Expected<LayoutLock> readLockFile(StringRef Path) {
  auto Buffer =
      readInputFile(Path, input_limits::Lock,
                    "pass a lock written by hotlayout plan (-o FILE.lock)");
  if (!Buffer)
    return Buffer.takeError();
  return parseLock((*Buffer)->getBuffer(), Path);
}

Error foreignLockError(const LayoutLock &Lock, StringRef LockPath,
                       StringRef BinaryPath, StringRef Relation,
                       StringRef Fix) {
  return fileError(LockPath, "locks " + Twine(Lock.Plan.Functions.size()) +
                                 " functions and '" + BinaryPath +
                                 "' has none of them: it is a lock " +
                                 Relation + " another program (planned for '" +
                                 Lock.Binary + "'); " + Fix);
}

std::string readBuildID(const BinaryFile &File) {
  for (const object::SectionRef &S : File.object().sections()) {
    Expected<StringRef> Name = S.getName();
    if (!Name) {
      consumeError(Name.takeError());
      continue;
    }
    if (*Name != ".note.gnu.build-id")
      continue;
    Expected<StringRef> Contents = S.getContents();
    if (!Contents) {
      consumeError(Contents.takeError());
      return "";
    }
    // Elf64_Nhdr (little-endian, checked by BinaryFile::open): namesz,
    // descsz, type; then the name "GNU\0" and the ID, each 4-byte aligned.
    StringRef C = *Contents;
    if (C.size() < 12)
      return "";
    auto Word = [&](size_t At) {
      return support::endian::read32le(C.data() + At);
    };
    uint32_t NameSize = Word(0), DescSize = Word(4), Type = Word(8);
    uint64_t DescAt = 12 + alignTo(NameSize, 4);
    if (Type != 3 /*NT_GNU_BUILD_ID*/ || DescAt + DescSize > C.size())
      return "";
    return toHex(C.substr(DescAt, DescSize), /*LowerCase=*/true);
  }
  return "";
}

std::string contentHash(ArrayRef<uint8_t> Bytes) {
  return utohexstr(xxh3_64bits(Bytes), /*LowerCase=*/true, /*Width=*/16);
}

} // namespace hotlayout

namespace hotlayout {

/// Bytes a relocation of \p Type patches: 8 for the 64-bit absolute and
/// PC-relative ones, else 4 (x86-64 displacements and immediates; every
/// AArch64 code relocation patches one 4-byte instruction).
static uint64_t relocatedBytes(const object::ELFObjectFileBase &Obj,
                               uint64_t Type) {
  if (Obj.getArch() == Triple::x86_64)
    return Type == ELF::R_X86_64_64 || Type == ELF::R_X86_64_PC64 ||
                   Type == ELF::R_X86_64_GOTOFF64
               ? 8
               : 4;
  return Type == ELF::R_AARCH64_ABS64 || Type == ELF::R_AARCH64_PREL64 ? 8 : 4;
}

/// Appends the fields of relocation section \p Sec (REL or RELA) when it
/// applies to code. ELFFile's accessors check every entry against the file
/// and answer with an Error; ObjectFile's relocation iterators would abort
/// the process on a corrupt section (found by test/fuzz/cli_fuzz.py).
template <class ELFT>
static Error appendCodeFields(const object::ELFFile<ELFT> &EF,
                              const typename ELFT::Shdr &Sec,
                              const object::ELFObjectFileBase &Obj,
                              std::vector<RelocatedField> &Fields) {
  auto Target = EF.getSection(Sec.sh_info);
  if (!Target)
    return Target.takeError();
  if (!((*Target)->sh_flags & ELF::SHF_EXECINSTR))
    return Error::success();
  auto Add = [&](uint64_t Offset, uint32_t Type) {
    Fields.push_back({Offset, relocatedBytes(Obj, Type)});
  };
  if (Sec.sh_type == ELF::SHT_RELA) {
    auto Relas = EF.relas(Sec);
    if (!Relas)
      return Relas.takeError();
    for (const auto &R : *Relas)
      Add(R.r_offset, R.getType(/*IsMips64EL=*/false));
    return Error::success();
  }
  auto Rels = EF.rels(Sec);
  if (!Rels)
    return Rels.takeError();
  for (const auto &R : *Rels)
    Add(R.r_offset, R.getType(/*IsMips64EL=*/false));
  return Error::success();
}

Expected<std::vector<RelocatedField>>
relocatedCodeFields(const BinaryFile &File) {
  const object::ELFObjectFileBase &Obj = File.object();
  const auto *O = dyn_cast<object::ELF64LEObjectFile>(&Obj);
  if (!O)
    return fileError(File.path(), "is not a little-endian ELF64 file");
  const object::ELFFile<object::ELF64LE> &EF = O->getELFFile();
  auto Sections = EF.sections();
  if (!Sections)
    return fileError(File.path(), "unreadable section headers: " +
                                      toString(Sections.takeError()));
  std::vector<RelocatedField> Fields;
  for (const auto &Sec : *Sections) {
    if (Sec.sh_type != ELF::SHT_RELA && Sec.sh_type != ELF::SHT_REL)
      continue;
    if (Error E = appendCodeFields(EF, Sec, Obj, Fields))
      return fileError(File.path(), "unreadable relocation section: " +
                                        toString(std::move(E)));
  }
  llvm::sort(Fields, [](const RelocatedField &A, const RelocatedField &B) {
    return A.Address < B.Address;
  });
  return Fields;
}

std::string maskedContentHash(ArrayRef<uint8_t> Bytes, uint64_t Address,
                              ArrayRef<RelocatedField> Fields) {
  std::vector<uint8_t> Masked(Bytes.begin(), Bytes.end());
  // A field may start up to 7 bytes before the function.
  auto It = llvm::lower_bound(
      Fields, Address > 8 ? Address - 8 : 0,
      [](const RelocatedField &F, uint64_t A) { return F.Address < A; });
  for (; It != Fields.end() && It->Address < Address + Bytes.size(); ++It)
    for (uint64_t B = std::max(It->Address, Address);
         B < std::min(It->Address + It->Size, Address + Bytes.size()); ++B)
      Masked[B - Address] = 0;
  return contentHash(Masked);
}

} // namespace hotlayout
