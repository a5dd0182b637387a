-- batch: ARGV P, epoch, then operations, each a one-letter code and its fields (those of the
-- functions in requests.lua): 'e' end (5), 'b' book (6), 'g' robots_get (3), 'p' robots_put (4).
-- One node's requests of one moment in one call, one atomic step; each operation decides
-- exactly as its own script would. Returns one reply per operation, in order.
local out = {}
local i, n = 3, #ARGV
while i <= n do
  local op = ARGV[i]
  if op == 'e' then
    out[#out + 1] = finish(ARGV[i + 1], ARGV[i + 2], ARGV[i + 3], tonumber(ARGV[i + 4]), tonumber(ARGV[i + 5]))
    i = i + 6
  elseif op == 'b' then
    out[#out + 1] = book(ARGV[i + 1], ARGV[i + 2], ARGV[i + 3], tonumber(ARGV[i + 4]), ARGV[i + 5], tonumber(ARGV[i + 6]))
    i = i + 7
  elseif op == 'g' then
    out[#out + 1] = robots_get(ARGV[i + 1], ARGV[i + 2], tonumber(ARGV[i + 3]))
    i = i + 4
  elseif op == 'p' then
    out[#out + 1] = robots_put(ARGV[i + 1], ARGV[i + 2], ARGV[i + 3], tonumber(ARGV[i + 4]))
    i = i + 5
  else
    return redis.error_reply('ERR unknown batch operation ' .. tostring(op))
  end
end
return out
