-- bench/aligned-lock's second Lua workload (program luass): hotalign was tuned on
-- bench/layout-lock/bench.lua, this one is not it. String building, hashing and pattern
-- matching, then sorts of strings and numbers with the default comparator and a Lua one
-- (auxsort's partition loops), deterministic: a linear congruential generator, no time.
local N = tonumber(arg and arg[1]) or 1
local seed = 12345
local function rnd(m)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % m
end
local acc = 0
for rep = 1, N do
  local words = {}
  for i = 1, 20000 do
    local w = {}
    for j = 1, 3 + rnd(6) do w[j] = string.char(97 + rnd(26)) end
    words[i] = table.concat(w)
  end
  local count = {}
  for _, w in ipairs(words) do count[w] = (count[w] or 0) + 1 end
  local text = table.concat(words, " ")
  local vowels = 0
  for _ in text:gmatch("[aeiou]") do vowels = vowels + 1 end
  local replaced = text:gsub("(%a)(%a)", "%2%1")
  table.sort(words)
  local nums = {}
  for i = 1, 30000 do nums[i] = rnd(1000000) end
  table.sort(nums, function(a, b) return a > b end)
  local distinct = 0
  for _ in pairs(count) do distinct = distinct + 1 end
  acc = acc + vowels + #replaced + distinct + #words[1] + nums[1] % 1000
end
print(acc)
