// The recipe's build tests: a program (main.c) and its kernels (kernels.c),
// built by make, CMake and autotools (kernels.c as a libtool library).
unsigned sum_bytes(const unsigned char *P, unsigned N);
unsigned count_odd(const unsigned *P, unsigned N);
