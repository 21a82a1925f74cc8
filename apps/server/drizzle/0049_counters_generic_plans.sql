-- The counters' triggers plan their statements once (issue 32). PL/pgSQL hands a statement its variables as
-- parameters, and PostgreSQL then plans it anew for their values five times before weighing a generic plan
-- against those: for the array of changes a custom plan always looked cheaper, so every statement that
-- changed an inbox row or an attempt planned each of the triggers' statements again. A profile of quiz
-- submissions (perf, 25 s of bench:forms) found 26 % of PostgreSQL's CPU in that planning. The plans do
-- not depend on the values: the changes are a handful of keys per statement.
ALTER FUNCTION kanal_content_reach() SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION kanal_activity_from_inbox() SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION kanal_group_reach_from_inbox() SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION kanal_activity_from_attempts() SET plan_cache_mode = force_generic_plan;
