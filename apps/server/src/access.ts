import { FILE_UPLOAD_ROLES, ROLES } from '@kanal/contract';
import type { AccessTable } from './plugins/request-context.js';

/** Every role: the end-user calls, which every role can use (DESIGN.md §5). */
const SIGNED_IN = ROLES;
/** Runs a tenant's people (DESIGN.md §5): its admins, and the provider's. */
const PEOPLE_ADMINS = ['SUPERADMIN', 'ADMIN'] as const;
/** Reads a tenant's people: its admins, and its analysts read-only. */
const PEOPLE_READERS = ['SUPERADMIN', 'ADMIN', 'ANALYST'] as const;
/** Lists a tenant's people and groups: also its creators, who choose whom their content goes to. */
const AUDIENCE_PICKERS = ['SUPERADMIN', 'ADMIN', 'CREATOR', 'ANALYST'] as const;
/** Reads a tenant's content as staff (DESIGN.md §5): the analysts read-only. */
const CONTENT_READERS = ['SUPERADMIN', 'ADMIN', 'CREATOR', 'ANALYST'] as const;
/** Writes content: a CREATOR only their own items (content-staff.ts). */
const CONTENT_AUTHORS = ['SUPERADMIN', 'ADMIN', 'CREATOR'] as const;

/**
 * Access to every API route, declared once: `"METHOD /path"` as the route is registered. The auth
 * guard enforces it (plugins/request-context.ts), the OpenAPI document publishes it (`security`,
 * `x-roles`), and the app refuses to start with a route that has no row here, so a new route cannot
 * be open by omission. A route of the admin issues adds its row here.
 */
export const ACCESS: AccessTable = {
  'GET /health': 'public',
  'GET /api/health': 'public',

  // Signing in and recovering an account.
  'POST /api/auth/has-password': 'public',
  'POST /api/mobile/users/has-password': 'public',
  'POST /api/auth/signin': 'public',
  'POST /api/mobile/users/login': 'public',
  'POST /api/auth/setup-password': 'public',
  'POST /api/auth/signup/:token': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/mobile/users/resetpassword': 'public',
  'POST /api/auth/reset-password/:token': 'public',

  // The signed-in user's own account.
  'GET /api/auth/me': SIGNED_IN,
  'GET /api/mobile/users/data': SIGNED_IN,
  'GET /api/auth/manifest.webmanifest': SIGNED_IN,
  'GET /api/auth/signout': SIGNED_IN,
  'POST /api/mobile/users/password': SIGNED_IN,
  'POST /api/mobile/users/names': SIGNED_IN,
  'POST /api/mobile/users/phone': SIGNED_IN,
  'POST /api/mobile/users/email': SIGNED_IN,
  'POST /api/mobile/users/accept-terms': SIGNED_IN,
  'POST /api/mobile/users/language': SIGNED_IN,
  'GET /api/mobile/users/notification-settings': SIGNED_IN,
  'PUT /api/mobile/users/notification-settings': SIGNED_IN,

  // The caller's notices (the bell).
  'GET /api/notifications': SIGNED_IN,
  'POST /api/notifications/:id/read': SIGNED_IN,

  // Push notices: a browser's subscription, a phone's Expo token, a test notice to one's devices.
  'GET /api/push/web/key': SIGNED_IN,
  'POST /api/push/web/subscriptions': SIGNED_IN,
  'POST /api/push/web/subscriptions/remove': SIGNED_IN,
  'POST /api/mobile/users/ept': SIGNED_IN,
  'POST /api/mobile/users/testpn': SIGNED_IN,

  // Receipts: a push notice's client reports it with the receipt the notice carried (no session: a
  // service worker has none); a tenant's admins and analysts read them, its admins remove them.
  'POST /api/notification-receipts': 'public',
  // An e-mail's unsubscribe link: the signed token names the person and the kind of notice.
  'POST /api/notifications/unsubscribe': 'public',
  // Its List-Unsubscribe header: the mail provider posts RFC 8058's one-click form, with no session.
  'POST /api/notifications/unsubscribe/:token': 'public',
  'GET /api/notification-receipts': PEOPLE_READERS,
  'GET /api/notification-receipts/user/:id': PEOPLE_READERS,
  'GET /api/notification-receipts/:id': PEOPLE_READERS,
  'DELETE /api/notification-receipts/:id': PEOPLE_ADMINS,

  // The operator's calls: the mail test, the audit log, the background queue.
  'GET /api/email/test': ['SUPERADMIN'],
  'GET /api/logs': ['SUPERADMIN'],
  'GET /api/system/jobs': ['SUPERADMIN'],
  'POST /api/system/jobs/:id/retry': ['SUPERADMIN'],
  'POST /api/mobile/users/avatar': SIGNED_IN,
  'GET /api/mobile/users/avatar/:id': SIGNED_IN,
  'GET /api/mobile/users/stats': SIGNED_IN,
  'GET /api/mobile/users/groups': SIGNED_IN,

  // Files: read what one may see; upload as an author.
  'GET /api/files/:file': SIGNED_IN,
  'GET /api/mobile/client/logo/:id': SIGNED_IN,
  'POST /api/files': FILE_UPLOAD_ROLES,
  'POST /api/files/multiple': FILE_UPLOAD_ROLES,

  // The end-user content, forms and archive.
  'GET /api/mobile/content/list/new': SIGNED_IN,
  'GET /api/mobile/content/list/finished': SIGNED_IN,
  'GET /api/mobile/content/list/new-with-attempts': SIGNED_IN,
  'GET /api/mobile/content/list/filters': SIGNED_IN,
  'GET /api/mobile/content/info/stats': SIGNED_IN,
  'GET /api/mobile/content/info/count': SIGNED_IN,
  'GET /api/mobile/content/:id': SIGNED_IN,
  'GET /api/mobile/content/:id/material': SIGNED_IN,
  'GET /api/mobile/content/:id/questions': SIGNED_IN,
  'GET /api/mobile/media/info/:id': SIGNED_IN,
  'POST /api/mobile/content/mark-viewed': SIGNED_IN,
  'POST /api/mobile/content/mark-finished': SIGNED_IN,
  'POST /api/mobile/content/info/comment': SIGNED_IN,
  'POST /api/mobile/content/:id/form/attempt': SIGNED_IN,
  'POST /api/mobile/content/:id/questions/:questionId/check': SIGNED_IN,
  'GET /api/mobile/content/:id/form/attempts': SIGNED_IN,
  'GET /api/mobile/content/form/attempts': SIGNED_IN,
  'GET /api/mobile/content/:id/poll/results': SIGNED_IN,

  // People and groups of the caller's tenant (spec point 7, "User" and "Group").
  'GET /api/user': AUDIENCE_PICKERS,
  'POST /api/user': PEOPLE_ADMINS,
  'GET /api/user/:id': PEOPLE_READERS,
  'GET /api/user/:id/activity': PEOPLE_READERS,
  'PATCH /api/user/:id': PEOPLE_ADMINS,
  'DELETE /api/user/:id': PEOPLE_ADMINS,
  'POST /api/user/delete-by-ids': PEOPLE_ADMINS,
  'POST /api/user/reset-password': PEOPLE_ADMINS,
  'POST /api/admin/user/resend-welcome-emails/:id': PEOPLE_ADMINS,
  'GET /api/export/template': PEOPLE_ADMINS,
  'GET /api/export/users': PEOPLE_READERS,
  'GET /api/export/user/:id': PEOPLE_READERS,
  'POST /api/import/template/check': PEOPLE_ADMINS,
  'POST /api/import/template': PEOPLE_ADMINS,
  'POST /api/user/import': PEOPLE_ADMINS,
  'GET /api/group': AUDIENCE_PICKERS,
  'POST /api/group': PEOPLE_ADMINS,
  'GET /api/group/tenant': AUDIENCE_PICKERS,
  'GET /api/group/:id': PEOPLE_READERS,
  'PATCH /api/group/:id': PEOPLE_ADMINS,
  'DELETE /api/group/:id': PEOPLE_ADMINS,
  'GET /api/group/:id/users': PEOPLE_READERS,
  'POST /api/group/import': PEOPLE_ADMINS,

  // Content as its staff see it (spec point 7, "Content" and "User answers").
  'GET /api/content': CONTENT_READERS,
  'POST /api/content': CONTENT_AUTHORS,
  'POST /api/mobile/content': CONTENT_AUTHORS,
  'GET /api/content/info/categories': CONTENT_READERS,
  'GET /api/content/:id': CONTENT_READERS,
  'GET /api/content/:id/simple': CONTENT_READERS,
  'PATCH /api/content/:id': CONTENT_AUTHORS,
  'DELETE /api/content/:id': CONTENT_AUTHORS,
  'POST /api/content/:id/copy': CONTENT_AUTHORS,
  'POST /api/content/:id/archive': CONTENT_AUTHORS,
  'POST /api/content/:id/notify': CONTENT_AUTHORS,
  'GET /api/content/:id/comment': CONTENT_READERS,
  'GET /api/content/:id/comment/:commentId': CONTENT_READERS,
  'DELETE /api/content/:id/comment/:commentId': CONTENT_AUTHORS,
  'GET /api/userAnswer': CONTENT_READERS,
  'GET /api/userAnswer/:id': CONTENT_READERS,
  // Deleting an attempt changes a person's points: the tenant's admins.
  'DELETE /api/userAnswer/:id': PEOPLE_ADMINS,
  // An item's statistics: a CREATOR's own items only (modules/content/content-stats.ts).
  'GET /api/content/:id/info': CONTENT_READERS,
  'GET /api/content/:id/reach': CONTENT_READERS,
  'GET /api/content/:id/info/activity': CONTENT_READERS,
  'GET /api/content/:id/groups-reach': CONTENT_READERS,
  'GET /api/content/:id/users': CONTENT_READERS,
  'GET /api/content/:id/results': CONTENT_READERS,
  'GET /api/content/:id/attempts': CONTENT_READERS,
  'GET /api/content/:id/users/:userId/attempts': CONTENT_READERS,
  'GET /api/content/:id/users/:userId/results/:attemptId': CONTENT_READERS,
  'GET /api/content/:id/comments': CONTENT_READERS,
  'GET /api/export/content/:id': CONTENT_READERS,

  // The tenant's statistics (modules/stats): its admins and analysts, a SUPERADMIN in any (`?tenant=`).
  'GET /api/content/info/activity': PEOPLE_READERS,
  'GET /api/stats/dashboard/overview': PEOPLE_READERS,
  'GET /api/tenant/info/groups': PEOPLE_READERS,
  // Promotions: the provider's, sent to client organisations (DESIGN.md §5).
  'GET /api/promotion': ['SUPERADMIN'],
  'GET /api/promotion/:id': ['SUPERADMIN'],
  'PATCH /api/promotion/:id': ['SUPERADMIN'],
  // Maintenance over every tenant.
  'POST /api/content/info/fix-media': ['SUPERADMIN'],
  'POST /api/content/info/fix-points': ['SUPERADMIN'],

  // Organisations: the provider's SUPERADMINs; a tenant's admins and analysts see its own top five.
  'GET /api/tenant': ['SUPERADMIN'],
  'POST /api/tenant': ['SUPERADMIN'],
  'GET /api/tenant/top-five/:id': PEOPLE_READERS,
  'GET /api/tenant/:id': ['SUPERADMIN'],
  'PATCH /api/tenant/:id': ['SUPERADMIN'],
  'DELETE /api/tenant/:id': ['SUPERADMIN'],
  'POST /api/tenant/:id/activate': ['SUPERADMIN'],
  'POST /api/tenant/:id/deactivate': ['SUPERADMIN'],
};
