//===- LayoutPlan.cpp - Locked offsets in the hot text --------------------===//
//
// The algorithm is summarised in hotlayout/Tool/Lock/LayoutPlan.h. Everything
// here is deterministic: maps are ordered, and every sort breaks ties by
// name.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/Lock/LayoutPlan.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

namespace hotlayout {

static uint64_t alignUp(uint64_t Value, uint64_t Line) {
  return (Value + Line - 1) / Line * Line;
}

uint64_t LayoutPlan::size() const {
  uint64_t End = 0;
  for (const PlacedFunction &F : Functions)
    End = std::max(End, F.Offset + F.Reserved);
  return End;
}

llvm::StringSet<> LayoutPlan::names() const {
  llvm::StringSet<> Names;
  for (const PlacedFunction &F : Functions)
    Names.insert(F.Name);
  return Names;
}

uint64_t reservedBytes(uint64_t Size, const PlanOptions &Opts, uint64_t Shift) {
  uint64_t Slack = (Size * Opts.SlackPercent + 99) / 100;
  return std::max(alignUp(Shift + Size + Slack, Opts.LineSize), Opts.LineSize);
}

/// \p F placed at \p Offset in \p Reserved bytes, as plan locks it: input
/// code at its shift.
static PlacedFunction placed(const PlanFunction &F, uint64_t Offset,
                             uint64_t Reserved, uint64_t Shift) {
  PlacedFunction P{F.Name, F.Hash, Offset, F.Size, Reserved};
  P.Shift = Shift;
  P.EmittedSize = F.Size;
  P.CodeHash = F.CodeHash;
  P.InputLayout = true;
  return P;
}

namespace {
struct Cluster {
  std::vector<size_t> Members; ///< Indices into the functions, in order.
  uint64_t Bytes = 0;          ///< Sum of reservations.
  uint64_t Count = 0;
};
} // namespace

/// True when \p A is denser (count per byte) than \p B; exact.
static bool denser(uint64_t CountA, uint64_t BytesA, uint64_t CountB,
                   uint64_t BytesB) {
  return static_cast<unsigned __int128>(CountA) * BytesB >
         static_cast<unsigned __int128>(CountB) * BytesA;
}

std::vector<std::string>
orderFunctions(const std::vector<PlanFunction> &Functions,
               const std::vector<PlanCall> &Calls, const PlanOptions &Opts) {
  size_t N = Functions.size();
  std::map<std::string, size_t> Index;
  for (size_t I = 0; I < N; ++I)
    Index.emplace(Functions[I].Name, I);

  // The most frequent caller of each function (summing repeated edges;
  // self-calls do not cluster anything).
  std::vector<std::map<size_t, uint64_t>> CallersOf(N);
  for (const PlanCall &C : Calls) {
    auto From = Index.find(C.Caller), To = Index.find(C.Callee);
    if (From == Index.end() || To == Index.end() || From == To || !C.Count)
      continue;
    CallersOf[To->second][From->second] += C.Count;
  }

  std::vector<Cluster> Clusters(N);
  std::vector<size_t> ClusterOf(N);
  for (size_t I = 0; I < N; ++I) {
    Clusters[I].Members = {I};
    Clusters[I].Bytes =
        reservedBytes(Functions[I].Size, Opts, Functions[I].Shift);
    Clusters[I].Count = Functions[I].Count;
    ClusterOf[I] = I;
  }

  // C3: hottest first, append a function's cluster to its best caller's.
  std::vector<size_t> ByHeat(N);
  std::iota(ByHeat.begin(), ByHeat.end(), 0);
  std::sort(ByHeat.begin(), ByHeat.end(), [&](size_t A, size_t B) {
    if (Functions[A].Count != Functions[B].Count)
      return Functions[A].Count > Functions[B].Count;
    return Functions[A].Name < Functions[B].Name;
  });
  for (size_t F : ByHeat) {
    const std::map<size_t, uint64_t> &Callers = CallersOf[F];
    if (Callers.empty())
      continue;
    // Highest count; the map's order (by index, i.e. input order) would make
    // ties depend on the input order, so break them by name.
    size_t Best = Callers.begin()->first;
    for (const auto &[Caller, Count] : Callers) {
      uint64_t BestCount = Callers.at(Best);
      if (Count > BestCount ||
          (Count == BestCount && Functions[Caller].Name < Functions[Best].Name))
        Best = Caller;
    }
    size_t To = ClusterOf[Best], From = ClusterOf[F];
    if (To == From ||
        Clusters[To].Bytes + Clusters[From].Bytes > Opts.MaxClusterBytes)
      continue;
    for (size_t M : Clusters[From].Members) {
      Clusters[To].Members.push_back(M);
      ClusterOf[M] = To;
    }
    Clusters[To].Bytes += Clusters[From].Bytes;
    Clusters[To].Count += Clusters[From].Count;
    Clusters[From] = Cluster();
  }

  std::vector<const Cluster *> Live;
  for (const Cluster &C : Clusters)
    if (!C.Members.empty())
      Live.push_back(&C);
  std::sort(Live.begin(), Live.end(), [&](const Cluster *A, const Cluster *B) {
    if (denser(A->Count, A->Bytes, B->Count, B->Bytes))
      return true;
    if (denser(B->Count, B->Bytes, A->Count, A->Bytes))
      return false;
    return Functions[A->Members[0]].Name < Functions[B->Members[0]].Name;
  });
  std::vector<std::string> Order;
  for (const Cluster *C : Live)
    for (size_t M : C->Members)
      Order.push_back(Functions[M].Name);
  return Order;
}

static void sortByOffset(LayoutPlan &Plan) {
  std::sort(Plan.Functions.begin(), Plan.Functions.end(),
            [](const PlacedFunction &A, const PlacedFunction &B) {
              return A.Offset < B.Offset;
            });
}

LayoutPlan planLayout(const std::vector<PlanFunction> &Functions,
                      const std::vector<PlanCall> &Calls,
                      const PlanOptions &Opts) {
  std::map<std::string, const PlanFunction *> ByName;
  for (const PlanFunction &F : Functions)
    ByName.emplace(F.Name, &F);
  LayoutPlan Plan;
  Plan.LineSize = Opts.LineSize;
  Plan.SlackPercent = Opts.SlackPercent;
  uint64_t Offset = 0;
  for (const std::string &Name : orderFunctions(Functions, Calls, Opts)) {
    const PlanFunction &F = *ByName.at(Name);
    uint64_t Reserved = reservedBytes(F.Size, Opts, F.Shift);
    Plan.Functions.push_back(placed(F, Offset, Reserved, F.Shift));
    Offset += Reserved;
  }
  return Plan;
}

/// The lowest offset at which \p Bytes fit between the reservations of
/// \p Taken (sorted by offset), else the end of the last one.
static uint64_t firstFit(const std::vector<PlacedFunction> &Taken,
                         uint64_t Bytes) {
  uint64_t Cursor = 0;
  for (const PlacedFunction &T : Taken) {
    if (T.Offset >= Cursor && T.Offset - Cursor >= Bytes)
      return Cursor;
    Cursor = std::max(Cursor, T.Offset + T.Reserved);
  }
  return Cursor;
}

PlanUpdate updateLayout(const LayoutPlan &Old,
                        const std::vector<PlanFunction> &Functions,
                        const std::vector<PlanCall> &Calls,
                        const PlanOptions &Opts) {
  PlanOptions Local = Opts;
  Local.LineSize = Old.LineSize;
  std::map<std::string, const PlanFunction *> New;
  for (const PlanFunction &F : Functions)
    New.emplace(F.Name, &F);

  PlanUpdate U;
  U.Plan.LineSize = Old.LineSize;
  U.Plan.SlackPercent = Opts.SlackPercent;
  std::map<std::string, const PlacedFunction *> Movers;

  // Steps 1-2: keep what fits, note what moves and what is gone.
  for (const PlacedFunction &P : Old.Functions) {
    auto It = New.find(P.Name);
    if (It == New.end()) {
      U.Removed.push_back(P.Name);
      continue;
    }
    const PlanFunction &F = *It->second;
    // The shift stays with the code: while it is the same, its hot loops
    // keep their addresses whatever this build's profile says.
    bool SameCode = P.Shift && !P.CodeHash.empty() && P.CodeHash == F.CodeHash;
    uint64_t Shift = SameCode ? *P.Shift : F.Shift;
    if (Shift + F.Size <= P.Reserved) {
      U.Plan.Functions.push_back(placed(F, P.Offset, P.Reserved, Shift));
      if (SameCode && P.EmittedSize)
        U.Plan.Functions.back().EmittedSize = P.EmittedSize;
      U.Kept.push_back(F.Name);
      if (F.Hash != P.Hash)
        U.Edited.push_back(F.Name);
      continue;
    }
    Movers.emplace(P.Name, &P);
  }
  sortByOffset(U.Plan);

  // Step 3: movers and newcomers, in the fresh-plan order, first fit.
  std::set<std::string> InOld;
  for (const PlacedFunction &P : Old.Functions)
    InOld.insert(P.Name);
  for (const std::string &Name : orderFunctions(Functions, Calls, Local)) {
    auto Mover = Movers.find(Name);
    bool IsNew = !InOld.count(Name);
    if (Mover == Movers.end() && !IsNew)
      continue;
    const PlanFunction &F = *New.at(Name);
    uint64_t Reserved = reservedBytes(F.Size, Local, F.Shift);
    uint64_t Offset = firstFit(U.Plan.Functions, Reserved);
    PlacedFunction Placed = placed(F, Offset, Reserved, F.Shift);
    U.Plan.Functions.insert(
        std::upper_bound(U.Plan.Functions.begin(), U.Plan.Functions.end(),
                         Placed,
                         [](const PlacedFunction &A, const PlacedFunction &B) {
                           return A.Offset < B.Offset;
                         }),
        Placed);
    if (IsNew) {
      U.Added.push_back(Name);
      continue;
    }
    const PlacedFunction &P = *Mover->second;
    U.Moved.push_back({Name, P.Offset, Offset, P.Size, F.Size, P.Reserved,
                       "grew from " + std::to_string(P.Size) + " to " +
                           std::to_string(F.Size) + " bytes" +
                           (F.Shift ? " at shift " + std::to_string(F.Shift)
                                    : std::string()) +
                           ", reservation " + std::to_string(P.Reserved)});
  }
  return U;
}

} // namespace hotlayout
