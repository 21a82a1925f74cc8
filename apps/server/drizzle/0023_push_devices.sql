CREATE TABLE "app_secret" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_device" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "push_device_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"address" text NOT NULL,
	"p256dh" text,
	"auth" text,
	"session_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "push_device_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "push_device_address_key" UNIQUE("tenant_id","kind","address")
);
--> statement-breakpoint
ALTER TABLE "notification_delivery" ADD COLUMN "device_id" bigint;--> statement-breakpoint
ALTER TABLE "push_device" ADD CONSTRAINT "push_device_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_device_user_idx" ON "push_device" USING btree ("tenant_id","user_id");