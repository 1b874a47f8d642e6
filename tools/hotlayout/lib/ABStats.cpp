//===- ABStats.cpp - Statistics of an A/B comparison over layouts ---------===//
//
// See ABStats.h for the method. Cost: one bootstrap replicate takes a
// median over R rounds per variant (2K of them), then a median over K per
// side; 2000 replicates of 16 variants x 10 rounds take milliseconds.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/ABStats.h"

#include <algorithm>
#include <cmath>

namespace hotlayout {
namespace ab {

uint64_t Random::below(uint64_t N) {
  // Reject the top partial block of 2^64 so every residue is equally likely.
  uint64_t Limit = UINT64_MAX - UINT64_MAX % N;
  uint64_t X;
  do
    X = Engine();
  while (X >= Limit);
  return X % N;
}

double Random::uniform() { return double(Engine() >> 11) * 0x1.0p-53; }

double Random::normal() {
  // 1 - uniform() is in (0, 1], so the log is finite.
  double U = 1.0 - uniform(), V = uniform();
  return std::sqrt(-2.0 * std::log(U)) * std::cos(2.0 * M_PI * V);
}

double median(std::vector<double> V) {
  if (V.empty())
    return 0;
  size_t Mid = V.size() / 2;
  std::nth_element(V.begin(), V.begin() + Mid, V.end());
  double Upper = V[Mid];
  if (V.size() % 2)
    return Upper;
  double Lower = *std::max_element(V.begin(), V.begin() + Mid);
  return (Lower + Upper) / 2;
}

double quantile(const std::vector<double> &Sorted, double Q) {
  if (Sorted.empty())
    return 0;
  double Pos = Q * double(Sorted.size() - 1);
  size_t I = size_t(std::floor(Pos));
  if (I + 1 >= Sorted.size())
    return Sorted.back();
  double F = Pos - double(I);
  return Sorted[I] + F * (Sorted[I + 1] - Sorted[I]);
}

const char *verdictName(Verdict V) {
  switch (V) {
  case Verdict::Slower:
    return "slower";
  case Verdict::Faster:
    return "faster";
  case Verdict::Same:
    break;
  }
  return "same";
}

/// The median of each variant's runs.
static std::vector<double> variantMedians(const SideSamples &S) {
  std::vector<double> M;
  for (const std::vector<double> &Runs : S)
    M.push_back(median(Runs));
  return M;
}

static double maxOverMin(const std::vector<double> &V) {
  auto [Lo, Hi] = std::minmax_element(V.begin(), V.end());
  return *Hi / *Lo;
}

/// An empty string when \p A and \p B can be compared, else why not.
static std::string checkShape(const SideSamples &A, const SideSamples &B) {
  if (A.empty() || B.empty())
    return "each side needs at least one layout variant";
  size_t Rounds = A.front().size();
  if (!Rounds)
    return "no complete round of runs";
  for (const SideSamples *S : {&A, &B})
    for (const std::vector<double> &Runs : *S) {
      if (Runs.size() != Rounds)
        return "every variant needs the same number of rounds";
      for (double X : Runs)
        if (!(X > 0) || !std::isfinite(X))
          return "a run time is not a positive number";
    }
  return "";
}

/// One bootstrap replicate of the ratio: layouts drawn per side and, with
/// \p DrawRounds, rounds drawn once for all variants.
static double replicate(const SideSamples &A, const SideSamples &B,
                        bool DrawRounds, Random &R, std::vector<size_t> &Rounds,
                        std::vector<double> &Scratch) {
  for (size_t J = 0; J < Rounds.size(); ++J)
    Rounds[J] = DrawRounds ? R.below(Rounds.size()) : J;
  auto SideMedian = [&](const SideSamples &S) {
    std::vector<double> Medians(S.size());
    for (size_t V = 0; V < S.size(); ++V) {
      Scratch.clear();
      for (size_t I : Rounds)
        Scratch.push_back(S[V][I]);
      Medians[V] = median(Scratch);
    }
    std::vector<double> Drawn;
    for (size_t K = 0; K < S.size(); ++K)
      Drawn.push_back(Medians[R.below(S.size())]);
    return median(std::move(Drawn));
  };
  double MA = SideMedian(A);
  return SideMedian(B) / MA;
}

std::optional<Comparison> compare(const SideSamples &A, const SideSamples &B,
                                  const StatsOptions &Opts, std::string &Why) {
  Why = checkShape(A, B);
  if (!Why.empty())
    return std::nullopt;
  Comparison C;
  C.MediansA = variantMedians(A);
  C.MediansB = variantMedians(B);
  C.MedianA = median(C.MediansA);
  C.MedianB = median(C.MediansB);
  C.Ratio = C.MedianB / C.MedianA;
  C.SpreadA = maxOverMin(C.MediansA);
  C.SpreadB = maxOverMin(C.MediansB);
  auto [LoA, HiA] = std::minmax_element(C.MediansA.begin(), C.MediansA.end());
  auto [LoB, HiB] = std::minmax_element(C.MediansB.begin(), C.MediansB.end());
  C.NaiveLow = *LoB / *HiA;
  C.NaiveHigh = *HiB / *LoA;

  Random R(Opts.Seed);
  size_t K = std::min(A.size(), B.size());
  std::vector<size_t> Rounds(A.front().size());
  std::vector<double> Scratch, Ratios;
  Ratios.reserve(Opts.Resamples);
  for (unsigned I = 0; I < Opts.Resamples; ++I)
    Ratios.push_back(
        replicate(A, B, /*DrawRounds=*/K == 1, R, Rounds, Scratch));
  std::sort(Ratios.begin(), Ratios.end());
  double Alpha = 1 - Opts.Confidence;
  // Widen by sqrt(K/(K-1)) on the log scale: a bootstrap over K layouts
  // sees (K-1)/K of their variance (with 4 layouts the plain percentile
  // interval held the null in 92.5 % of simulated runs, widened 97 %).
  double Widen = K > 1 ? std::sqrt(double(K) / double(K - 1)) : 1;
  C.CILow = C.Ratio * std::pow(quantile(Ratios, Alpha / 2) / C.Ratio, Widen);
  C.CIHigh =
      C.Ratio * std::pow(quantile(Ratios, 1 - Alpha / 2) / C.Ratio, Widen);
  C.V = C.CILow > 1    ? Verdict::Slower
        : C.CIHigh < 1 ? Verdict::Faster
                       : Verdict::Same;
  // An effect d moves the interval to about [d - below, d + above] on the
  // log scale; it clears 1 once d exceeds the half-width on that side.
  double Below = std::log(C.Ratio / C.CILow);
  double Above = std::log(C.CIHigh / C.Ratio);
  C.Detectable = std::exp(std::max(Below, Above)) - 1;
  return C;
}

} // namespace ab
} // namespace hotlayout
