//===- FlushKinds.cpp - The table of flush primitives ---------------------===//

#include "hotlayout/Support/FlushKinds.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <string>

using namespace llvm;

namespace hotlayout {

// Adding a primitive: one row. The x86 rows cover one 64-byte line at the
// pointer; the range primitives cover exactly the bytes they are given.
static const FlushKind FlushKindTable[] = {
    {"llvm.clear_cache", "llvm.clear_cache", RangeShape::BeginEnd,
     FlushDomain::InstructionCache, FlushStrength::Evict,
     FlushOrdering::Ordered},
    {"__clear_cache", "__clear_cache", RangeShape::BeginEnd,
     FlushDomain::InstructionCache, FlushStrength::Evict,
     FlushOrdering::Ordered},
    {"sys_icache_invalidate", "sys_icache_invalidate", RangeShape::BeginLength,
     FlushDomain::InstructionCache, FlushStrength::Evict,
     FlushOrdering::Ordered},
    {"llvm.x86.sse2.clflush", "clflush", RangeShape::OneLine,
     FlushDomain::DataCacheLine, FlushStrength::Evict, FlushOrdering::Ordered},
    {"llvm.x86.clflushopt", "clflushopt", RangeShape::OneLine,
     FlushDomain::DataCacheLine, FlushStrength::Evict, FlushOrdering::Weak},
    {"llvm.x86.clwb", "clwb", RangeShape::OneLine, FlushDomain::DataCacheLine,
     FlushStrength::WriteBack, FlushOrdering::Weak},
};

// AArch64's line operations, written as inline asm (there is no intrinsic).
// Each acts on the line holding its operand; both are ordered only by a
// `dsb`, hence weak. Their domains are their own (FlushKinds.h).
static const FlushKind AsmFlushKindTable[] = {
    {"dc cvau", "dc cvau", RangeShape::OneLine, FlushDomain::DataCleanToPoU,
     FlushStrength::WriteBack, FlushOrdering::Weak},
    {"dc civac", "dc civac", RangeShape::OneLine,
     FlushDomain::DataCleanInvalidateToPoC, FlushStrength::Evict,
     FlushOrdering::Weak},
    {"ic ivau", "ic ivau", RangeShape::OneLine,
     FlushDomain::InstructionLineInvalidate, FlushStrength::Evict,
     FlushOrdering::Weak},
};

bool isLineDomain(FlushDomain D) { return D != FlushDomain::InstructionCache; }

bool cleansDataCacheLine(FlushDomain D) {
  return D == FlushDomain::DataCleanToPoU ||
         D == FlushDomain::DataCleanInvalidateToPoC;
}

const FlushKind *lookupFlushKind(StringRef CalleeName) {
  for (const FlushKind &K : FlushKindTable)
    if (K.CalleeName == CalleeName)
      return &K;
  return nullptr;
}

/// The blank-separated words of one assembler statement in lower case, with
/// each comma a word of its own; false when \p Asm holds anything that may
/// start another statement or a comment (';', a newline, '/', '#', '@').
static bool statementWords(StringRef Asm, SmallVectorImpl<std::string> &Words) {
  std::string Word;
  auto Flush = [&] {
    if (!Word.empty())
      Words.push_back(Word);
    Word.clear();
  };
  for (char C : Asm) {
    if (C == ' ' || C == '\t') {
      Flush();
    } else if (C == ',') {
      Flush();
      Words.push_back(",");
    } else if (isAlnum(C) || C == '$' || C == '{' || C == '}' || C == ':') {
      Word += toLower(C);
    } else {
      return false;
    }
  }
  Flush();
  return true;
}

/// True when every constraint of \p Constraints from \p First on is a
/// clobber ("~{memory}"): no further operand, output or tied register.
static bool onlyClobbersFrom(StringRef Constraints, unsigned First) {
  SmallVector<StringRef, 4> Parts;
  if (!Constraints.empty())
    Constraints.split(Parts, ',');
  if (Parts.size() < First)
    return false;
  return all_of(drop_begin(Parts, First), [](StringRef C) {
    return C.starts_with("~{") && C.ends_with("}");
  });
}

const FlushKind *lookupAsmFlushKind(StringRef AsmString,
                                    StringRef Constraints) {
  SmallVector<std::string, 4> Words;
  if (!statementWords(AsmString, Words) || Words.size() != 4 ||
      Words[2] != "," || Constraints.split(',').first != "r" ||
      !onlyClobbersFrom(Constraints, 1))
    return nullptr;
  // The operand: $0 in any of the spellings clang and GCC-style asm give it
  // (`%0` becomes `$0`, `%x0` `${0:x}`: the 64-bit register, as here).
  if (Words[3] != "$0" && Words[3] != "${0}" && Words[3] != "${0:x}")
    return nullptr;
  std::string Mnemonic = Words[0] + " " + Words[1];
  for (const FlushKind &K : AsmFlushKindTable)
    if (K.CalleeName == Mnemonic)
      return &K;
  return nullptr;
}

StringRef asmMentionsLineOperation(StringRef AsmString) {
  // Words of every statement (a newline or ';' ends one), any case.
  std::string Words;
  for (char C : AsmString) {
    bool Part = isAlnum(C);
    if (!Part && (Words.empty() || Words.back() == ' '))
      continue;
    Words += Part ? toLower(C) : ' ';
  }
  Words = " " + Words + " ";
  static const StringRef Mentioned[] = {"dc cvau", "dc civac",   "dc cvac",
                                        "ic ivau", "clflushopt", "clflush",
                                        "clwb"};
  for (StringRef M : Mentioned)
    if (StringRef(Words).contains((" " + M + " ").str()))
      return M;
  return "";
}

bool asmMaintenanceBarriers(StringRef AsmString, StringRef Constraints,
                            SmallVectorImpl<AsmBarrier> &Barriers) {
  Barriers.clear();
  if (!onlyClobbersFrom(Constraints, 0))
    return false;
  // "dsb ish\n\tisb" in one statement is two barriers: each part must be one.
  SmallVector<StringRef, 2> Statements;
  AsmString.split(Statements, '\n');
  SmallVector<AsmBarrier, 2> Found;
  for (StringRef Statement : Statements) {
    SmallVector<std::string, 4> Words;
    if (!statementWords(Statement, Words))
      return false;
    if (Words.empty())
      continue;
    std::string Text = join(Words, " ");
    if (Text == "dsb ish" || Text == "dsb sy")
      Found.push_back(AsmBarrier::Dsb);
    else if (Text == "isb" || Text == "isb sy")
      Found.push_back(AsmBarrier::Isb);
    else
      return false;
  }
  Barriers.append(Found.begin(), Found.end());
  return !Barriers.empty();
}

bool isAsmMaintenanceBarrier(StringRef AsmString, StringRef Constraints) {
  SmallVector<AsmBarrier, 2> Barriers;
  return asmMaintenanceBarriers(AsmString, Constraints, Barriers);
}

bool flushKindCovers(const FlushKind &Earlier, const FlushKind &Later) {
  if (Earlier.Domain != Later.Domain)
    return false;
  if (static_cast<int>(Earlier.Strength) < static_cast<int>(Later.Strength))
    return false;
  if (Later.Ordering == FlushOrdering::Ordered &&
      Earlier.Ordering != FlushOrdering::Ordered)
    return false;
  return true;
}

bool isFlushNeutralCallee(StringRef CalleeName) {
  static const StringRef Neutral[] = {
      "mprotect",
      "pthread_jit_write_protect_np",
      "os_thread_self_restrict_rwx_to_rx",
      "os_thread_self_restrict_rwx_to_rw",
      "sys_dcache_flush",
      "getpagesize",
  };
  return is_contained(Neutral, CalleeName) ||
         lookupFlushKind(CalleeName) != nullptr;
}

} // namespace hotlayout
