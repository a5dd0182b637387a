-- tick: the round trip a node makes every few hundred ms. ARGV P, epoch, node, lease_us,
-- claim_limit, loading ('1', '0', or 'leave' when the node stops), held (leases the node holds),
-- prefetch (URLs returned per claimed host), n_renew, (host, token) * n_renew, n_release,
-- (host, token) * n_release.
-- Renews the leases the node names (those its requests did not renew lately; one it no longer
-- holds is reported lost), releases hosts it finished, returns the hosts of lapsed leases to the
-- free set (their node died or hangs: another node takes them and fetches the URL that was in
-- flight again), claims up to claim_limit free hosts in sorted order with a new token
-- (node/fence), and says how much work the cluster has.
-- Returns {count, live loaders, n_lost, lost hosts..., n_claimed, then per claimed host: host,
-- token, orphaned (1: its last owner died), n, (url, meta) * n: its first URLs; then the fair
-- share of hosts per live node (a node far above it hands back hosts it has not begun)}.
local node, lease, prefetch = ARGV[3], tonumber(ARGV[4]), tonumber(ARGV[8])
local i = 10
local lost = {}
for _ = 1, tonumber(ARGV[9]) do
  local host, token = ARGV[i], ARGV[i + 1]
  if redis.call('HGET', P .. 'owner', host) == token then
    redis.call('ZADD', P .. 'leases', int(now + lease), host)
  else
    lost[#lost + 1] = host
  end
  i = i + 2
end
local releases = tonumber(ARGV[i])
i = i + 1
for _ = 1, releases do
  local host, token = ARGV[i], ARGV[i + 1]
  if redis.call('HGET', P .. 'owner', host) == token then
    redis.call('HDEL', P .. 'owner', host)
    redis.call('ZREM', P .. 'leases', host)
    offer(host)  -- URLs a loader added meanwhile: another turn for them
  end
  i = i + 2
end
-- Lapsed leases: their owner stopped renewing (it died or hangs), so the host is free again.
local lapsed = redis.call('ZRANGEBYSCORE', P .. 'leases', '-inf', int(now), 'LIMIT', 0, 1000)
for _, host in ipairs(lapsed) do
  redis.call('ZREM', P .. 'leases', host)
  redis.call('HDEL', P .. 'owner', host)
  redis.call('HSET', P .. 'orphans', host, 1)  -- its next owner looks in its own store for what was recorded
  offer(host)
end
-- Fair shares: a node claims at most its share of the hosts with work among the nodes alive
-- (those that ticked within a lease), plus one, so a node that starts first does not take
-- everything while the others are still starting; hosts it finishes make room for more.
redis.call('ZADD', P .. 'nodes', int(now), node)
redis.call('ZREMRANGEBYSCORE', P .. 'nodes', '-inf', int(now - 10 * lease))
local live = math.max(1, redis.call('ZCOUNT', P .. 'nodes', int(now - lease), '+inf'))
local hosts = redis.call('HLEN', P .. 'owner') + redis.call('ZCARD', P .. 'free')
local mine = tonumber(ARGV[7]) - #lost
local share = math.ceil(hosts / live) + 1
local limit = math.min(tonumber(ARGV[5]), share - mine)
local claimed = {}
local n_claimed = 0
while n_claimed < limit do
  local first = redis.call('ZRANGE', P .. 'free', 0, 0)
  if #first == 0 then
    break
  end
  local host = first[1]
  redis.call('ZREM', P .. 'free', host)
  if redis.call('HEXISTS', P .. 'owner', host) == 0 and redis.call('ZCARD', P .. 'q:' .. host) > 0 then
    local token = node .. '/' .. int(redis.call('INCR', P .. 'fence'))
    redis.call('HSET', P .. 'owner', host, token)
    redis.call('ZADD', P .. 'leases', int(now + lease), host)
    n_claimed = n_claimed + 1
    local urls = redis.call('ZRANGE', P .. 'q:' .. host, 0, prefetch - 1)
    local metas = redis.call('HMGET', P .. 'm:' .. host, unpack(urls))
    claimed[#claimed + 1] = host
    claimed[#claimed + 1] = token
    claimed[#claimed + 1] = redis.call('HDEL', P .. 'orphans', host)
    claimed[#claimed + 1] = #urls
    for k, url in ipairs(urls) do
      claimed[#claimed + 1] = url
      claimed[#claimed + 1] = metas[k] or ''
    end
  end
end
if ARGV[6] == '1' then
  redis.call('ZADD', P .. 'loaders', int(now + lease), node)
else
  redis.call('ZREM', P .. 'loaders', node)
end
if ARGV[6] == 'leave' then
  redis.call('ZREM', P .. 'nodes', node)  -- a node that stops says so: the others' shares grow at once
end
local count = tonumber(redis.call('GET', P .. 'count') or '0')
local loaders = redis.call('ZCOUNT', P .. 'loaders', int(now), '+inf')
local out = {count, loaders, #lost}
for _, host in ipairs(lost) do
  out[#out + 1] = host
end
out[#out + 1] = n_claimed
for _, v in ipairs(claimed) do
  out[#out + 1] = v
end
out[#out + 1] = share
return out
