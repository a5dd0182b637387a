-- book: ARGV P, epoch, ip, host, booking token, hold_us, lease token ('' for none), lease_us
-- (see requests.lua). Returns {1, now, lease renewed} when booked, else {0, wait_us, in_flight}.
return book(ARGV[3], ARGV[4], ARGV[5], tonumber(ARGV[6]), ARGV[7], tonumber(ARGV[8]))
