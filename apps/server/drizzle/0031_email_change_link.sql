-- A new e-mail address takes effect only once the link mailed to it is opened (issue 29).
ALTER TYPE "public"."password_token_purpose" ADD VALUE 'email_change';--> statement-breakpoint
ALTER TABLE "password_token" ADD COLUMN "email" text;