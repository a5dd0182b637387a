-- end: ARGV P, epoch, ip, host, booking token, ip_rest_us, host_rest_us (see `finish` in
-- requests.lua). Returns now.
return finish(ARGV[3], ARGV[4], ARGV[5], tonumber(ARGV[6]), tonumber(ARGV[7]))
