//===- ABSimulation.h - A synthetic machine for ab's statistics -*- C++ -*-===//
//
// Shared by ABStatsTest.cpp and ABStoppingTest.cpp: timings drawn from a
// model of the 2-vCPU EPYC VM this project is developed on
// (shared/README.md, bench/README.md), never from a clock:
//  - layout: 8 links of Lua that differ only in section order spread
//    1.04-1.06 (max/min of their medians): a per-layout factor
//    exp(0.015 z); B's layout of a seed is independent of A's of that seed
//    unless PairedLayouts says how much of it they share (1: the same
//    layout, as for two links of the same code);
//  - runs: the VM has ~2x slow/fast phases lasting hundreds of ms and other
//    tenants: each run is exp(0.12 z) and, one time in four, 2x slower;
//    B's run of a seed shares A's phase with probability SharedPhase (ab
//    runs them back to back);
//  - rounds: slow drifts over minutes, exp(0.04 z) shared by every run of a
//    round.
// ABStatsTest's MachineNoiseMatchesMeasurement checks that this gives the
// spread measured for 8 byte-identical copies over 25 rounds (1.117 in
// normalised median).
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TEST_UNIT_ABSIMULATION_H
#define HOTLAYOUT_TEST_UNIT_ABSIMULATION_H

#include "hotlayout/Tool/AB/ABStats.h"

#include <cmath>

namespace hotlayout {
namespace ab {
namespace test {

struct Machine {
  double LayoutSigma = 0.015;
  double RunSigma = 0.12;
  double SlowPhaseChance = 0.25;
  double SlowPhaseFactor = 2.0;
  double RoundSigma = 0.04;
  double PairedLayouts = 0; ///< Correlation of A's and B's layout factor.
  double SharedPhase = 0;   ///< Chance that B's run shares A's phase.
};

/// A growing table of runs: B's times are \p Effect times A's.
class SyntheticRuns {
public:
  SyntheticRuns(Random &R, double Effect, const Machine &M = Machine())
      : R(R), Effect(Effect), M(M) {}

  /// N more seeds, with no runs yet (they join the next round).
  void addLayouts(unsigned N) {
    for (unsigned I = 0; I < N; ++I) {
      double ZA = R.normal(), ZB = R.normal();
      double Rho = M.PairedLayouts;
      LayoutA.push_back(std::exp(M.LayoutSigma * ZA));
      LayoutB.push_back(
          std::exp(M.LayoutSigma * (Rho * ZA + std::sqrt(1 - Rho * Rho) * ZB)));
      A.emplace_back();
      B.emplace_back();
    }
  }

  /// One round: every seed's A run, then its B run; seeds with
  /// \p RoundsEach rounds or more (not 0) sit it out. Returns the runs made.
  unsigned addRound(unsigned RoundsEach = 0) {
    double Round = std::exp(M.RoundSigma * R.normal());
    unsigned Runs = 0;
    for (size_t K = 0; K < A.size(); ++K) {
      if (RoundsEach && A[K].size() >= RoundsEach)
        continue;
      Runs += 2;
      bool SlowA = R.uniform() < M.SlowPhaseChance;
      bool SlowB =
          R.uniform() < M.SharedPhase ? SlowA : R.uniform() < M.SlowPhaseChance;
      A[K].push_back(run(LayoutA[K], Round, SlowA));
      B[K].push_back(Effect * run(LayoutB[K], Round, SlowB));
    }
    return Runs;
  }

  SideSamples A, B;

private:
  double run(double Layout, double Round, bool Slow) {
    double X = 0.3 * Layout * Round * std::exp(M.RunSigma * R.normal());
    return Slow ? X * M.SlowPhaseFactor : X;
  }

  Random &R;
  double Effect;
  Machine M;
  std::vector<double> LayoutA, LayoutB;
};

/// K layouts of A and of B, R rounds.
struct Experiment {
  SideSamples A, B;
};

inline Experiment simulate(Random &R, unsigned K, unsigned Rounds,
                           double Effect, const Machine &M = Machine()) {
  SyntheticRuns S(R, Effect, M);
  S.addLayouts(K);
  for (unsigned I = 0; I < Rounds; ++I)
    S.addRound();
  return {std::move(S.A), std::move(S.B)};
}

} // namespace test
} // namespace ab
} // namespace hotlayout

#endif // HOTLAYOUT_TEST_UNIT_ABSIMULATION_H
