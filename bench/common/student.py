"""student.py: Student's t 0.975 quantile, as `hotlayout ab` computes it (ABStats.cpp's
studentQuantile: Cornish-Fisher, exact for 1 and 2 degrees of freedom), for the benches that
give ab's interval from their own samples (bench/ab/variance.py, bench/aligned-lock/timed.py)."""


def t_quantile(df):
    """Student's t 0.975 quantile (Cornish-Fisher, as ab's studentQuantile)."""
    if df == 1:
        return 12.706
    if df == 2:
        return 4.303
    z = 1.959964
    z2 = z * z
    g = [(z2 + 1) * z / 4, ((5 * z2 + 16) * z2 + 3) * z / 96,
         (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384,
         ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * z / 92160]
    return z + sum(gi / df ** (i + 1) for i, gi in enumerate(g))
