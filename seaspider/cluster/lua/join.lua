-- join: ARGV P, candidate epoch id, quiet_us, node. Not preceded by the prelude's epoch check: this is
-- where the epoch is made. A server with no crawl state (new, restarted empty, flushed) gets a
-- fresh epoch and a quiet period: nobody knows when its IPs were last hit, so no IP is booked
-- before quiet_until.
local P = ARGV[1]
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000000 + tonumber(clock[2])
local id = redis.call('HGET', P .. 'epoch', 'id')
local fresh = 0
if not id then
  id = ARGV[2]
  fresh = 1
  redis.call('HSET', P .. 'epoch', 'id', id, 'born', string.format('%.0f', now),
             'quiet_until', string.format('%.0f', now + tonumber(ARGV[3])))
end
-- Counted among the live nodes at once, so the nodes already working leave it its share of hosts.
redis.call('ZADD', P .. 'nodes', string.format('%.0f', now), ARGV[4])
local quiet = tonumber(redis.call('HGET', P .. 'epoch', 'quiet_until'))
return {id, fresh, string.format('%.0f', math.max(0, quiet - now))}
