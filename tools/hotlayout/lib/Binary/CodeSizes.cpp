//===- CodeSizes.cpp - How much code a linked binary holds ----------------===//

#include "hotlayout/Tool/Binary/CodeSizes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Object/ELFObjectFile.h"

#include <set>
#include <utility>
#include <vector>

using namespace llvm;

namespace hotlayout {

uint64_t executableBytes(const BinaryFile &File, StringRef Only) {
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

uint64_t liveCodeLeftInPlace(const BinaryFile &File) {
  std::vector<std::pair<uint64_t, uint64_t>> Old;
  for (const object::SectionRef &S : File.object().sections()) {
    Expected<StringRef> Name = S.getName();
    if (!Name) {
      consumeError(Name.takeError());
      continue;
    }
    if (S.isText() && Name->starts_with(".bolt.org"))
      Old.push_back({S.getAddress(), S.getAddress() + S.getSize()});
  }
  std::set<uint64_t> Seen;
  uint64_t Bytes = 0;
  for (const object::ELFSymbolRef &Sym : File.object().symbols()) {
    Expected<object::SymbolRef::Type> Type = Sym.getType();
    Expected<uint64_t> Address = Sym.getAddress();
    if (!Type || !Address || *Type != object::SymbolRef::ST_Function) {
      if (!Type)
        consumeError(Type.takeError());
      if (!Address)
        consumeError(Address.takeError());
      continue;
    }
    bool InOld = any_of(Old, [&](const auto &R) {
      return *Address >= R.first && *Address < R.second;
    });
    if (InOld && Seen.insert(*Address).second)
      Bytes += Sym.getSize();
  }
  return Bytes;
}

} // namespace hotlayout
