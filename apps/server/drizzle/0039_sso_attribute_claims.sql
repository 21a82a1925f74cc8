-- Which claim of an identity provider carries each person attribute it sets at sign-in (issue 31); {} maps none.
ALTER TABLE "identity_provider" ADD COLUMN "attribute_claims" jsonb DEFAULT '{}'::jsonb NOT NULL;
