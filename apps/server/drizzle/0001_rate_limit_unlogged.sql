-- Rate-limit counters are throwaway state: losing them in a crash only resets some 15-minute windows.
-- Unlogged, a counter update does not wait for a WAL flush, which sits on every sign-in request.
ALTER TABLE "rate_limit" SET UNLOGGED;
