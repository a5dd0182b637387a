-- robots_get: ARGV P, epoch, origin, node, hold_us. The shared robots.txt of `origin` if one is
-- fresh: {'data', meta, body}. Otherwise the first node to ask fetches it: {'fetch'} (its claim
-- lasts hold_us, time for the booked request and its redirects); the others {'wait', us left}.
local k = P .. 'robots:' .. ARGV[3]
local f = redis.call('HMGET', k, 'meta', 'body', 'claim', 'claim_until')
if f[1] then
  return {'data', f[1], f[2] or ''}
end
if f[3] and now < tonumber(f[4]) then
  if f[3] == ARGV[4] then
    return {'fetch'}
  end
  return {'wait', int(tonumber(f[4]) - now)}
end
local hold = tonumber(ARGV[5])
redis.call('HSET', k, 'claim', ARGV[4], 'claim_until', int(now + hold))
redis.call('PEXPIRE', k, math.floor(hold / 1000) + 1000)
return {'fetch'}
