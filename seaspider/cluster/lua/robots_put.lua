-- robots_put: ARGV P, epoch, origin, meta (JSON), body, life_ms. Shares a robots.txt a node
-- fetched; the key expires with the outcome's lifetime (robots.ttl_secs, or the unreachable
-- window), after which the next node that needs it fetches it again.
local k = P .. 'robots:' .. ARGV[3]
redis.call('DEL', k)
redis.call('HSET', k, 'meta', ARGV[4], 'body', ARGV[5])
redis.call('PEXPIRE', k, tonumber(ARGV[6]))
return 1
