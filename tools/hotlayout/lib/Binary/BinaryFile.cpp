//===- BinaryFile.cpp - A linked ELF binary and the code in it ------------===//
//
// 1. open(): stat the path, read it, check the ELF magic and type, parse the
//    headers (a truncated file fails here), then check class and machine.
// 2. codeRanges(): function symbols from .symtab; without it, .dynsym
//    functions plus .eh_frame FDE ranges for the code they do not cover;
//    without either, whole code sections. Aliases (several symbols at one
//    address) become one range.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/Binary/BinaryFile.h"
#include "hotlayout/Tool/Support/Error.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/BinaryFormat/Magic.h"
#include "llvm/DebugInfo/DWARF/DWARFDataExtractor.h"
#include "llvm/DebugInfo/DWARF/DWARFDebugFrame.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"

#include <map>
#include <set>

using namespace llvm;
using namespace llvm::object;

namespace hotlayout {

static const char *const Supported =
    "hotlayout reads linked ELF64 x86-64 and AArch64 binaries";

bool CodeRange::hasName(StringRef N) const {
  return Name == N || is_contained(Aliases, N);
}

std::string CodeRange::boltName() const {
  if (!LocalName)
    return Name;
  if (!ProfileNames.empty())
    return ProfileNames.front();
  return Name + "/1";
}

BinaryFile::BinaryFile(std::string Path, std::unique_ptr<MemoryBuffer> Buffer,
                       std::unique_ptr<ELFObjectFileBase> Obj)
    : Path(std::move(Path)), Buffer(std::move(Buffer)), Obj(std::move(Obj)) {}

Triple BinaryFile::triple() const { return Obj->makeTriple(); }

uint64_t BinaryFile::minFunctionAlignment() const {
  return triple().isAArch64() ? 4 : 2;
}

static Error checkMagic(StringRef Path, file_magic Magic) {
  switch (Magic) {
  case file_magic::elf_executable:
  case file_magic::elf_shared_object:
    return Error::success();
  case file_magic::elf_relocatable:
    return fileError(Path, "is a relocatable object file: code addresses are "
                           "only final after linking; give it the "
                           "linked executable or shared object");
  case file_magic::elf_core:
    return fileError(Path, "is a core dump; give it the executable");
  case file_magic::elf:
    return fileError(Path,
                     "is an ELF file of an unknown type; " + Twine(Supported));
  default:
    return fileError(Path, "is not an ELF file; " + Twine(Supported));
  }
}

static Error checkMachine(StringRef Path, const ELFObjectFileBase &Obj) {
  if (Obj.getBytesInAddress() != 8)
    return fileError(Path, "is a 32-bit ELF file; " + Twine(Supported));
  if (!Obj.isLittleEndian())
    return fileError(Path, "is a big-endian ELF file; " + Twine(Supported));
  Triple::ArchType Arch = Obj.getArch();
  if (Arch == Triple::x86_64 || Arch == Triple::aarch64)
    return Error::success();
  StringRef Name = Arch == Triple::UnknownArch ? StringRef("an unknown machine")
                                               : Triple::getArchTypeName(Arch);
  return fileError(Path, "is an ELF file for " + Name + " (e_machine " +
                             Twine(Obj.getEMachine()) + "); " + Supported);
}

Expected<std::unique_ptr<BinaryFile>> BinaryFile::open(StringRef Path) {
  sys::fs::file_status Status;
  if (std::error_code EC = sys::fs::status(Path, Status))
    return fileError(Path, "cannot be opened: " + EC.message() +
                               "; pass the path of a linked binary");
  if (sys::fs::is_directory(Status))
    return fileError(Path, "is a directory; pass the path of a linked binary");

  auto BufferOrErr = readInputFile(Path, input_limits::Binary,
                                   "pass the path of a linked binary",
                                   /*IsText=*/false);
  if (!BufferOrErr)
    return BufferOrErr.takeError();
  std::unique_ptr<MemoryBuffer> Buffer = std::move(*BufferOrErr);

  if (Error E = checkMagic(Path, identify_magic(Buffer->getBuffer())))
    return E;

  auto ObjOrErr = ObjectFile::createELFObjectFile(Buffer->getMemBufferRef());
  if (!ObjOrErr)
    return fileError(Path, "is truncated or malformed (" +
                               toString(ObjOrErr.takeError()) + ")" +
                               DamagedFileAdvice);
  std::unique_ptr<ELFObjectFileBase> Obj(
      cast<ELFObjectFileBase>(ObjOrErr->release()));
  if (Error E = checkMachine(Path, *Obj))
    return E;

  return std::unique_ptr<BinaryFile>(
      new BinaryFile(Path.str(), std::move(Buffer), std::move(Obj)));
}

bool BinaryFile::isBOLTRewritten() const {
  return any_of(Obj->sections(), [](const SectionRef &Sec) {
    Expected<StringRef> Name = Sec.getName();
    if (!Name) {
      consumeError(Name.takeError());
      return false;
    }
    return *Name == ".note.bolt_info" || Name->starts_with(".bolt.org.");
  });
}

BinaryKind BinaryFile::kind() const {
  if (Obj->getEType() != ELF::ET_DYN)
    return BinaryKind::Executable;
  // open() accepts ELF64 little-endian only.
  const auto &ELFFile = cast<ELF64LEObjectFile>(*Obj).getELFFile();
  if (auto Phdrs = ELFFile.program_headers()) {
    if (any_of(*Phdrs,
               [](const auto &P) { return P.p_type == ELF::PT_INTERP; }))
      return BinaryKind::PIE;
  } else {
    consumeError(Phdrs.takeError());
  }
  // A static PIE has no interpreter; linkers mark it DF_1_PIE.
  if (auto Dyn = ELFFile.dynamicEntries()) {
    if (any_of(*Dyn, [](const auto &D) {
          return D.d_tag == ELF::DT_FLAGS_1 && (D.getVal() & ELF::DF_1_PIE);
        }))
      return BinaryKind::PIE;
  } else {
    consumeError(Dyn.takeError());
  }
  return BinaryKind::SharedObject;
}

bool BinaryFile::hasBBAddrMap() const {
  return any_of(Obj->sections(), [](const ELFSectionRef &Sec) {
    return Sec.getType() == ELF::SHT_LLVM_BB_ADDR_MAP;
  });
}

/// The bytes [Address, Address + Size) of code section \p Sec, or an empty
/// array when they do not all lie inside it (a symbol that lies, or NOBITS).
static ArrayRef<uint8_t> codeBytes(const SectionRef &Sec, uint64_t Address,
                                   uint64_t Size) {
  if (!Sec.isText() || Sec.isVirtual())
    return {};
  Expected<StringRef> Contents = Sec.getContents();
  if (!Contents) {
    consumeError(Contents.takeError());
    return {};
  }
  uint64_t Begin = Sec.getAddress();
  if (Address < Begin || Address - Begin > Contents->size() ||
      Size > Contents->size() - (Address - Begin))
    return {};
  return arrayRefFromStringRef(Contents->substr(Address - Begin, Size));
}

/// A function symbol read straight from a symbol table.
struct FunctionSymbol {
  StringRef Name;
  uint64_t Address = 0;
  ArrayRef<uint8_t> Bytes;
  bool Global = false;
  StringRef File; ///< The STT_FILE symbol before a local one, if any.
  /// BOLT's names and the symbol-table identity (CodeRange) of a local
  /// function whose name other local functions share; empty otherwise.
  SmallVector<std::string, 0> ProfileNames;
  std::string LocalKey;
};

/// The bytes [Address, Address + Size) of the code section with index
/// \p Index, or an empty array when they do not all lie inside it.
static ArrayRef<uint8_t> symbolBytes(const ELFFile<ELF64LE> &EF, unsigned Index,
                                     uint64_t Address, uint64_t Size) {
  if (Index == ELF::SHN_UNDEF || Index >= ELF::SHN_LORESERVE)
    return {};
  Expected<const ELF64LE::Shdr *> Sec = EF.getSection(Index);
  if (!Sec) {
    consumeError(Sec.takeError());
    return {};
  }
  const ELF64LE::Shdr &S = **Sec;
  if (!(S.sh_flags & ELF::SHF_EXECINSTR) || S.sh_type == ELF::SHT_NOBITS)
    return {};
  Expected<ArrayRef<uint8_t>> Contents = EF.getSectionContents(S);
  if (!Contents) {
    consumeError(Contents.takeError());
    return {};
  }
  uint64_t Begin = S.sh_addr;
  if (Address < Begin || Address - Begin > Contents->size() ||
      Size > Contents->size() - (Address - Begin))
    return {};
  return Contents->slice(Address - Begin, Size);
}

/// STT_FUNC symbols with a size and code behind them, from every section of
/// type \p TableType (SHT_SYMTAB or SHT_DYNSYM). ELFFile's checked accessors
/// are used throughout: ELFObjectFile's symbol helpers abort on a corrupt
/// table, and a corrupt binary must give an error, not a crash.
static Expected<std::vector<FunctionSymbol>>
readFunctionSymbols(const ELFFile<ELF64LE> &EF, unsigned TableType) {
  auto Sections = EF.sections();
  if (!Sections)
    return Sections.takeError();
  std::vector<FunctionSymbol> Functions;
  for (const ELF64LE::Shdr &Table : *Sections) {
    if (Table.sh_type != TableType)
      continue;
    auto Symbols = EF.symbols(&Table);
    if (!Symbols)
      return Symbols.takeError();
    auto StrTab = EF.getStringTableForSymtab(Table, *Sections);
    if (!StrTab)
      return StrTab.takeError();
    StringRef File;
    for (const ELF64LE::Sym &Sym : *Symbols) {
      if (Sym.getType() == ELF::STT_FILE) {
        Expected<StringRef> Name = Sym.getName(*StrTab);
        if (!Name)
          return Name.takeError();
        File = *Name;
        continue;
      }
      if (Sym.getType() != ELF::STT_FUNC || Sym.st_size == 0)
        continue;
      Expected<StringRef> Name = Sym.getName(*StrTab);
      if (!Name)
        return Name.takeError();
      FunctionSymbol F;
      F.Name = *Name;
      F.Address = Sym.st_value;
      F.Bytes = symbolBytes(EF, Sym.st_shndx, Sym.st_value, Sym.st_size);
      F.Global = Sym.getBinding() != ELF::STB_LOCAL;
      if (!F.Global)
        F.File = File;
      if (!F.Bytes.empty())
        Functions.push_back(F);
    }
  }
  return Functions;
}

/// Names the local functions of \p Symbols (in symbol-table order) that
/// share their name with another local function: three static fill_block
/// in three .c files are one name and three functions. llvm-bolt tells them
/// apart in a profile by NAME/N and NAME/FILE/N, N counting the local
/// symbols of that name (and file) by address from 1
/// (RewriteInstance::discoverFileObjects); and it rewrites the symbol table
/// in its order, FILE symbols included, so the Nth local of a name and file
/// in symbol-table order is the same function in llvm-bolt's input and
/// output, wherever each placed it.
static void nameSharedLocals(MutableArrayRef<FunctionSymbol> Symbols) {
  StringMap<SmallVector<FunctionSymbol *, 2>> ByName;
  for (FunctionSymbol &F : Symbols)
    if (!F.Global)
      ByName[F.Name].push_back(&F);
  for (auto &Entry : ByName) {
    SmallVectorImpl<FunctionSymbol *> &Same = Entry.getValue();
    if (Same.size() < 2)
      continue;
    StringMap<unsigned> InFile;
    for (FunctionSymbol *F : Same) {
      std::string Prefix = (F->Name + "/" + F->File).str();
      F->LocalKey = Prefix + "#" + std::to_string(++InFile[Prefix]);
    }
    // By address, then symbol-table order (the pointers' order: Same points
    // into Symbols), so aliases keep their symbol-table order.
    SmallVector<FunctionSymbol *, 2> ByAddress(Same.begin(), Same.end());
    llvm::sort(ByAddress, [](const FunctionSymbol *A, const FunctionSymbol *B) {
      return std::make_pair(A->Address, A) < std::make_pair(B->Address, B);
    });
    StringMap<unsigned> Nth;
    for (FunctionSymbol *F : ByAddress) {
      F->ProfileNames.push_back((F->Name + "/" + Twine(++Nth[F->Name])).str());
      if (!F->File.empty()) {
        std::string Prefix = (F->Name + "/" + F->File).str();
        F->ProfileNames.push_back(Prefix + "/" + std::to_string(++Nth[Prefix]));
      }
    }
  }
}

/// One range per address: aliases join it, and a global name wins the
/// display over a local one.
static std::vector<CodeRange> mergeAliases(ArrayRef<FunctionSymbol> Symbols) {
  std::map<uint64_t, CodeRange> ByAddress;
  std::map<uint64_t, bool> NameIsGlobal;
  for (const FunctionSymbol &F : Symbols) {
    auto [It, Inserted] = ByAddress.try_emplace(F.Address);
    CodeRange &R = It->second;
    if (Inserted) {
      R.Name = F.Name.str();
      R.Address = F.Address;
      R.Bytes = F.Bytes;
      R.ProfileNames = F.ProfileNames;
      R.LocalKey = F.LocalKey;
      R.LocalName = !F.Global;
      NameIsGlobal[F.Address] = F.Global;
      continue;
    }
    if (R.hasName(F.Name))
      continue;
    if (F.Bytes.size() > R.Bytes.size())
      R.Bytes = F.Bytes;
    if (F.Global && !NameIsGlobal[F.Address]) {
      R.Aliases.push_back(R.Name);
      R.Name = F.Name.str();
      R.LocalName = false;
      NameIsGlobal[F.Address] = true;
    } else {
      R.Aliases.push_back(F.Name.str());
    }
  }
  std::vector<CodeRange> Ranges;
  for (auto &Entry : ByAddress)
    Ranges.push_back(std::move(Entry.second));
  return Ranges;
}

Expected<std::vector<CodeRange>>
BinaryFile::functionSymbols(bool Dynamic) const {
  const ELFFile<ELF64LE> &EF = cast<ELF64LEObjectFile>(*Obj).getELFFile();
  auto Symbols =
      readFunctionSymbols(EF, Dynamic ? ELF::SHT_DYNSYM : ELF::SHT_SYMTAB);
  if (!Symbols)
    return fileError(Path, "has a malformed " +
                               Twine(Dynamic ? ".dynsym" : ".symtab") + " (" +
                               toString(Symbols.takeError()) + ")" +
                               DamagedFileAdvice);
  nameSharedLocals(*Symbols);
  return mergeAliases(*Symbols);
}

/// Code sections worth scanning without symbols: PLT stubs jump back to
/// PLT0 (not loops), and BOLT's .bolt.org.* keep the pre-rewrite copy.
static bool isScannableCode(const SectionRef &Sec, StringRef Name) {
  return Sec.isText() && !Sec.isVirtual() && Sec.getSize() != 0 &&
         !Name.starts_with(".plt") && !Name.starts_with(".iplt") &&
         !Name.starts_with(".bolt.org.");
}

static std::string rangeName(StringRef Section, uint64_t Address) {
  std::string S;
  raw_string_ostream OS(S);
  OS << Section << '@' << format_hex(Address, 2);
  return S;
}

/// The parsed .eh_frame of \p Obj (empty when it has none). Parsed from the
/// section itself, not through DWARFContext: that decompresses every
/// compressed section of the file (a damaged header sizes the buffer) and
/// prints its complaints about any of them straight to stderr.
static Expected<std::unique_ptr<DWARFDebugFrame>>
parseEHFrame(const ELFObjectFileBase &Obj) {
  auto Frame = std::make_unique<DWARFDebugFrame>(Obj.getArch(),
                                                 /*IsEH=*/true, 0);
  for (const SectionRef &Sec : Obj.sections()) {
    Expected<StringRef> Name = Sec.getName();
    if (!Name) {
      consumeError(Name.takeError());
      continue;
    }
    if (*Name != ".eh_frame" || Sec.isVirtual())
      continue;
    if (Sec.isCompressed())
      return makeError("a compressed .eh_frame, which no linker writes");
    Expected<StringRef> Contents = Sec.getContents();
    if (!Contents)
      return Contents.takeError();
    Frame = std::make_unique<DWARFDebugFrame>(Obj.getArch(), /*IsEH=*/true,
                                              Sec.getAddress());
    DWARFDataExtractor Data(*Contents, Obj.isLittleEndian(),
                            Obj.getBytesInAddress());
    if (Error E = Frame->parse(Data))
      return std::move(E);
    break;
  }
  return Frame;
}

Expected<std::vector<CodeRange>> BinaryFile::ehFrameRanges() const {
  auto EHFrame = parseEHFrame(*Obj);
  if (!EHFrame)
    return fileError(Path, "has a malformed .eh_frame (" +
                               toString(EHFrame.takeError()) + ")" +
                               DamagedFileAdvice);
  std::vector<CodeRange> Ranges;
  for (const auto &Entry : (*EHFrame)->entries()) {
    const auto *FDE = dyn_cast<dwarf::FDE>(&Entry);
    if (!FDE || FDE->getAddressRange() == 0)
      continue;
    uint64_t Address = FDE->getInitialLocation();
    for (const SectionRef &Sec : Obj->sections()) {
      Expected<StringRef> SecName = Sec.getName();
      if (!SecName) {
        consumeError(SecName.takeError());
        continue;
      }
      if (!isScannableCode(Sec, *SecName))
        continue;
      ArrayRef<uint8_t> Bytes = codeBytes(Sec, Address, FDE->getAddressRange());
      if (Bytes.empty())
        continue;
      CodeRange R;
      R.Name = rangeName(*SecName, Address);
      R.Address = Address;
      R.Bytes = Bytes;
      Ranges.push_back(std::move(R));
      break;
    }
  }
  llvm::sort(Ranges, [](const CodeRange &A, const CodeRange &B) {
    return A.Address < B.Address;
  });
  return Ranges;
}

std::vector<CodeRange> BinaryFile::codeSections() const {
  std::vector<CodeRange> Ranges;
  for (const SectionRef &Sec : Obj->sections()) {
    Expected<StringRef> Name = Sec.getName();
    if (!Name) {
      consumeError(Name.takeError());
      continue;
    }
    if (!isScannableCode(Sec, *Name))
      continue;
    CodeRange R;
    R.Name = Name->str();
    R.Address = Sec.getAddress();
    R.Bytes = codeBytes(Sec, R.Address, Sec.getSize());
    if (!R.Bytes.empty())
      Ranges.push_back(std::move(R));
  }
  llvm::sort(Ranges, [](const CodeRange &A, const CodeRange &B) {
    return A.Address < B.Address;
  });
  return Ranges;
}

/// Appends the ranges of \p Extra that overlap none of \p Ranges (sorted by
/// address, non-overlapping enough for a search by start), keeping the
/// result sorted.
static void addUncovered(std::vector<CodeRange> &Ranges,
                         std::vector<CodeRange> Extra) {
  std::vector<CodeRange> Added;
  for (CodeRange &E : Extra) {
    uint64_t End = E.Address + E.Bytes.size();
    auto It = llvm::partition_point(Ranges, [&](const CodeRange &R) {
      return R.Address + R.Bytes.size() <= E.Address;
    });
    bool Overlaps = false;
    for (; It != Ranges.end() && It->Address < End; ++It)
      if (It->Address + It->Bytes.size() > E.Address) {
        Overlaps = true;
        break;
      }
    if (!Overlaps)
      Added.push_back(std::move(E));
  }
  for (CodeRange &A : Added)
    Ranges.push_back(std::move(A));
  llvm::sort(Ranges, [](const CodeRange &A, const CodeRange &B) {
    return A.Address < B.Address;
  });
}

Expected<std::vector<CodeRange>>
BinaryFile::codeRanges(RangeSource &Source) const {
  Source = RangeSource::Symbols;
  Expected<std::vector<CodeRange>> Static = functionSymbols(false);
  if (!Static || !Static->empty())
    return Static;

  Expected<std::vector<CodeRange>> Dynamic = functionSymbols(true);
  if (!Dynamic)
    return Dynamic.takeError();
  Expected<std::vector<CodeRange>> FromEH = ehFrameRanges();
  if (!FromEH)
    return FromEH.takeError();
  if (!Dynamic->empty()) {
    Source = RangeSource::DynamicSymbols;
    addUncovered(*Dynamic, std::move(*FromEH));
    return Dynamic;
  }
  if (!FromEH->empty()) {
    Source = RangeSource::EHFrame;
    return FromEH;
  }
  Source = RangeSource::WholeSection;
  std::vector<CodeRange> Sections = codeSections();
  if (Sections.empty())
    return fileError(Path, "has no function symbols and no executable code "
                           "sections; there is no code to check");
  return Sections;
}

std::vector<std::string> untypedCodeLabels(const BinaryFile &File) {
  const ELFObjectFileBase &Obj = File.object();
  std::set<uint64_t> FunctionStarts;
  std::vector<std::pair<uint64_t, std::string>> Untyped;
  for (const ELFSymbolRef &Sym : Obj.symbols()) {
    Expected<section_iterator> Sec = Sym.getSection();
    // Unreadable here means the symbol table itself is (a damaged sh_size
    // or sh_offset): every later entry fails the same way, and a damaged
    // size can count billions of them (the fuzzer's hangs). BOLT refuses
    // such a binary anyway.
    if (!Sec) {
      consumeError(Sec.takeError());
      break;
    }
    Expected<StringRef> Name = Sym.getName();
    Expected<uint64_t> Address = Sym.getAddress();
    if (!Name || !Address) {
      consumeError(Name.takeError());
      consumeError(Address.takeError());
      continue;
    }
    if (*Sec == Obj.section_end() ||
        !(ELFSectionRef(**Sec).getFlags() & ELF::SHF_EXECINSTR))
      continue;
    if (Sym.getELFType() == ELF::STT_FUNC)
      FunctionStarts.insert(*Address);
    else if (Sym.getELFType() == ELF::STT_NOTYPE && !Name->empty() &&
             !Name->starts_with(".L") && !Name->starts_with("$"))
      Untyped.push_back({*Address, Name->str()});
  }
  std::vector<std::string> Labels;
  for (auto &[Address, Name] : Untyped)
    if (!FunctionStarts.count(Address))
      Labels.push_back(std::move(Name));
  llvm::sort(Labels);
  Labels.erase(std::unique(Labels.begin(), Labels.end()), Labels.end());
  return Labels;
}

} // namespace hotlayout
