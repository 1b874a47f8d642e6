//===- ABStats.cpp - Statistics of an A/B comparison over layouts ---------===//
//
// See ABStats.h for the method. Cost: the per-seed medians once; the noise
// variances take 200 medians of R values per seed; the locked pair 2000 of
// its R values. Milliseconds for 32 seeds x 100 rounds, so ab can afford
// them after every round.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/AB/ABStats.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

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
  case Verdict::Unresolved:
    return "not resolved";
  case Verdict::Same:
    break;
  }
  return "same";
}

Verdict judge(double Ratio, double Low, double High, double Threshold,
              std::string &Rule) {
  char T[32];
  std::snprintf(T, sizeof(T), "%g%%", 100 * Threshold);
  if (Low > 1 && Ratio > 1 + Threshold) {
    Rule = std::string("interval above 1, estimate beyond +") + T;
    return Verdict::Slower;
  }
  if (High < 1 && Ratio < 1 - Threshold) {
    Rule = std::string("interval below 1, estimate beyond -") + T;
    return Verdict::Faster;
  }
  if (Low >= 1 - Threshold && High <= 1 + Threshold) {
    Rule = std::string("interval within +-") + T;
    return Verdict::Same;
  }
  // Neither: an estimate past the threshold whose interval still holds 1,
  // or an estimate within it whose interval reaches past it.
  Rule = std::abs(Ratio - 1) > Threshold
             ? std::string("estimate beyond +-") + T + ", interval holds 1"
             : std::string("estimate within +-") + T +
                   ", interval reaches past it";
  return Verdict::Unresolved;
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
  if (A.size() != B.size())
    return "each side needs the same layouts (one of A and one of B per "
           "seed)";
  for (size_t K = 0; K < A.size(); ++K) {
    if (A[K].size() != B[K].size())
      return "the two layouts of a seed need the same number of rounds";
    if (A[K].empty())
      return "no complete round of runs";
  }
  for (const SideSamples *S : {&A, &B})
    for (const std::vector<double> &Runs : *S)
      for (double X : Runs)
        if (!(X > 0) || !std::isfinite(X))
          return "a run time is not a positive number";
  return "";
}

/// The log ratios log(B/A) of the pairs of seed \p K.
static std::vector<double> logRatios(const SideSamples &A, const SideSamples &B,
                                     size_t K) {
  std::vector<double> D;
  for (size_t R = 0; R < A[K].size(); ++R)
    D.push_back(std::log(B[K][R] / A[K][R]));
  return D;
}

double medianNoiseVariance(const std::vector<double> &Values, Random &R,
                           unsigned Resamples) {
  if (Values.size() < 2 || Resamples < 2)
    return 0;
  std::vector<double> Drawn(Values.size()), Medians;
  double Mean = 0;
  for (unsigned I = 0; I < Resamples; ++I) {
    for (double &X : Drawn)
      X = Values[R.below(Values.size())];
    Medians.push_back(median(Drawn));
    Mean += Medians.back() / Resamples;
  }
  double Var = 0;
  for (double M : Medians)
    Var += (M - Mean) * (M - Mean) / (Resamples - 1);
  return Var;
}

std::vector<SeedEffect> seedEffects(const SideSamples &A, const SideSamples &B,
                                    uint64_t Seed, unsigned Resamples) {
  Random R(Seed);
  std::vector<SeedEffect> E;
  for (size_t K = 0; K < A.size(); ++K) {
    std::vector<double> D = logRatios(A, B, K);
    SeedEffect S;
    S.LogRatio = median(D);
    S.NoiseVariance = medianNoiseVariance(D, R, Resamples);
    S.Rounds = unsigned(D.size());
    E.push_back(S);
  }
  return E;
}

double normalQuantile(double P) {
  // Acklam's rational approximation (relative error below 1.2e-9), refined
  // by one Newton step on erfc.
  static const double A[] = {-3.969683028665376e+01, 2.209460984245205e+02,
                             -2.759285104469687e+02, 1.383577518672690e+02,
                             -3.066479806614716e+01, 2.506628277459239e+00};
  static const double B[] = {-5.447609879822406e+01, 1.615858368580409e+02,
                             -1.556989798598866e+02, 6.680131188771972e+01,
                             -1.328068155288572e+01};
  static const double C[] = {-7.784894002430293e-03, -3.223964580411365e-01,
                             -2.400758277161838e+00, -2.549732539343734e+00,
                             4.374664141464968e+00,  2.938163982698783e+00};
  static const double D[] = {7.784695709041462e-03, 3.224671290700398e-01,
                             2.445134137142996e+00, 3.754408661907416e+00};
  auto Tail = [&](double Q) {
    return (((((C[0] * Q + C[1]) * Q + C[2]) * Q + C[3]) * Q + C[4]) * Q +
            C[5]) /
           ((((D[0] * Q + D[1]) * Q + D[2]) * Q + D[3]) * Q + 1);
  };
  double X;
  if (P < 0.02425) {
    X = Tail(std::sqrt(-2 * std::log(P)));
  } else if (P > 1 - 0.02425) {
    X = -Tail(std::sqrt(-2 * std::log(1 - P)));
  } else {
    double Q = P - 0.5, R = Q * Q;
    X = (((((A[0] * R + A[1]) * R + A[2]) * R + A[3]) * R + A[4]) * R + A[5]) *
        Q / (((((B[0] * R + B[1]) * R + B[2]) * R + B[3]) * R + B[4]) * R + 1);
  }
  double E = 0.5 * std::erfc(-X / std::sqrt(2.0)) - P;
  double U = E * std::sqrt(2 * M_PI) * std::exp(X * X / 2);
  return X - U / (1 + X * U / 2);
}

double studentQuantile(double P, unsigned DF) {
  if (DF == 1)
    return std::tan(M_PI * (P - 0.5));
  if (DF == 2)
    return (2 * P - 1) / std::sqrt(2 * P * (1 - P));
  // Cornish-Fisher expansion in 1/DF (Abramowitz & Stegun 26.7.5): within
  // 0.004 of the exact value from 3 degrees of freedom on.
  double Z = normalQuantile(P), Z2 = Z * Z, N = DF;
  double G1 = (Z2 + 1) * Z / 4;
  double G2 = ((5 * Z2 + 16) * Z2 + 3) * Z / 96;
  double G3 = (((3 * Z2 + 19) * Z2 + 17) * Z2 - 15) * Z / 384;
  double G4 =
      ((((79 * Z2 + 776) * Z2 + 1482) * Z2 - 1920) * Z2 - 945) * Z / 92160;
  return Z + G1 / N + G2 / (N * N) + G3 / (N * N * N) + G4 / (N * N * N * N);
}

/// Step 3 for K >= 2 seeds: the t interval of the mean of \p PerSeed.
static std::pair<double, double>
seedInterval(const std::vector<double> &PerSeed, double Confidence) {
  double K = double(PerSeed.size()), Mean = 0, Var = 0;
  for (double X : PerSeed)
    Mean += X / K;
  for (double X : PerSeed)
    Var += (X - Mean) * (X - Mean) / (K - 1);
  double Half =
      studentQuantile(1 - (1 - Confidence) / 2, unsigned(PerSeed.size() - 1)) *
      std::sqrt(Var / K);
  return {Mean - Half, Mean + Half};
}

/// Step 3 for one seed: the percentile interval of the median of its log
/// ratios \p D, drawn again round by round.
static std::pair<double, double> roundInterval(const std::vector<double> &D,
                                               const StatsOptions &Opts) {
  Random R(Opts.Seed);
  std::vector<double> Drawn(D.size()), Logs;
  Logs.reserve(Opts.Resamples);
  for (unsigned I = 0; I < Opts.Resamples; ++I) {
    for (double &X : Drawn)
      X = D[R.below(D.size())];
    Logs.push_back(median(Drawn));
  }
  std::sort(Logs.begin(), Logs.end());
  double Alpha = 1 - Opts.Confidence;
  return {quantile(Logs, Alpha / 2), quantile(Logs, 1 - Alpha / 2)};
}

/// Step 5: the descriptive numbers, from each variant's median.
static void describe(const SideSamples &A, const SideSamples &B,
                     Comparison &C) {
  C.MediansA = variantMedians(A);
  C.MediansB = variantMedians(B);
  C.MedianA = median(C.MediansA);
  C.MedianB = median(C.MediansB);
  C.SpreadA = maxOverMin(C.MediansA);
  C.SpreadB = maxOverMin(C.MediansB);
  auto [LoA, HiA] = std::minmax_element(C.MediansA.begin(), C.MediansA.end());
  auto [LoB, HiB] = std::minmax_element(C.MediansB.begin(), C.MediansB.end());
  C.NaiveLow = *LoB / *HiA;
  C.NaiveHigh = *HiB / *LoA;
}

std::optional<Comparison> compare(const SideSamples &A, const SideSamples &B,
                                  const StatsOptions &Opts, std::string &Why) {
  Why = checkShape(A, B);
  if (!Why.empty())
    return std::nullopt;
  Comparison C;
  describe(A, B, C);
  std::vector<double> PerSeed;
  double Point = 0;
  for (size_t K = 0; K < A.size(); ++K) {
    PerSeed.push_back(median(logRatios(A, B, K)));
    Point += PerSeed.back() / A.size();
  }
  C.Ratio = std::exp(Point);
  auto [Lo, Hi] = PerSeed.size() > 1 ? seedInterval(PerSeed, Opts.Confidence)
                                     : roundInterval(logRatios(A, B, 0), Opts);
  C.CILow = std::exp(Lo);
  C.CIHigh = std::exp(Hi);
  C.Threshold = Opts.Threshold;
  C.V = judge(C.Ratio, C.CILow, C.CIHigh, Opts.Threshold, C.Rule);
  // An effect d moves the interval to about [d - below, d + above] on the
  // log scale; it clears 1 once d exceeds the half-width on that side.
  C.Detectable = std::exp(std::max(Point - Lo, Hi - Point)) - 1;
  return C;
}

double sampleVariance(const std::vector<double> &V) {
  if (V.size() < 2)
    return 0;
  double Mean = 0, Var = 0;
  for (double X : V)
    Mean += X / V.size();
  for (double X : V)
    Var += (X - Mean) * (X - Mean) / (V.size() - 1);
  return Var;
}

double chiSquareQuantile(double P, unsigned DF) {
  // Wilson-Hilferty: (X/DF)^(1/3) is nearly normal.
  double H = 2.0 / (9.0 * DF);
  double C = 1 - H + normalQuantile(P) * std::sqrt(H);
  return DF * C * C * C;
}

/// log(S[k][r]) less the median of the logs of every layout's run of that
/// round: what the layouts of one side share in a round (a slow minute of
/// the machine) moves none of their medians apart, so it must not count as
/// run noise either. A layout with fewer rounds ran the last ones (ab adds
/// layouts on the way, it never drops one).
static SideSamples roundNormalisedLogs(const SideSamples &S) {
  size_t Rounds = 0;
  for (const std::vector<double> &Runs : S)
    Rounds = std::max(Rounds, Runs.size());
  std::vector<double> Shared(Rounds);
  for (size_t G = 0; G < Rounds; ++G) {
    std::vector<double> Logs;
    for (const std::vector<double> &Runs : S)
      if (G + Runs.size() >= Rounds)
        Logs.push_back(std::log(Runs[G + Runs.size() - Rounds]));
    Shared[G] = median(Logs);
  }
  SideSamples Out;
  for (const std::vector<double> &Runs : S) {
    Out.emplace_back();
    for (size_t I = 0; I < Runs.size(); ++I)
      Out.back().push_back(std::log(Runs[I]) -
                           Shared[Rounds - Runs.size() + I]);
  }
  return Out;
}

std::optional<LayoutTax> layoutTax(const SideSamples &S,
                                   const StatsOptions &Opts, std::string &Why) {
  if (S.size() < MinTaxLayouts) {
    Why = "the layout tax needs " + std::to_string(MinTaxLayouts) +
          " layouts or more";
    return std::nullopt;
  }
  for (const std::vector<double> &Runs : S)
    if (Runs.size() < MinTaxRounds) {
      Why = "the layout tax needs " + std::to_string(MinTaxRounds) +
            " rounds of every layout or more";
      return std::nullopt;
    }
  Random R(Opts.Seed);
  std::vector<double> M, Noise;
  for (const std::vector<double> &Logs : roundNormalisedLogs(S)) {
    M.push_back(median(Logs));
    Noise.push_back(medianNoiseVariance(Logs, R));
  }
  LayoutTax T;
  T.Layouts = unsigned(S.size());
  // The sample variance of K medians is (Sigma^2 + their noise) times a
  // chi-square with K - 1 degrees of freedom over K - 1. Its interval bounds
  // Sigma^2 + noise: the low end less the noise bounds Sigma from below;
  // the high end, noise left in, from above (the bootstrap's noise is
  // somewhat too large for a few runs, so taking it out there could claim
  // a bound of 0).
  double Var = sampleVariance(M), NoiseMean = 0;
  for (double N : Noise)
    NoiseMean += N / Noise.size();
  unsigned DF = unsigned(S.size() - 1);
  double Alpha = 1 - Opts.Confidence;
  T.Sigma = std::sqrt(std::max(0.0, Var - NoiseMean));
  T.CILow = std::sqrt(std::max(
      0.0, DF * Var / chiSquareQuantile(1 - Alpha / 2, DF) - NoiseMean));
  // Wilson-Hilferty's quantile is not positive for a tiny Alpha and few
  // layouts (an early look of --ci-target spends little): no upper bound
  // then, rather than the square root of a negative number (NaN).
  double LowQuantile = chiSquareQuantile(Alpha / 2, DF);
  T.CIHigh = LowQuantile > 0 ? std::sqrt(DF * Var / LowQuantile)
                             : std::numeric_limits<double>::infinity();
  return T;
}

} // namespace ab
} // namespace hotlayout
