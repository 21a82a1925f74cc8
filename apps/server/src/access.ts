import { CAPABILITIES as CAN } from '@kanal/contract';
import type { AccessTable } from './plugins/request-context.js';

/**
 * Access to every API route, declared once: `"METHOD /path"` as the route is registered, with the roles
 * of a capability of the contract's table (`CAPABILITIES`), which the console reads too. The auth
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
  // Opening the link mailed to a new e-mail address (maybe on another device, signed out).
  'POST /api/mobile/users/email/confirm/:token': 'public',

  // The signed-in user's own account.
  'GET /api/auth/me': CAN.signedIn,
  'GET /api/mobile/users/data': CAN.signedIn,
  'GET /api/auth/manifest.webmanifest': CAN.signedIn,
  'GET /api/auth/signout': CAN.signedIn,
  'POST /api/mobile/users/password': CAN.signedIn,
  'POST /api/mobile/users/names': CAN.signedIn,
  'POST /api/mobile/users/phone': CAN.signedIn,
  'POST /api/mobile/users/email': CAN.signedIn,
  'POST /api/mobile/users/accept-terms': CAN.signedIn,
  'POST /api/mobile/users/language': CAN.signedIn,
  'GET /api/mobile/users/notification-settings': CAN.signedIn,
  'PUT /api/mobile/users/notification-settings': CAN.signedIn,

  // The caller's notices (the bell).
  'GET /api/notifications': CAN.signedIn,
  'POST /api/notifications/:id/read': CAN.signedIn,

  // Push notices: a browser's subscription, a phone's Expo token, a test notice to one's devices.
  'GET /api/push/web/key': CAN.signedIn,
  'POST /api/push/web/subscriptions': CAN.signedIn,
  'POST /api/push/web/subscriptions/remove': CAN.signedIn,
  'POST /api/mobile/users/ept': CAN.signedIn,
  'POST /api/mobile/users/testpn': CAN.signedIn,

  // Receipts: a push notice's client reports it with the receipt the notice carried (no session: a
  // service worker has none); a tenant's admins and analysts read them, its admins remove them.
  'POST /api/notification-receipts': 'public',
  // An e-mail's unsubscribe link: the signed token names the person and the kind of notice.
  'POST /api/notifications/unsubscribe': 'public',
  // Its List-Unsubscribe header: the mail provider posts RFC 8058's one-click form, with no session.
  'POST /api/notifications/unsubscribe/:token': 'public',
  'GET /api/notification-receipts': CAN['people.read'],
  'GET /api/notification-receipts/user/:id': CAN['people.read'],
  'GET /api/notification-receipts/:id': CAN['people.read'],
  'DELETE /api/notification-receipts/:id': CAN['people.write'],

  'POST /api/mobile/users/avatar': CAN.signedIn,
  'GET /api/mobile/users/avatar/:id': CAN.signedIn,
};
