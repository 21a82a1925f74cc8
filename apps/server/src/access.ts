import type { AccessTable } from './plugins/request-context.js';

/**
 * Access to every API route, declared once: `"METHOD /path"` as the route is registered, with the roles
 * of a capability of the contract's table (`CAPABILITIES`), which the console reads too. The auth
 * guard enforces it (plugins/request-context.ts), the OpenAPI document publishes it (`security`,
 * `x-roles`), and the app refuses to start with a route that has no row here, so a new route cannot
 * be open by omission. A route of the admin issues adds its row here.
 */
export const ACCESS: AccessTable = {};
