-- settle: what durable journal lines say, in one atomic step. ARGV P, epoch, lease_us,
-- max_pages, max_per_directory, then four sections, each a count and its fields:
--   follows (7 each: fp, url, host, priority, depth, parent, dir): links to queue, in page order;
--   acks (2 each: host, url): page lines durable in the node's store, so the URLs leave the queue;
--   retries (4 each: host, url, attempts, not_before): retry lines durable, the URLs stay queued;
--   renewals (2 each: host, token): the node's leases on the hosts it just served.
-- Returns the seq of each follow (0: not queued: seen, max_pages or the directory cap).
local lease, max_pages, max_dir = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local i = 6
local seqs = {}
local n = tonumber(ARGV[i])
i = i + 1
for _ = 1, n do
  local fp, url, host, priority, depth, parent, dir = ARGV[i], ARGV[i + 1], ARGV[i + 2], ARGV[i + 3], ARGV[i + 4], ARGV[i + 5], ARGV[i + 6]
  local seq = 0
  -- The same order of checks as the follow policy: seen, then max_pages, then the trap guard.
  if redis.call('SISMEMBER', P .. 'seen', fp) == 0
      and tonumber(redis.call('GET', P .. 'followed') or '0') < max_pages
      and tonumber(redis.call('HGET', P .. 'dirs', dir) or '0') < max_dir then
    seq = enqueue(fp, url, host, priority, depth, parent, dir)
    redis.call('INCR', P .. 'followed')
  end
  seqs[#seqs + 1] = seq
  i = i + 7
end
n = tonumber(ARGV[i])
i = i + 1
for _ = 1, n do
  local host, url = ARGV[i], ARGV[i + 1]
  if redis.call('ZREM', P .. 'q:' .. host, url) == 1 then
    redis.call('HDEL', P .. 'm:' .. host, url)
    redis.call('DECR', P .. 'count')
  end
  i = i + 2
end
n = tonumber(ARGV[i])
i = i + 1
for _ = 1, n do
  local host, url = ARGV[i], ARGV[i + 1]
  local meta = redis.call('HGET', P .. 'm:' .. host, url)
  if meta then
    local seq, depth, priority, _, _, parent = string.match(meta, '^([^\t]*)\t([^\t]*)\t([^\t]*)\t([^\t]*)\t([^\t]*)\t(.*)$')
    redis.call('HSET', P .. 'm:' .. host, url, seq .. '\t' .. depth .. '\t' .. priority .. '\t' .. ARGV[i + 2] .. '\t' .. ARGV[i + 3] .. '\t' .. parent)
  end
  i = i + 4
end
n = tonumber(ARGV[i])
i = i + 1
for _ = 1, n do
  if redis.call('HGET', P .. 'owner', ARGV[i]) == ARGV[i + 1] then
    redis.call('ZADD', P .. 'leases', 'XX', int(now + lease), ARGV[i])
  end
  i = i + 2
end
return seqs
