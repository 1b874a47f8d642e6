//===- ABStats.h - Statistics of an A/B comparison over layouts -*- C++ -*-===//
//
// Plain C++ (no LLVM): the numbers `hotlayout ab` reports. The unit of
// replication is the layout: each side (A, B) is K layout variants of one
// binary, and layout k of A and layout k of B come from the same seed (the
// same order of the functions they share). In every round the two layouts
// of a seed run back to back, so a sample is indexed [layout][round] and
// A[k][r], B[k][r] are a pair that shared the machine's state of that
// moment. A layout added later (hotlayout ab --ci-target) has fewer rounds
// than the first ones; the two layouts of one seed always have the same.
//
//  1. Per seed, the log ratios log(B[k][r] / A[k][r]) of its pairs, and
//     their median over rounds: what that layout pair says B costs.
//  2. ratio = exp(mean over seeds of those).
//  3. A 95 % interval over seeds: the t interval of that mean (the seeds'
//     medians are K independent draws of "B's cost under some layout";
//     their spread holds both the run noise left in each median and what
//     the layout itself changes, so nothing is counted twice). A single
//     seed (the --lock pair) has nothing to spread: then its rounds are
//     drawn with replacement (bootstrap, percentile interval of the
//     median). Pairing removes what the two sides share: a slow or fast
//     phase of the machine (hundreds of ms here), and the layout itself
//     where A and B differ little. bench/ab/README.md measures how much
//     narrower this is, per second of runs, than what ab did before (the
//     median of each side's per-layout medians, bootstrap over layouts).
//  4. Verdict against a noise threshold T (as criterion.rs has one; the
//     default and why: bench/ab/README.md): slower when the interval's low
//     end is above 1 and the ratio above 1 + T, faster when its high end is
//     below 1 and the ratio below 1 - T, same when the whole interval lies
//     within 1 +- T, else not resolved (more runs would tell). A change
//     that is real but smaller than T (a relink that moves Lua by 0.7 %)
//     is never a finding, and `same` claims only what the interval shows.
//     With it, the smallest effect this run could have told from 1 (the
//     larger half-width of the interval on the log scale).
//  5. Spread per side (max/min of its variant medians) and the naive range:
//     the smallest and largest B_j/A_i over all K x K pairs of variants,
//     i.e. what a single-layout A/B could have reported.
//  6. The layout tax of a side (layoutTax()): how much layout alone moves
//     its run time, as the standard deviation of the layout effect across
//     its layouts, with the run noise in each layout's median taken out,
//     and a chi-square interval (even when the point estimate is 0, the
//     upper end says how large a tax these runs cannot rule out).
//
// Random numbers come from std::mt19937_64 (its output is fixed by the
// standard) through our own integer and normal draws, because libstdc++'s
// and libc++'s distributions may differ between versions: a seed gives the
// same interval everywhere.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_ABSTATS_H
#define HOTLAYOUT_TOOL_ABSTATS_H

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace hotlayout {
namespace ab {

/// Seeded random numbers that are the same on every standard library.
class Random {
public:
  explicit Random(uint64_t Seed) : Engine(Seed) {}

  /// A uniform integer in [0, N), N > 0 (rejection sampling, no modulo
  /// bias).
  uint64_t below(uint64_t N);

  /// A uniform double in [0, 1) with 53 random bits.
  double uniform();

  /// A standard normal draw (Box-Muller).
  double normal();

  /// Shuffles \p V in place (Fisher-Yates with below()).
  template <typename T> void shuffle(std::vector<T> &V) {
    for (size_t I = V.size(); I > 1; --I)
      std::swap(V[I - 1], V[below(I)]);
  }

private:
  std::mt19937_64 Engine;
};

/// The median of \p V (mean of the two middle values for an even count);
/// 0 for an empty \p V. Takes a copy: it reorders.
double median(std::vector<double> V);

/// The \p Q quantile (0..1) of sorted \p Sorted, interpolating linearly
/// between order statistics (type 7, R's default).
double quantile(const std::vector<double> &Sorted, double Q);

/// The \p P quantile of the standard normal distribution, 0 < P < 1.
double normalQuantile(double P);

/// The \p P quantile of Student's t with \p DF degrees of freedom (DF >= 1;
/// exact for 1 and 2, within 0.004 from 3 on).
double studentQuantile(double P, unsigned DF);

/// The \p P quantile of the chi-square distribution with \p DF >= 1 degrees
/// of freedom (Wilson-Hilferty: the upper tail within 0.3 % from 3 degrees
/// of freedom on, the lower within 2 % from 7 on and 16 % low at 3, which
/// only widens layoutTax()'s upper end).
double chiSquareQuantile(double P, unsigned DF);

/// The sample variance of \p V (denominator size - 1); 0 below 2 values.
double sampleVariance(const std::vector<double> &V);

/// Runs of one side: [layout][round]. Layout k of A and of B share a seed
/// and have the same number of rounds; round r of the two ran back to back.
using SideSamples = std::vector<std::vector<double>>;

/// What one seed's layout pair says (step 1).
struct SeedEffect {
  double LogRatio = 0; ///< Median over rounds of log(B/A).
  /// The variance of LogRatio from run noise alone: a bootstrap over the
  /// seed's rounds (0 with one round).
  double NoiseVariance = 0;
  unsigned Rounds = 0;
};

/// Step 1 for every seed; \p Seed seeds the bootstrap of the noise. The
/// samples must have passed compare()'s checks.
std::vector<SeedEffect> seedEffects(const SideSamples &A, const SideSamples &B,
                                    uint64_t Seed, unsigned Resamples = 200);

/// The variance of the median of \p Values from drawing them again
/// (\p Resamples bootstrap replicates); 0 for fewer than two values.
double medianNoiseVariance(const std::vector<double> &Values, Random &R,
                           unsigned Resamples = 200);

/// Below this many layouts per side the interval rests on the spread of 2
/// or 3 layout pairs (1 or 2 degrees of freedom): too few to say how much
/// layouts move the program. ab warns below it, and --ci-target, whose
/// plan splits that spread into layout and run noise, refuses to start.
inline constexpr unsigned MinTrustedLayouts = 4;

/// The noise threshold without --threshold or --ci-target: 1 %, criterion's
/// default, above what a relink alone moved Lua by (0.6-0.7 %) and at the
/// upper end of its layout tax on this project's VM (bench/ab/README.md).
inline constexpr double DefaultThreshold = 0.01;

/// Settings of compare().
struct StatsOptions {
  unsigned Resamples = 2000; ///< Bootstrap replicates.
  /// Two-sided interval; ABStopping.h's LookConfidence when the runs stop
  /// on the interval.
  double Confidence = 0.95;
  uint64_t Seed = 1;                   ///< Of the bootstrap draws.
  double Threshold = DefaultThreshold; ///< Of step 4.
  /// Bootstrap replicates of each seed's noise variance (seedEffects(),
  /// read by ABStopping.h's plan, not by the interval); fewer only in
  /// `hotlayout ab --simulate`, which runs the rule thousands of times.
  unsigned NoiseResamples = 200;
};

enum class Verdict { Same, Slower, Faster, Unresolved };

/// "same", "slower", "faster" or "not resolved".
const char *verdictName(Verdict V);

/// Step 4: the verdict on \p Ratio with interval [\p Low, \p High] and
/// noise threshold \p Threshold (relative, 0.01 for 1 %), and in \p Rule
/// which test gave it ("interval within +-1%").
Verdict judge(double Ratio, double Low, double High, double Threshold,
              std::string &Rule);

/// What compare() finds.
struct Comparison {
  std::vector<double> MediansA, MediansB; ///< Per variant, in input order.
  double MedianA = 0, MedianB = 0;        ///< Median of the variant medians.
  /// exp(mean of the seeds' LogRatio): B's time over A's.
  double Ratio = 0;
  double CILow = 0, CIHigh = 0;
  double SpreadA = 0, SpreadB = 0; ///< max/min of each side's medians.
  double NaiveLow = 0, NaiveHigh = 0;
  /// The smallest relative effect (0.03 = 3 %) whose interval, this wide,
  /// would have stayed off 1: what a `same` verdict can rule out.
  double Detectable = 0;
  Verdict V = Verdict::Same;
  std::string Rule;     ///< judge()'s: which test gave V.
  double Threshold = 0; ///< The one V was judged against.
};

/// Compares \p B against \p A (see the file comment). Fails with a message
/// when a side has no layout, the sides have different numbers of layouts,
/// the two layouts of a seed have different numbers of rounds, a layout has
/// no round, or a sample is not a positive finite number.
std::optional<Comparison> compare(const SideSamples &A, const SideSamples &B,
                                  const StatsOptions &Opts, std::string &Why);

/// How much layout alone moves one side's run time (step 6).
struct LayoutTax {
  /// Standard deviation of the layout effect across layouts, relative
  /// (0.012: layouts move the time by about +-1.2 %), with the run noise
  /// of each layout's median removed (never below 0).
  double Sigma = 0;
  /// 95 % interval of Sigma; CIHigh bounds layout and remaining run noise
  /// together.
  double CILow = 0, CIHigh = 0;
  unsigned Layouts = 0;
};

/// Fewest layouts, and rounds in each, that layoutTax() reads.
inline constexpr unsigned MinTaxLayouts = MinTrustedLayouts, MinTaxRounds = 3;

/// The layout tax of \p S: per layout the median of its log times less
/// each round's median over the side's layouts (a layout with fewer rounds
/// ran the last ones); Sigma^2 is the
/// variance of those across layouts minus the mean of their noise
/// variances (medianNoiseVariance); the interval is the chi-square interval
/// of that variance (K - 1 degrees of freedom), less the noise at its low
/// end and with the noise left in at its high end (an upper bound that
/// holds however rough the noise estimate).
/// Fails (with \p Why) below MinTaxLayouts layouts or MinTaxRounds rounds.
std::optional<LayoutTax> layoutTax(const SideSamples &S,
                                   const StatsOptions &Opts, std::string &Why);

} // namespace ab
} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_ABSTATS_H
