-- head: ARGV P, epoch, host, limit. The host's first `limit` queued URLs in its order, each
-- with its meta (seq, depth, priority, attempts, not_before, parent), as a flat list.
local q = P .. 'q:' .. ARGV[3]
local urls = redis.call('ZRANGE', q, 0, tonumber(ARGV[4]) - 1)
local out = {}
if #urls == 0 then
  return out
end
local metas = redis.call('HMGET', P .. 'm:' .. ARGV[3], unpack(urls))
for i, url in ipairs(urls) do
  out[#out + 1] = url
  out[#out + 1] = metas[i] or ''
end
return out
