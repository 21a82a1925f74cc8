import { ROLES, type Role } from '../enums.js';

/**
 * Which role may do what, declared once (DESIGN.md §5): the server's access table builds each route's
 * roles from these capabilities (apps/server/src/access.ts), and the console shows a screen, a link or
 * a button only to the roles its calls would answer (`may`). A new rule about roles goes here, never
 * into a `role === …` check of its own.
 */
export const CAPABILITIES = {
  /** The end-user calls: every signed-in person. */
  signedIn: ROLES,
  /** The admin console: the staff; anyone else reaching /admin sees the 404 screen. */
  console: ['SUPERADMIN', 'ADMIN', 'CREATOR', 'ANALYST'],
  /** Read a tenant's people and groups: its admins, and its analysts read-only. */
  'people.read': ['SUPERADMIN', 'ADMIN', 'ANALYST'],
  /** Change a tenant's people and groups (and what changes a person's points). */
  'people.write': ['SUPERADMIN', 'ADMIN'],
  /** Choose whom an item goes to: the groups, and the narrow people search (names and groups only). */
  'audience.pick': ['SUPERADMIN', 'ADMIN', 'CREATOR', 'ANALYST'],
  /** Read a tenant's content as its staff; the analysts read-only. */
  'content.read': ['SUPERADMIN', 'ADMIN', 'CREATOR', 'ANALYST'],
  /** Make content and upload its files; a CREATOR changes only their own items (`mayChangeItem`). */
  'content.author': ['SUPERADMIN', 'ADMIN', 'CREATOR'],
  /** Change any item of the tenant, whoever made it. */
  'content.any': ['SUPERADMIN', 'ADMIN'],
  /**
   * Whether the organisation reviews its CREATORs' items before they are out, and who reviews besides its
   * admins (who always may: `mayReview`).
   */
  'review.manage': ['SUPERADMIN', 'ADMIN'],
  /** The tenant's statistics: the dashboard and every item's figures (a CREATOR's own items: `mayReadItemStats`). */
  'stats.read': ['SUPERADMIN', 'ADMIN', 'ANALYST'],
  /** The organisation's single sign-on: its identity providers and the groups their claims map to. */
  'sso.manage': ['SUPERADMIN', 'ADMIN'],
  /** The organisation's directory sync (SCIM): the tokens its directory calls with. */
  'directory.manage': ['SUPERADMIN', 'ADMIN'],
  /** The provider's organisations. */
  'tenants.manage': ['SUPERADMIN'],
  /** The provider's promotions to its client organisations. */
  promotions: ['SUPERADMIN'],
  /** The operator's calls: the mail test, the background queue, maintenance over every tenant. */
  system: ['SUPERADMIN'],
  /** The audit log over every tenant. */
  audit: ['SUPERADMIN'],
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof CAPABILITIES;

/** Whether a role (or a signed-in person) has a capability. */
export const may = (who: Role | { role: Role }, capability: Capability): boolean =>
  (CAPABILITIES[capability] as readonly Role[]).includes(typeof who === 'string' ? who : who.role);

/** Who acts on an item: a role and the person's id. */
export type Actor = { role: Role; id: number };

/** Whether the actor may change (edit, copy, archive, notify about, delete) an item made by `creatorId`. */
export const mayChangeItem = (actor: Actor, creatorId: number): boolean =>
  may(actor, 'content.any') || (may(actor, 'content.author') && creatorId === actor.id);

/** Whether the actor may read an item's statistics, answers and exports: a CREATOR their own items only. */
export const mayReadItemStats = (actor: Actor, creatorId: number): boolean =>
  may(actor, 'stats.read') || (may(actor, 'content.author') && creatorId === actor.id);

/**
 * Whether the actor approves or sends back items in review: the organisation's admins, and the CREATORs
 * its admins named reviewers (`reviewer`); never their own items (`creatorId`), which another checks.
 */
export const mayReview = (actor: Actor & { reviewer: boolean }, creatorId?: number): boolean =>
  creatorId !== actor.id && (may(actor, 'review.manage') || (may(actor, 'content.author') && actor.reviewer));
