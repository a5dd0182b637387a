-- robots_get: ARGV P, epoch, origin, node, hold_us (see requests.lua).
return robots_get(ARGV[3], ARGV[4], tonumber(ARGV[5]))
