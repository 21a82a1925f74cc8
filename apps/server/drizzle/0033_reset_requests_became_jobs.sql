-- Forgot-password requests are jobs of the auth.reset kind (issue 30). Any still waiting in the old table
-- become such jobs, due now, before it goes: nobody's request is lost in the upgrade.
INSERT INTO "job" ("queue", "payload", "run_at")
SELECT 'auth.reset', jsonb_build_object('identifier', "identifier", 'lang', "lang", 'ip', "ip"), now()
FROM "reset_request";--> statement-breakpoint
DROP TABLE "reset_request" CASCADE;
