-- The per-request decisions, as functions: scripts.py puts this text after the prelude in front of
-- book.lua, end.lua, robots_get.lua, robots_put.lua (one decision per call) and batch.lua (many
-- decisions of one node in one call). Every one sees the same `now`: the server's clock.

-- book: Books `ip` for one request if no request to it is in flight anywhere in the cluster and it
-- has rested since the end of its last one (and `host` its own delay), on the server's clock.
-- The booking holds the IP until the request's end is recorded, or, if its node dies, until
-- start + hold_us (fetch.timeout_ms plus the rest: by then the request has ended and rested).
-- `lease_token` ('' for none) is the node's lease on `host`, renewed with the booking.
-- Returns {1, now, lease renewed} when booked, else {0, wait_us, in_flight}.
local function book(ip, host, token, hold, lease_token, lease_us)
  local ipk, hk = P .. 'ip:' .. ip, P .. 'host:' .. host
  local f = redis.call('HMGET', ipk, 'busy', 'busy_until', 'free_at')
  if f[1] and now < tonumber(f[2]) then
    return {0, int(tonumber(f[2]) - now), 1}
  end
  local at = math.max(quiet_until, tonumber(f[3] or '0'), tonumber(redis.call('HGET', hk, 'free_at') or '0'))
  if now < at then
    return {0, int(at - now), 0}
  end
  redis.call('HSET', ipk, 'busy', token, 'busy_until', int(now + hold), 'start', int(now))
  -- The key outlives every rest it can impose, then goes: memory follows the IPs in use.
  redis.call('PEXPIRE', ipk, math.floor(hold / 1000) + 60000)
  local renewed = 0
  if lease_token ~= '' and redis.call('HGET', P .. 'owner', host) == lease_token then
    redis.call('ZADD', P .. 'leases', 'XX', int(now + lease_us), host)  -- renewed with every request
    renewed = 1
  end
  return {1, int(now), renewed}
end

-- finish (the `end` of a request): the request ended now (server clock; the call is made after the
-- connection closed, so this end is never early): the IP rests ip_rest_us and the host
-- host_rest_us from here, whichever node asks next. Returns now.
local function rest(key, until_us)
  local free = math.max(until_us, tonumber(redis.call('HGET', key, 'free_at') or '0'))
  redis.call('HSET', key, 'free_at', int(free))
  -- The key outlives the rest it imposes, then goes: memory follows the IPs and hosts in use.
  redis.call('PEXPIRE', key, math.floor((free - now) / 1000) + 60000)
end

local function finish(ip, host, token, ip_rest, host_rest)
  local ipk = P .. 'ip:' .. ip
  if redis.call('HGET', ipk, 'busy') == token then
    redis.call('HDEL', ipk, 'busy', 'busy_until', 'start')
  end
  rest(ipk, now + ip_rest)
  rest(P .. 'host:' .. host, now + host_rest)
  return int(now)
end

-- robots_get: the shared robots.txt of `origin` if one is fresh: {'data', meta, body}. Otherwise
-- the first node to ask fetches it: {'fetch'} (its claim lasts hold_us, time for the booked
-- request and its redirects); the others {'wait', us left}.
local function robots_get(origin, node, hold)
  local k = P .. 'robots:' .. origin
  local f = redis.call('HMGET', k, 'meta', 'body', 'claim', 'claim_until')
  if f[1] then
    return {'data', f[1], f[2] or ''}
  end
  if f[3] and now < tonumber(f[4]) then
    if f[3] == node then
      return {'fetch'}
    end
    return {'wait', int(tonumber(f[4]) - now)}
  end
  redis.call('HSET', k, 'claim', node, 'claim_until', int(now + hold))
  redis.call('PEXPIRE', k, math.floor(hold / 1000) + 1000)
  return {'fetch'}
end

-- robots_put: shares a robots.txt a node fetched (meta JSON and body); the key expires with the
-- outcome's lifetime (robots.ttl_secs, or the unreachable window), after which the next node
-- that needs it fetches it again. Returns 1.
local function robots_put(origin, meta, body, life_ms)
  local k = P .. 'robots:' .. origin
  redis.call('DEL', k)
  redis.call('HSET', k, 'meta', meta, 'body', body)
  redis.call('PEXPIRE', k, life_ms)
  return 1
end
