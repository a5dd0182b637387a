-- load: ARGV P, epoch, loader node, lease_us, then 7 fields per URL: fp, url, host, priority,
-- depth, parent, dir ('' when directories are not counted). Idempotent: a URL already seen
-- is not queued again. Returns {new, held}. Also keeps the loader registered while it loads.
local new, held = 0, 0
for i = 5, #ARGV, 7 do
  if enqueue(ARGV[i], ARGV[i + 1], ARGV[i + 2], ARGV[i + 3], ARGV[i + 4], ARGV[i + 5], ARGV[i + 6]) > 0 then
    new = new + 1
  else
    held = held + 1
  end
end
redis.call('ZADD', P .. 'loaders', int(now + tonumber(ARGV[4])), ARGV[3])
return {new, held}
