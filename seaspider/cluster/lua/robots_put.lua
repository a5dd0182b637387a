-- robots_put: ARGV P, epoch, origin, meta (JSON), body, life_ms (see requests.lua).
return robots_put(ARGV[3], ARGV[4], ARGV[5], tonumber(ARGV[6]))
