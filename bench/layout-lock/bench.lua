-- Training and timing workload: table inserts/lookups, string ops, recursive fib.
local N = tonumber(arg and arg[1]) or 1
local function fib(n) if n < 2 then return n end return fib(n-1) + fib(n-2) end
local acc = 0
for rep = 1, N do
  local t = {}
  for i = 1, 60000 do t[#t+1] = i * 3 end
  local h = {}
  for i = 1, 30000 do h["k" .. (i % 5000)] = (h["k" .. (i % 5000)] or 0) + t[i] end
  local s = 0
  for k, v in pairs(h) do s = s + #k + v % 7 end
  local parts = {}
  for i = 1, 8000 do parts[#parts+1] = string.format("%d:%s", i, string.rep("x", i % 5)) end
  local str = table.concat(parts, ",")
  local cnt = 0
  for w in string.gmatch(str, "%d+") do cnt = cnt + 1 end
  local up = string.upper(string.sub(str, 1, 4000))
  table.sort(t, function(a, b) return a > b end)
  acc = acc + s + cnt + #up + fib(24) + t[1]
end
print(acc)
