//===- Binary/BinaryFile.h - A linked ELF binary and its code -------------===//
//
// Opens a linked binary (every subcommand reads one) and cuts its code into
// ranges to disassemble: one per function symbol, or, for a stripped binary,
// one per exported (.dynsym) function and per .eh_frame entry covering other
// code (else one per executable section). Everything here returns
// llvm::Error with a message that names the file and what to do.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_BINARYFILE_H
#define HOTLAYOUT_TOOL_BINARYFILE_H

#include "hotlayout/Tool/Support/Error.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/TargetParser/Triple.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace hotlayout {

/// The end of every message about a damaged input file: the user's fix.
/// A message about a file the tool made itself (llvm-bolt's output) drops
/// it (boltOutputError), so it is written in one place.
inline constexpr char DamagedFileAdvice[] = "; rebuild it or copy it again";

/// Where code ranges came from; the output says which, because only symbols
/// give function names.
enum class RangeSource {
  Symbols,        ///< STT_FUNC symbols with a size in .symtab.
  DynamicSymbols, ///< No .symtab: .dynsym functions, plus one range per
                  ///< .eh_frame FDE for code no exported symbol covers.
  EHFrame,        ///< Stripped: one range per .eh_frame FDE.
  WholeSection,   ///< Stripped, no .eh_frame: one range per code section.
};

/// Bytes of code at a link-time address, disassembled as a unit: backward
/// branches only count as loops when they stay inside one range.
struct CodeRange {
  std::string Name;                          ///< Symbol, or section[@address].
  llvm::SmallVector<std::string, 1> Aliases; ///< Other symbols at Address.
  uint64_t Address = 0;
  llvm::ArrayRef<uint8_t> Bytes;
  /// For a local function whose name another local function shares (three
  /// static fill_block in three .c files), the names llvm-bolt gives it in
  /// a profile (NAME/N and NAME/FILE/N), which the shared name alone
  /// cannot stand for; empty for every other function.
  llvm::SmallVector<std::string, 0> ProfileNames;
  /// For the same functions, NAME/FILE#K: the Kth local function symbol of
  /// that name after that FILE symbol. llvm-bolt keeps the symbol table's
  /// order, so this names one function in both its input and its output.
  std::string LocalKey;
  /// Name is a local symbol's (no global symbol is at Address).
  bool LocalName = false;

  bool hasName(llvm::StringRef N) const;
  /// The name llvm-bolt's profiles give this function: a global symbol's
  /// as it is, a local one's NAME/1 (RewriteInstance numbers local symbols
  /// of a name from 1), or the first of ProfileNames where several local
  /// functions share it.
  std::string boltName() const;
  /// The name that stands for this function alone in llvm-bolt's input and
  /// output alike: LocalKey where it has one, else Name.
  llvm::StringRef matchName() const {
    return LocalKey.empty() ? llvm::StringRef(Name) : llvm::StringRef(LocalKey);
  }
};

/// How a linked binary is loaded. BOLT rewrites all three; only the first
/// two can be run, so only they can be profiled by instrumentation.
enum class BinaryKind {
  Executable,   ///< ET_EXEC: loaded at its link-time addresses.
  PIE,          ///< ET_DYN with a program interpreter (or DF_1_PIE).
  SharedObject, ///< ET_DYN loaded by some program.
};

/// An ELF64 little-endian x86-64 or AArch64 executable, PIE or shared
/// object.
class BinaryFile {
public:
  /// Opens and validates \p Path: it must exist, be ELF64, be linked (not a
  /// relocatable object) and be for x86-64 or AArch64.
  static llvm::Expected<std::unique_ptr<BinaryFile>> open(llvm::StringRef Path);

  llvm::StringRef path() const { return Path; }
  const llvm::object::ELFObjectFileBase &object() const { return *Obj; }
  llvm::Triple triple() const;
  /// The alignment every function start has on the target (x86-64: 2, as
  /// llvm-bolt places them; AArch64: 4, one instruction).
  uint64_t minFunctionAlignment() const;

  /// True when llvm-bolt rewrote the binary (it leaves .note.bolt_info and
  /// .bolt.org.* sections): any .llvm_bb_addr_map then describes the code
  /// before rewriting.
  bool isBOLTRewritten() const;

  BinaryKind kind() const;

  /// True when the binary has a .llvm_bb_addr_map section.
  bool hasBBAddrMap() const;

  /// The code to search for loops, sorted by address, and where it came from.
  llvm::Expected<std::vector<CodeRange>> codeRanges(RangeSource &Source) const;

private:
  BinaryFile(std::string Path, std::unique_ptr<llvm::MemoryBuffer> Buffer,
             std::unique_ptr<llvm::object::ELFObjectFileBase> Obj);

  llvm::Expected<std::vector<CodeRange>> functionSymbols(bool Dynamic) const;
  llvm::Expected<std::vector<CodeRange>> ehFrameRanges() const;
  std::vector<CodeRange> codeSections() const;

  std::string Path;
  std::unique_ptr<llvm::MemoryBuffer> Buffer;
  std::unique_ptr<llvm::object::ELFObjectFileBase> Obj;
};

/// Global or local symbols without a type (STT_NOTYPE) in code sections
/// that do not start a typed function: labels in assembly such as RandomX's
/// JIT templates (randomx_program_prologue ... randomx_program_loop_begin),
/// whose bytes the program copies from one label to the next. BOLT takes
/// each for a function and moves them apart, and the copied code crashes
/// (RandomX's light mode: a segmentation fault at start-up, after apply
/// reported every locked function in place); and their code is in no
/// function, where check finds no loop. Assembler temporaries (.L*) and
/// AArch64 mapping symbols ($x, $d) are left out.
std::vector<std::string> untypedCodeLabels(const BinaryFile &File);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_BINARYFILE_H
