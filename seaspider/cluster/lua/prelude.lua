-- Every script starts here (scripts.py puts this text in front of each): the key prefix, the
-- crawl's epoch check and the server's clock. ARGV[1] is the prefix ("seaspider:NAME:"), ARGV[2]
-- the epoch this node joined. A missing or different epoch means the server restarted empty or
-- was flushed: nothing may be decided on state that is gone, so the script refuses.
local P = ARGV[1]
local epoch = redis.call('HMGET', P .. 'epoch', 'id', 'quiet_until')
if epoch[1] ~= ARGV[2] then
  return redis.error_reply('SEASPIDER_LOST the crawl state is gone')
end
-- No IP is booked before this (server µs): the quiet period of a fresh server (join.lua).
local quiet_until = tonumber(epoch[2] or '0')
local clock = redis.call('TIME')
-- Microseconds on the SERVER's clock: nodes' clocks may drift, this one decides for all.
local now = tonumber(clock[1]) * 1000000 + tonumber(clock[2])

local function int(x)  -- a whole number as text without an exponent (tostring would round it)
  return string.format('%.0f', x)
end

-- The next free host to claim goes to `free` only when it has queued URLs and no owner.
local function offer(host)
  if redis.call('HEXISTS', P .. 'owner', host) == 0 and redis.call('ZCARD', P .. 'q:' .. host) > 0 then
    redis.call('ZADD', P .. 'free', 0, host)
  end
end

-- Queue one URL unless it was seen: its order key is (-priority, arrival). Returns its seq or 0.
local function enqueue(fp, url, host, priority, depth, parent, dir)
  if redis.call('SADD', P .. 'seen', fp) == 0 then
    return 0
  end
  local seq = redis.call('INCR', P .. 'seq')
  -- Priority in [-10^6, 10^6] and seq below 2^32: the score stays an exact integer in a double.
  redis.call('ZADD', P .. 'q:' .. host, -tonumber(priority) * 4294967296 + seq, url)
  redis.call('HSET', P .. 'm:' .. host, url, int(seq) .. '\t' .. depth .. '\t' .. priority .. '\t0\t\t' .. parent)
  redis.call('INCR', P .. 'count')
  if dir ~= '' then
    redis.call('HINCRBY', P .. 'dirs', dir, 1)
  end
  offer(host)
  return seq
end
