//===- LayoutVariants.cpp - Seeded layouts of one binary ------------------===//
//
// See LayoutVariants.h. The hash is splitmix64 over FNV-1a of the name
// mixed with the seed: fixed arithmetic, the same on every host.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/AB/LayoutVariants.h"

#include "hotlayout/Tool/Binary/SymbolIndex.h"
#include "hotlayout/Tool/Support/Error.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <tuple>

using namespace llvm;

namespace hotlayout {

static uint64_t splitmix64(uint64_t X) {
  X += 0x9e3779b97f4a7c15ull;
  X = (X ^ (X >> 30)) * 0xbf58476d1ce4e5b9ull;
  X = (X ^ (X >> 27)) * 0x94d049bb133111ebull;
  return X ^ (X >> 31);
}

/// A hash of \p Name for \p Seed; \p Salt picks one of several independent
/// draws (rank, padded or not, padding).
static uint64_t draw(StringRef Name, uint64_t Seed, uint64_t Salt) {
  uint64_t H = 0xcbf29ce484222325ull;
  for (unsigned char C : Name)
    H = (H ^ C) * 0x100000001b3ull;
  return splitmix64(H ^ splitmix64(Seed * 4 + Salt));
}

unsigned envPadBytes(uint64_t Seed) {
  return unsigned(splitmix64(splitmix64(Seed) ^ 0x656e76) % 4096);
}

LayoutPerturbation seededLayout(std::vector<std::string> Functions,
                                uint64_t Seed) {
  std::sort(Functions.begin(), Functions.end());
  Functions.erase(std::unique(Functions.begin(), Functions.end()),
                  Functions.end());
  // Rank by hash; the name breaks the (2^-64) tie.
  std::vector<std::pair<uint64_t, std::string>> Ranked;
  for (std::string &F : Functions)
    Ranked.push_back({draw(F, Seed, 0), std::move(F)});
  std::sort(Ranked.begin(), Ranked.end());
  LayoutPerturbation L;
  L.Seed = Seed;
  for (auto &[Rank, Name] : Ranked) {
    if (draw(Name, Seed, 1) % 8 == 0)
      L.Padding.push_back({Name, 16 * (1 + draw(Name, Seed, 2) % 3)});
    L.Order.push_back(std::move(Name));
  }
  L.EnvPadBytes = envPadBytes(Seed);
  return L;
}

Expected<std::vector<std::string>> movableFunctions(const BinaryFile &File) {
  auto Ranges = symbolRanges(
      File, "a layout is an order of functions by name: use an unstripped "
            "build");
  if (!Ranges)
    return Ranges.takeError();
  if (Error E = requireCodeRelocations(File))
    return std::move(E);
  std::vector<std::string> Names;
  for (const CodeRange &R : *Ranges)
    Names.push_back(R.Name);
  return Names;
}

Error writeLayoutVariant(const BoltTools &Tools, StringRef Binary,
                         const LayoutPerturbation &Layout,
                         StringRef SkipArgument, StringRef WorkDir,
                         StringRef Output) {
  SmallString<256> OrderPath(WorkDir), LogPath(WorkDir);
  sys::path::append(OrderPath, "function-order.txt");
  sys::path::append(LogPath, "bolt.log");
  BoltRewrite R;
  R.Input = Binary.str();
  R.Output = Output.str();
  R.FunctionOrder = Layout.Order;
  R.FunctionOrderPath = std::string(OrderPath);
  // 16, as compilers align functions: BOLT's default (64) would put most
  // functions at the start of a line whatever their order.
  R.FunctionAlignment = 16;
  R.Padding = Layout.Padding;
  R.SkipArgument = SkipArgument.str();
  R.AllFunctions = true;
  return rewrite(Tools, R, LogPath);
}

} // namespace hotlayout
