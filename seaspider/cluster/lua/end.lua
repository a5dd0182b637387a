-- end: ARGV P, epoch, ip, host, booking token, ip_rest_us, host_rest_us. The request ended now
-- (server clock; the call is made after the connection closed, so this end is never early):
-- the IP rests ip_rest_us and the host host_rest_us from here, whichever node asks next.
local ipk, hk = P .. 'ip:' .. ARGV[3], P .. 'host:' .. ARGV[4]
if redis.call('HGET', ipk, 'busy') == ARGV[5] then
  redis.call('HDEL', ipk, 'busy', 'busy_until', 'start')
end
local function rest(key, until_us)
  local free = math.max(until_us, tonumber(redis.call('HGET', key, 'free_at') or '0'))
  redis.call('HSET', key, 'free_at', int(free))
  -- The key outlives the rest it imposes, then goes: memory follows the IPs and hosts in use.
  redis.call('PEXPIRE', key, math.floor((free - now) / 1000) + 60000)
end
rest(ipk, now + tonumber(ARGV[6]))
rest(hk, now + tonumber(ARGV[7]))
return int(now)
