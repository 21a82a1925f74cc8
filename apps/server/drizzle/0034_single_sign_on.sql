-- Single sign-on through an organisation's own OpenID Connect providers (issue 31).
CREATE TABLE "identity_provider" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "identity_provider_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text NOT NULL,
	"groups_claim" text,
	"create_people" boolean DEFAULT false NOT NULL,
	"passwords_allowed" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_provider_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "identity_provider_domain" (
	"domain" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"provider_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_provider_group" (
	"tenant_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"value" text NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "identity_provider_group_tenant_id_provider_id_value_pk" PRIMARY KEY("tenant_id","provider_id","value")
);
--> statement-breakpoint
CREATE TABLE "sso_attempt" (
	"state_hash" text NOT NULL,
	"tenant_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"remember_me" boolean NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_attempt_tenant_id_state_hash_pk" PRIMARY KEY("tenant_id","state_hash")
);
--> statement-breakpoint
CREATE TABLE "sso_ticket" (
	"ticket_hash" text NOT NULL,
	"tenant_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"remember_me" boolean NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_ticket_tenant_id_ticket_hash_pk" PRIMARY KEY("tenant_id","ticket_hash")
);
--> statement-breakpoint
CREATE TABLE "user_identity" (
	"tenant_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"subject" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_identity_tenant_id_provider_id_subject_pk" PRIMARY KEY("tenant_id","provider_id","subject")
);
--> statement-breakpoint
ALTER TABLE "identity_provider" ADD CONSTRAINT "identity_provider_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_provider_domain" ADD CONSTRAINT "identity_provider_domain_tenant_id_provider_id_identity_provider_tenant_id_id_fk" FOREIGN KEY ("tenant_id","provider_id") REFERENCES "public"."identity_provider"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_provider_group" ADD CONSTRAINT "identity_provider_group_tenant_id_provider_id_identity_provider_tenant_id_id_fk" FOREIGN KEY ("tenant_id","provider_id") REFERENCES "public"."identity_provider"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_provider_group" ADD CONSTRAINT "identity_provider_group_tenant_id_group_id_user_group_tenant_id_id_fk" FOREIGN KEY ("tenant_id","group_id") REFERENCES "public"."user_group"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_attempt" ADD CONSTRAINT "sso_attempt_tenant_id_provider_id_identity_provider_tenant_id_id_fk" FOREIGN KEY ("tenant_id","provider_id") REFERENCES "public"."identity_provider"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_ticket" ADD CONSTRAINT "sso_ticket_tenant_id_user_id_app_user_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_identity" ADD CONSTRAINT "user_identity_tenant_id_provider_id_identity_provider_tenant_id_id_fk" FOREIGN KEY ("tenant_id","provider_id") REFERENCES "public"."identity_provider"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_identity" ADD CONSTRAINT "user_identity_tenant_id_user_id_app_user_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_provider_domain_tenant_id_provider_id_index" ON "identity_provider_domain" USING btree ("tenant_id","provider_id");--> statement-breakpoint
CREATE INDEX "sso_attempt_expires_at_index" ON "sso_attempt" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sso_ticket_expires_at_index" ON "sso_ticket" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "user_identity_tenant_id_user_id_index" ON "user_identity" USING btree ("tenant_id","user_id");