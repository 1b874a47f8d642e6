//===- ABSimulate.cpp - hotlayout ab's rule on recorded runs --------------===//
//
// See ABSimulate.h. The loop below is runRounds()'s (AB.cpp) with
// recorded runs in place of processes and a counted clock in place of the
// real one; every decision is afterRound()'s, shared with it.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/AB/ABSimulate.h"

#include "hotlayout/Tool/AB/ABStopping.h"
#include "hotlayout/Tool/Support/Error.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace hotlayout {

Expected<ABRecording> readABRecording(StringRef Path, ABMetric Metric) {
  auto Buffer = MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return fileError(Path, "cannot be read: " + Buffer.getError().message());
  auto Root = json::parse((*Buffer)->getBuffer());
  if (!Root)
    return fileError(Path, "is not JSON (" + toString(Root.takeError()) +
                               "): record runs with hotlayout ab --json-out");
  const json::Array *Layouts =
      Root->getAsObject() ? Root->getAsObject()->getArray("layouts") : nullptr;
  if (!Layouts)
    return fileError(Path, "has no 'layouts': not hotlayout ab's JSON");
  ABRecording R;
  std::vector<double> All;
  const char *Key = Metric == ABMetric::Wall ? "wall" : "cpu";
  for (const json::Value &V : *Layouts) {
    const json::Object *O = V.getAsObject();
    const json::Array *Runs = O ? O->getArray(Key) : nullptr;
    if (!Runs || O->getBoolean("locked").value_or(false))
      continue;
    std::vector<double> X;
    for (const json::Value &T : *Runs)
      if (auto D = T.getAsNumber())
        X.push_back(*D);
    All.insert(All.end(), X.begin(), X.end());
    (O->getString("side").value_or("A") == "A" ? R.A : R.B).push_back(X);
  }
  // ab lists A's layouts by seed, then B's: index k is one seed's pair.
  std::string Why;
  if (!ab::compare(R.A, R.B, ab::StatsOptions(), Why))
    return fileError(Path, "holds no runs ab could compare: " + Why);
  if (R.A.size() < 2 || R.A.front().size() < 2)
    return fileError(Path, "needs 2 layouts and 2 rounds or more to draw from");
  R.MedianRun = ab::median(All);
  return R;
}

namespace {
/// One simulated comparison (steps 1-3 of ABSimulate.h).
class Trial {
public:
  Trial(const ABRecording &Rec, const ABSimSettings &S, uint64_t Seed)
      : Rec(Rec), S(S), Rng(Seed) {}

  ab::Verdict run(ABSimOutcome &Out) {
    ab::StopGoal Goal;
    Goal.Sequential = S.Sequential;
    Goal.Rounds = S.Rounds;
    Goal.MaxSeconds = S.MaxSeconds;
    Goal.MaxLayouts = std::max(S.MaxLayouts, S.Layouts);
    Goal.SpendingPower = S.SpendingPower;
    ab::StatsOptions Opts = ab::statsOptions(S.Sequential, S.Threshold, S.Seed);
    Opts.NoiseResamples = S.NoiseResamples;
    ab::RunCosts Costs;
    Costs.RunSeconds = S.RunSeconds > 0 ? S.RunSeconds : Rec.MedianRun;
    Costs.LayoutSeconds = S.LayoutSeconds;
    ab::StopState Now;
    double Confidence = Opts.Confidence; // ABCompare.cpp's Result.Confidence
    addSeeds(S.Layouts, Costs);
    ab::SideSamples A, B;
    unsigned RoundsEach = 0; // The last decision's: every seed at first.
    while (true) {
      round(Costs, RoundsEach);
      Now.CompleteRounds = ++Rounds;
      Now.PendingLayouts = counted(A, B);
      Now.ElapsedSeconds = Seconds;
      std::string Why;
      ab::LoopStep Step = ab::afterRound(A, B, Now, Goal, Costs, Opts, Why);
      if (Step.D)
        Confidence = Step.D->Confidence;
      if (Step.Stop != ab::StopReason::None)
        break;
      RoundsEach = Step.RoundsEach;
      addSeeds(Step.NewLayouts, Costs);
    }
    std::string Why;
    Opts.Confidence = Confidence;
    auto C = ab::compare(A, B, Opts, Why);
    Out.MeanRounds += Rounds;
    Out.MeanLayouts += A.size();
    Out.MeanSeconds += Seconds;
    return C ? C->V : ab::Verdict::Unresolved;
  }

private:
  /// Step 1 for \p N seeds, and their build time.
  void addSeeds(unsigned N, const ab::RunCosts &Costs) {
    size_t K = Rec.A.size();
    for (unsigned I = 0; I < N; ++I) {
      size_t A = Rng.below(K), B = A;
      if (S.IndependentLayouts)
        B = (A + 1 + Rng.below(K - 1)) % K;
      Seeds.push_back({A, B, Rounds, Rng.below(2) == 1});
      SimA.emplace_back();
      SimB.emplace_back();
    }
    Seconds += N * Costs.LayoutSeconds;
  }

  /// Step 2: one round of every seed with fewer than \p RoundsEach rounds
  /// (0: every seed).
  void round(const ab::RunCosts &Costs, unsigned RoundsEach) {
    for (size_t K = 0; K < Seeds.size(); ++K) {
      if (RoundsEach && SimA[K].size() >= RoundsEach)
        continue;
      Seconds += 2.0 * Costs.RunSeconds;
      const ab::SideSamples &FromA = Seeds[K].Swap ? Rec.B : Rec.A;
      const ab::SideSamples &FromB = Seeds[K].Swap ? Rec.A : Rec.B;
      const std::vector<double> &RA = FromA[Seeds[K].A],
                                &RB = FromB[Seeds[K].B];
      size_t R = Rng.below(std::min(RA.size(), RB.size()));
      SimA[K].push_back(RA[R]);
      SimB[K].push_back(RB[R] * (1 + S.Effect));
    }
  }

  /// The seeds that count (AB.cpp's counts()) into \p A, \p B;
  /// returns how many do not yet.
  unsigned counted(ab::SideSamples &A, ab::SideSamples &B) const {
    A.clear();
    B.clear();
    unsigned Pending = 0;
    for (size_t K = 0; K < Seeds.size(); ++K) {
      if (Seeds[K].FirstRound > 0 && SimA[K].size() < S.Rounds) {
        ++Pending;
        continue;
      }
      A.push_back(SimA[K]);
      B.push_back(SimB[K]);
    }
    return Pending;
  }

  struct SimSeed {
    size_t A, B; ///< Recorded seeds of its two layouts.
    unsigned FirstRound;
    bool Swap; ///< A's runs from the recorded B side, B's from A.
  };
  const ABRecording &Rec;
  const ABSimSettings &S;
  ab::Random Rng;
  std::vector<SimSeed> Seeds;
  ab::SideSamples SimA, SimB;
  unsigned Rounds = 0;
  double Seconds = 0;
};
} // namespace

ABSimOutcome simulateAB(const ABRecording &Rec, const ABSimSettings &S) {
  ABSimOutcome Out;
  for (unsigned T = 0; T < S.Trials; ++T) {
    switch (Trial(Rec, S, S.Seed + T).run(Out)) {
    case ab::Verdict::Slower:
      ++Out.Slower;
      break;
    case ab::Verdict::Faster:
      ++Out.Faster;
      break;
    case ab::Verdict::Same:
      ++Out.Same;
      break;
    case ab::Verdict::Unresolved:
      ++Out.Unresolved;
      break;
    }
  }
  Out.Trials = S.Trials;
  if (S.Trials) {
    Out.MeanRounds /= S.Trials;
    Out.MeanLayouts /= S.Trials;
    Out.MeanSeconds /= S.Trials;
  }
  return Out;
}

} // namespace hotlayout
