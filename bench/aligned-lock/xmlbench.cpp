// xmlbench.cpp - the aligned-lock bench's C++ program (programs.sh: pugixml):
// pugixml's parser, DOM walk, writer and XPath engine on a generated document.
// It prints checksums and query results only, so every build of it must print
// the same bytes.
//
//   xmlbench gen RECORDS       print a deterministic XML document of RECORDS
//   records xmlbench parse FILE REPS   parse FILE REPS times (parse_full:
//   escapes, end-of-line and
//                              attribute normalisation, comments, PIs, CDATA,
//                              DOCTYPE) and walk each tree; hash the first tree
//                              and its indented save
//   xmlbench xpath FILE REPS   parse FILE once; compile and evaluate a fixed
//   set of XPath
//                              queries REPS times; print each query's result
//
// The generator is ours (a linear congruential generator and a word list), not
// pugixml's, so the input does not depend on the build that writes it.
#include "pugixml.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

// Numerical Recipes' LCG: deterministic on every platform.
struct Rng {
  uint32_t State = 12345;
  uint32_t next() {
    State = State * 1664525u + 1013904223u;
    return State >> 8;
  }
  uint32_t below(uint32_t N) { return next() % N; }
};

const char *const Words[] = {
    "river",  "stone",   "blue",   "quiet",  "engine", "paper",  "silver",
    "orbit",  "lantern", "harbor", "cipher", "meadow", "copper", "signal",
    "winter", "thread",  "glass",  "summit", "ember",  "canyon", "violet",
    "marble", "falcon",  "prism",  "tundra", "velvet", "anchor", "willow",
    "quartz", "beacon",  "delta",  "fable"};
constexpr uint32_t NumWords = sizeof(Words) / sizeof(Words[0]);

void words(Rng &R, std::string &Out, unsigned N) {
  for (unsigned I = 0; I < N; ++I) {
    if (I)
      Out += ' ';
    Out += Words[R.below(NumWords)];
  }
}

// One record: attributes, nested elements, escaped text, character references,
// and now and then a CDATA section, a comment or a processing instruction, CR
// LF line ends.
void record(Rng &R, unsigned Id, std::string &Out) {
  char Buf[160];
  snprintf(
      Buf, sizeof Buf,
      "  <book id=\"b%05u\" lang=\"%s\" year=\"%u\" price=\"%u.%02u\">\r\n", Id,
      R.below(3) ? "en" : "de", 1950 + R.below(70), 5 + R.below(60),
      R.below(100));
  Out += Buf;
  Out += "    <title>";
  words(R, Out, 2 + R.below(5));
  Out += " &amp; ";
  words(R, Out, 1 + R.below(3));
  Out += "</title>\r\n";
  Out += "    <author first=\"";
  words(R, Out, 1);
  Out += "\" last=\"";
  Out += static_cast<char>('A' + R.below(26));
  words(R, Out, 1);
  Out += "\"/>\r\n    <tags>";
  for (unsigned T = 0, N = 1 + R.below(5); T < N; ++T) {
    Out += "<tag>";
    Out += Words[R.below(NumWords)];
    Out += "</tag>";
  }
  Out += "</tags>\r\n";
  if (R.below(4) == 0) {
    Out += "    <abstract><![CDATA[<raw> ";
    words(R, Out, 8 + R.below(16));
    Out += " & more]]></abstract>\r\n";
  }
  if (R.below(8) == 0)
    Out += "    <!-- reviewed -->\r\n";
  Out += "    <note  kind=\"\tplain\r\n text \">";
  words(R, Out, 10 + R.below(30));
  snprintf(Buf, sizeof Buf, " &lt;%u&gt; &#x41;&#66; &quot;", R.below(1000));
  Out += Buf;
  words(R, Out, 5 + R.below(10));
  Out += "&quot;</note>\r\n";
  if (R.below(16) == 0)
    Out += "    <?index weight=\"2\"?>\r\n";
  Out += "  </book>\r\n";
}

int gen(unsigned Records) {
  Rng R;
  std::string Out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n"
                    "<!DOCTYPE catalog [ <!ELEMENT catalog (book*)> ]>\r\n"
                    "<catalog generator=\"xmlbench\">\r\n";
  for (unsigned I = 1; I <= Records; ++I)
    record(R, I, Out);
  Out += "</catalog>\r\n";
  fwrite(Out.data(), 1, Out.size(), stdout);
  return 0;
}

// FNV-1a, 64 bits.
struct Hash {
  uint64_t V = 0xcbf29ce484222325ull;
  void add(const void *Data, size_t Size) {
    const unsigned char *P = static_cast<const unsigned char *>(Data);
    for (size_t I = 0; I < Size; ++I)
      V = (V ^ P[I]) * 0x100000001b3ull;
  }
  void add(const char *S) { add(S, strlen(S)); }
};

struct HashWalker : pugi::xml_tree_walker {
  Hash H;
  size_t Nodes = 0, Attributes = 0;
  bool Hashing = true;
  bool for_each(pugi::xml_node &N) override {
    ++Nodes;
    if (!Hashing) {
      for (pugi::xml_attribute A : N.attributes())
        (void)A, ++Attributes;
      return true;
    }
    unsigned char Type = static_cast<unsigned char>(N.type());
    H.add(&Type, 1);
    H.add(N.name());
    H.add(N.value());
    for (pugi::xml_attribute A : N.attributes()) {
      ++Attributes;
      H.add(A.name());
      H.add(A.value());
    }
    return true;
  }
};

struct HashWriter : pugi::xml_writer {
  Hash H;
  size_t Bytes = 0;
  void write(const void *Data, size_t Size) override {
    H.add(Data, Size);
    Bytes += Size;
  }
};

bool readFile(const char *Path, std::vector<char> &Out) {
  FILE *F = fopen(Path, "rb");
  if (!F) {
    fprintf(stderr, "xmlbench: cannot open %s\n", Path);
    return false;
  }
  char Buf[65536];
  size_t N;
  while ((N = fread(Buf, 1, sizeof Buf, F)) > 0)
    Out.insert(Out.end(), Buf, Buf + N);
  fclose(F);
  return true;
}

bool load(pugi::xml_document &Doc, const std::vector<char> &Text,
          const char *Path) {
  pugi::xml_parse_result Res = Doc.load_buffer(
      Text.data(), Text.size(), pugi::parse_full, pugi::encoding_utf8);
  if (!Res)
    fprintf(stderr, "xmlbench: %s: %s at offset %td\n", Path, Res.description(),
            Res.offset);
  return static_cast<bool>(Res);
}

int parse(const char *Path, unsigned Reps) {
  std::vector<char> Text;
  if (!readFile(Path, Text))
    return 1;
  for (unsigned I = 0; I < Reps; ++I) {
    pugi::xml_document Doc;
    if (!load(Doc, Text, Path))
      return 1;
    // Every parse is checked by its counts; the first also by the hashes of its
    // tree and of its saved text (hashing every time would make this our own
    // code's workload).
    HashWalker Walk;
    Walk.Hashing = I == 0;
    Doc.traverse(Walk);
    printf("parse %u: %zu nodes, %zu attributes", I, Walk.Nodes,
           Walk.Attributes);
    if (I == 0) {
      HashWriter Out;
      Doc.save(Out, "\t", pugi::format_default | pugi::format_write_bom);
      printf(", tree %016llx, saved %zu bytes %016llx",
             static_cast<unsigned long long>(Walk.H.V), Out.Bytes,
             static_cast<unsigned long long>(Out.H.V));
    }
    printf("\n");
  }
  return 0;
}

const char *const Queries[] = {
    "count(//book[@lang='en'])",
    "sum(//book/@price)",
    "//book[number(@year) > 1990 and contains(title, 'river')]/@id",
    "//tag[. = 'blue']/../../@id",
    "string-length(normalize-space(//book[last()]/note))",
    "//author[starts-with(@last, 'S')]/@first",
    "translate(substring-after(//book[17]/title, ' '), 'abcde', 'ABCDE')",
    "count(//book[tags/tag = 'ember'][position() mod 3 = "
    "1]/following-sibling::book[1])",
    "//book[not(abstract) and @year = preceding-sibling::book[1]/@year]/@id",
    "concat(//book[@price > 60][1]/@id, '/', count(//comment()), '/', "
    "count(//processing-instruction()))"};

int xpath(const char *Path, unsigned Reps) {
  std::vector<char> Text;
  if (!readFile(Path, Text))
    return 1;
  pugi::xml_document Doc;
  if (!load(Doc, Text, Path))
    return 1;
  for (unsigned I = 0; I < Reps; ++I) {
    unsigned Q = 0;
    for (const char *Src : Queries) {
      pugi::xpath_query Query(Src);
      Hash H;
      char Buf[64];
      switch (Query.return_type()) {
      case pugi::xpath_type_node_set: {
        pugi::xpath_node_set Set = Query.evaluate_node_set(Doc);
        for (const pugi::xpath_node &N : Set)
          H.add(N.attribute() ? N.attribute().value() : N.node().name());
        snprintf(Buf, sizeof Buf, "%zu nodes", Set.size());
        break;
      }
      case pugi::xpath_type_number:
        snprintf(Buf, sizeof Buf, "%.2f", Query.evaluate_number(Doc));
        break;
      default: {
        std::string S = Query.evaluate_string(Doc);
        H.add(S.data(), S.size());
        snprintf(Buf, sizeof Buf, "'%.40s'", S.c_str());
        break;
      }
      }
      if (I + 1 == Reps)
        printf("xpath %u: %s -> %s %016llx\n", Q, Src, Buf,
               static_cast<unsigned long long>(H.V));
      ++Q;
    }
  }
  return 0;
}

unsigned count(const char *S) {
  char *End;
  unsigned long N = strtoul(S, &End, 10);
  if (*End || N == 0 || N > 10000000) {
    fprintf(stderr, "xmlbench: '%s' is not a count\n", S);
    exit(2);
  }
  return static_cast<unsigned>(N);
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc == 3 && !strcmp(Argv[1], "gen"))
    return gen(count(Argv[2]));
  if (Argc == 4 && !strcmp(Argv[1], "parse"))
    return parse(Argv[2], count(Argv[3]));
  if (Argc == 4 && !strcmp(Argv[1], "xpath"))
    return xpath(Argv[2], count(Argv[3]));
  fprintf(stderr,
          "usage: xmlbench gen RECORDS | parse FILE REPS | xpath FILE REPS\n");
  return 2;
}
