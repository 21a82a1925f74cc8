/**
 * Who writes each table: every table of the schema (db/schema) belongs to one module under
 * src/modules, and only that module's code inserts, updates or deletes its rows (reads may join
 * anything). Another module that needs a row written asks the owner, through what app.ts hands it.
 * Checked by db/owners.test.ts, which scans each module's source for writes.
 */
export const TABLE_OWNERS = {
  // auth
  session: 'auth',
  password_token: 'auth',
  trusted_device: 'auth',
  rate_limit: 'rate-limit',
  // sso
  identity_provider: 'sso',
  identity_provider_domain: 'sso',
  identity_provider_group: 'sso',
  user_identity: 'sso',
  sso_attempt: 'sso',
  sso_ticket: 'sso',
  // scim: directory sync
  scim_token: 'scim',
  scim_user: 'scim',
  scim_group: 'scim',
  audit_log: 'audit',
  // content: the items and what they carry are their authors'
  content: 'authoring',
  content_reach: 'authoring', // kept by database triggers on the inbox and attempts; no module writes it
  content_notice: 'authoring',
  content_review: 'authoring', // an item's review history, written with its changes
  content_audience_group: 'authoring',
  content_audience_user: 'authoring',
  content_audience_rule: 'authoring',
  material: 'authoring',
  media: 'authoring',
  question: 'authoring',
  answer: 'authoring',
  task: 'authoring',
  comment: 'content',
  certificate: 'certificates',
  review_policy: 'review',
  content_reviewer: 'review',
  bank_question: 'question-bank',
  promotion_copy: 'promotions',
  file: 'files',
  // forms
  attempt: 'forms',
  attempt_answer: 'forms',
  poll_response: 'forms',
  submission_key: 'forms',
  question_check: 'forms',
  points_ledger: 'forms',
  content_interaction: 'inbox',
  job: 'jobs',
  email_outbox: 'mail',
  notification: 'notifications',
  notification_delivery: 'notifications',
  notification_opt_out: 'notifications',
  push_device: 'notifications',
  app_secret: 'notifications',
  activity_day: 'stats', // kept by database triggers; no module writes it
  person_activity: 'auth', // a person's days of use, written as they use a session; read by stats
  person_recent_days: 'stats', // kept by database triggers from person_activity; no module writes it
  group_reach: 'stats', // kept by database triggers; no module writes it
  stats_snapshot: 'stats',
  tenant: 'tenants',
  app_user: 'users',
  user_group: 'users',
  group_member: 'users',
  login_identifier: 'users',
} as const satisfies Record<string, string>;

export type Table = keyof typeof TABLE_OWNERS;

/**
 * The writes allowed outside a table's owner, each with why (keep this short: fix rather than list).
 * Keyed `module:table`.
 */
export const WRITE_EXCEPTIONS: Record<string, string> = {
  // The password hash and the sign-in language are the account row's columns that only signing in sets;
  // locking accounts clears them with their sessions in one transaction. Their own table would be a migration.
  'auth:app_user': 'credentials (password hash, sign-in language) are columns of the account row',
};
