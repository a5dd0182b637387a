-- book: ARGV P, epoch, ip, host, booking token, hold_us, lease token ('' for none), lease_us.
-- Books `ip` for one request if no request to it is in flight anywhere in the cluster and it
-- has rested since the end of its last one (and `host` its own delay), on the server's clock.
-- The booking holds the IP until the request's end is recorded, or, if its node dies, until
-- start + hold_us (fetch.timeout_ms plus the rest: by then the request has ended and rested).
-- Returns {1, now, lease renewed} when booked, else {0, wait_us, in_flight}.
local ipk, hk = P .. 'ip:' .. ARGV[3], P .. 'host:' .. ARGV[4]
local hold = tonumber(ARGV[6])
local f = redis.call('HMGET', ipk, 'busy', 'busy_until', 'free_at')
if f[1] and now < tonumber(f[2]) then
  return {0, int(tonumber(f[2]) - now), 1}
end
local at = math.max(tonumber(redis.call('HGET', P .. 'epoch', 'quiet_until')), tonumber(f[3] or '0'),
                    tonumber(redis.call('HGET', hk, 'free_at') or '0'))
if now < at then
  return {0, int(at - now), 0}
end
redis.call('HSET', ipk, 'busy', ARGV[5], 'busy_until', int(now + hold), 'start', int(now))
-- The key outlives every rest it can impose, then goes: memory follows the IPs in use.
redis.call('PEXPIRE', ipk, math.floor(hold / 1000) + 60000)
local renewed = 0
if ARGV[7] ~= '' and redis.call('HGET', P .. 'owner', ARGV[4]) == ARGV[7] then
  redis.call('ZADD', P .. 'leases', 'XX', int(now + tonumber(ARGV[8])), ARGV[4])  -- renewed with every request
  renewed = 1
end
return {1, int(now), renewed}
