-- Set-up links no longer carry a password chosen by whoever asked for them: the link's page asks for it (issue 28).
ALTER TABLE "password_token" DROP COLUMN "pending_password_hash";