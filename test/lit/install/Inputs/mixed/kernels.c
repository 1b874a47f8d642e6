unsigned long sum_squares(const unsigned *v, unsigned n) {
  unsigned long s = 0;
  for (unsigned i = 0; i < n; ++i)
    s += (unsigned long)v[i] * v[i] >> 3;
  return s;
}
