//===- ABStats.h - Statistics of an A/B comparison over layouts -*- C++ -*-===//
//
// Plain C++ (no LLVM): the numbers `hotlayout ab` reports. The unit of
// replication is the layout: each side (A, B) is K layout variants of one
// binary, each run once per round for R rounds, every variant in every
// round. So a sample is indexed [variant][round], and rounds are shared by
// all variants of both sides (they ran interleaved, in the same minutes).
//
//  1. Per variant, the median of its runs; per side, the median of those.
//  2. ratio = median(B) / median(A).
//  3. A 95 % interval by bootstrap over layouts and runs: each replicate
//     draws K layouts of A and K of B with replacement, each with its own
//     runs (their noise is already in its median: drawing runs as well
//     counts it twice, and in simulations of this machine made the
//     interval 1.6-5x wider than the ratio really varies). A side of one
//     layout (the --lock pair) has nothing to draw: then rounds are drawn
//     with replacement, the same rounds for every variant (a slow minute of
//     the machine slows both sides alike; whole rounds keep that, so it
//     cancels in the ratio as it does in the estimate). The percentile
//     interval of log(ratio) is widened by sqrt(K/(K-1)), the variance a
//     bootstrap over K values misses.
//  4. Verdict: slower when the interval's low end is above 1, faster when
//     its high end is below 1, else same, with the smallest effect this
//     run could have told from 1 (the larger half-width of the interval on
//     the log scale).
//  5. Spread per side (max/min of its variant medians) and the naive range:
//     the smallest and largest B_j/A_i over all K x K pairs of variants,
//     i.e. what a single-layout A/B could have reported.
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

/// Runs of one side: [variant][round]. Every variant of both sides has the
/// same number of rounds, round r of every variant ran in the same pass.
using SideSamples = std::vector<std::vector<double>>;

/// Settings of compare().
struct StatsOptions {
  unsigned Resamples = 2000; ///< Bootstrap replicates.
  double Confidence = 0.95;  ///< Two-sided interval.
  uint64_t Seed = 1;         ///< Of the bootstrap draws.
};

enum class Verdict { Same, Slower, Faster };

/// "same", "slower" or "faster".
const char *verdictName(Verdict V);

/// What compare() finds.
struct Comparison {
  std::vector<double> MediansA, MediansB; ///< Per variant, in input order.
  double MedianA = 0, MedianB = 0;        ///< Median of the variant medians.
  double Ratio = 0;                       ///< MedianB / MedianA.
  double CILow = 0, CIHigh = 0;
  double SpreadA = 0, SpreadB = 0; ///< max/min of each side's medians.
  double NaiveLow = 0, NaiveHigh = 0;
  /// The smallest relative effect (0.03 = 3 %) whose interval, this wide,
  /// would have stayed off 1: what a `same` verdict can rule out.
  double Detectable = 0;
  Verdict V = Verdict::Same;
};

/// Compares \p B against \p A (see the file comment). Fails with a message
/// when a side has no variant, the rounds differ in number, there is no
/// round, or a sample is not a positive finite number.
std::optional<Comparison> compare(const SideSamples &A, const SideSamples &B,
                                  const StatsOptions &Opts, std::string &Why);

} // namespace ab
} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_ABSTATS_H
