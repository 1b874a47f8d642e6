#include <string>

// C++ with a hot loop of its own, called from C.
extern "C" unsigned count_words(const char *text, unsigned repeat) {
  std::string s;
  for (unsigned i = 0; i < repeat; ++i)
    s += text;
  unsigned words = 0;
  bool in = false;
  for (char c : s) {
    if (c != ' ' && !in)
      ++words;
    in = c != ' ';
  }
  return words;
}
