CREATE TABLE "job" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"queue" text NOT NULL,
	"key" text,
	"tenant_id" integer,
	"payload" jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "notification_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"notice_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notification_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "notification_notice_user_key" UNIQUE("tenant_id","notice_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "notification_delivery" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "notification_delivery_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"notification_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	CONSTRAINT "notification_delivery_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "notification_opt_out" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "notification_opt_out_tenant_id_user_id_channel_kind_pk" PRIMARY KEY("tenant_id","user_id","channel","kind")
);
--> statement-breakpoint
DROP INDEX "content_notice_content_idx";--> statement-breakpoint
ALTER TABLE "content_notice" ALTER COLUMN "requested_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "content_notice" ADD COLUMN "kind" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "job" ADD CONSTRAINT "job_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_notice_fk" FOREIGN KEY ("tenant_id","notice_id") REFERENCES "public"."content_notice"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_delivery" ADD CONSTRAINT "notification_delivery_notification_fk" FOREIGN KEY ("tenant_id","notification_id") REFERENCES "public"."notification"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_opt_out" ADD CONSTRAINT "notification_opt_out_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_key_idx" ON "job" USING btree ("key");--> statement-breakpoint
CREATE INDEX "job_due_idx" ON "job" USING btree ("run_at","id") WHERE "job"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "notification_user_idx" ON "notification" USING btree ("tenant_id","user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notification_delivery_notification_idx" ON "notification_delivery" USING btree ("tenant_id","notification_id");--> statement-breakpoint
CREATE INDEX "notification_delivery_due_idx" ON "notification_delivery" USING btree ("run_at","id") WHERE "notification_delivery"."state" = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "content_notice_once_idx" ON "content_notice" USING btree ("tenant_id","content_id","kind") WHERE "content_notice"."kind" <> 'manual';--> statement-breakpoint
CREATE INDEX "content_notice_content_idx" ON "content_notice" USING btree ("tenant_id","content_id","created_at");--> statement-breakpoint
-- The outbox's unsent mail becomes the mail queue's first jobs (mail.service.ts).
INSERT INTO "job" ("queue", "tenant_id", "payload", "run_at")
SELECT 'mail', "tenant_id", jsonb_build_object('id', "id"), now() FROM "email_outbox"
WHERE "sent_at" IS NULL AND "attempts" < 5;--> statement-breakpoint
ALTER TABLE "email_outbox" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "email_outbox" DROP COLUMN "last_error";--> statement-breakpoint
ALTER TABLE "email_outbox" DROP COLUMN "locked_until";