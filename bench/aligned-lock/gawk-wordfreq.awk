# gawk-wordfreq.awk (bench/aligned-lock, run.sh gawk): word frequencies, the longest words,
# and a checksum of the text: split, tolower, gsub, associative arrays, sorted traversal.
{
  n = split(tolower($0), w, /[^a-z_0-9]+/)
  for (i = 1; i <= n; i++) if (w[i] != "") { count[w[i]]++; total++ }
  line = $0; gsub(/[ \t]+/, " ", line); sum = (sum * 31 + length(line)) % 1000000007
}
END {
  PROCINFO["sorted_in"] = "@val_num_desc"
  k = 0
  for (x in count) { if (++k > 40) break; printf "%-24s %d\n", x, count[x] }
  PROCINFO["sorted_in"] = "@ind_str_asc"
  for (x in count) if (length(x) > 18) printf "long %s\n", x
  printf "words %d distinct %d sum %d\n", total, length(count), sum
}
