import {
  ACCENT_MIN_CONTRAST,
  type AdminTenant,
  type AdminTenantList,
  accentContrast,
  type CreatedTenant,
  type CreateTenantBody,
  type DeleteTenantBody,
  formatContrast,
  type Language,
  PRIMARY_MIN_CONTRAST,
  primaryContrast,
  type TenantListQuery,
  type TopFive,
  type UpdateTenantBody,
} from '@kanal/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditLog } from '../audit/audit.service.js';
import type { AuthService } from '../auth/auth.service.js';
import type { Actor, PeopleService } from '../users/people.service.js';
import type { TenantsRepository } from './tenants.repository.js';

type Repos = {
  tenants: TenantsRepository;
  /** Creates an account with its sign-in identifiers (the users module's), in this transaction. */
  addAccount: (tenantId: number, account: { name: string; email: string; role: 'ADMIN' }) => Promise<number>;
  audit: AuditLog;
};
type Deps = {
  tenants: TenantsRepository;
  /** Whether another account already signs in with this e-mail (login is global). */
  emailTaken: (email: string) => Promise<boolean>;
  /** Runs `fn` in one transaction, with repositories bound to it. */
  transaction: <T>(fn: (repos: Repos) => Promise<T>) => Promise<T>;
  people: Pick<PeopleService, 'get'>;
  invite: AuthService['invite'];
  /** Removes stored files' bytes, once the rows naming them are gone. */
  removeFiles: (storageKeys: string[]) => Promise<void>;
  /** A tenant's five people with the most points and five items finished by the most (the statistics'). */
  topFive: (tenantId: number) => Promise<TopFive>;
  clock: Clock;
};

/** A name another organisation has, whatever its case, accents or spacing: a conflict on `name`. */
const nameTaken = () => new AppError('TenantNameTaken', { field: { name: 'name', message: 'errors.TenantNameTaken' } });

/**
 * Colours too light to read on the product's surfaces are refused with their contrast, so that every
 * organisation's app passes WCAG AA. The accent is checked against the primary's tint as well (a progress
 * bar's track), so either change can make the pair fail.
 */
function assertReadableColors(lang: Language, colors: Pick<AdminTenant, 'primaryColor' | 'accentColor'>) {
  const refuse = (field: keyof typeof colors, message: string, ratio: number, min: number) =>
    new AppError('BodyParamsInvalid', {
      field: { name: field, message },
      params: { ratio: formatContrast(ratio, lang), min: formatContrast(min, lang) },
    });
  const { primaryColor, accentColor } = colors;
  if (primaryColor !== null) {
    const ratio = primaryContrast(primaryColor);
    if (ratio < PRIMARY_MIN_CONTRAST)
      throw refuse('primaryColor', 'validation.primaryTooLight', ratio, PRIMARY_MIN_CONTRAST);
  }
  if (accentColor !== null) {
    const ratio = accentContrast(accentColor, primaryColor);
    if (ratio < ACCENT_MIN_CONTRAST)
      throw refuse('accentColor', 'validation.accentTooLight', ratio, ACCENT_MIN_CONTRAST);
  }
}

const toTenant = (row: NonNullable<Awaited<ReturnType<TenantsRepository['find']>>>): AdminTenant => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The organisations (spec point 7, "Tenant"), run by the provider's SUPERADMINs: created with their first
 * admin, renamed and branded, deactivated (everyone's sessions end, sign-in says why) and deleted whole.
 */
export const createTenantsService = ({
  tenants,
  emailTaken,
  transaction,
  people,
  invite,
  removeFiles,
  topFive,
  clock,
}: Deps) => {
  async function found(tenantId: number) {
    const row = await tenants.find(tenantId);
    if (!row) throw notFound();
    return row;
  }

  /** The provider's own organisation holds the SUPERADMINs: it is neither deactivated nor deleted. */
  function assertNotOwn(actor: Actor, tenantId: number) {
    if (tenantId === actor.tenantId) throw new AppError('OwnTenant');
  }

  return {
    async list(query: TenantListQuery): Promise<AdminTenantList> {
      const { count, rows } = await tenants.list(query);
      return { count, items: rows.map(toTenant) };
    },

    get: async (tenantId: number) => toTenant(await found(tenantId)),

    /** The organisation and its first ADMIN in one transaction; then the admin's welcome mail. */
    async create(actor: Actor, body: CreateTenantBody): Promise<CreatedTenant> {
      if (await emailTaken(body.admin.email)) throw new AppError('EmailTaken');
      const { tenantId, adminId } = await transaction(async (tx) => {
        const tenantId = await tx.tenants.insert({ name: body.name, showPromoTag: body.showPromoTag });
        if (tenantId === 'taken') throw nameTaken();
        const adminId = await tx.addAccount(tenantId, {
          name: body.admin.name,
          email: body.admin.email,
          role: 'ADMIN',
        });
        await tx.audit.record({ event: 'tenant.created', tenantId, details: { by: actor.userId } });
        await tx.audit.record({ event: 'user.created', tenantId, userId: adminId, details: { by: actor.userId } });
        return { tenantId, adminId };
      });
      await invite(tenantId, [adminId], 'welcome', actor);
      return { tenant: toTenant(await found(tenantId)), admin: await people.get({ ...actor, tenantId }, adminId) };
    },

    /** The name, the Promo tag, the colours, and the logo: a file uploaded to that organisation, or none. */
    async update(actor: Actor, tenantId: number, body: UpdateTenantBody): Promise<AdminTenant> {
      const row = await found(tenantId);
      if (body.image && !(await tenants.ownsFile(tenantId, body.image))) throw notFound();
      assertReadableColors(actor.lang, {
        primaryColor: body.primaryColor === undefined ? row.primaryColor : body.primaryColor,
        accentColor: body.accentColor === undefined ? row.accentColor : body.accentColor,
      });
      const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
      await transaction(async (tx) => {
        if ((await tx.tenants.change(tenantId, changes, clock.now())) === 'taken') throw nameTaken();
        await tx.audit.record({
          event: 'tenant.updated',
          tenantId,
          details: { by: actor.userId, changed: Object.keys(changes) },
        });
      });
      return toTenant(await found(tenantId));
    },

    /** Deactivated, everyone's sessions end at their next request (a trigger) and sign-in says why. */
    async setActive(actor: Actor, tenantId: number, active: boolean): Promise<AdminTenant> {
      await found(tenantId);
      if (!active) assertNotOwn(actor, tenantId);
      await transaction(async (tx) => {
        await tx.tenants.change(tenantId, { active }, clock.now());
        await tx.audit.record({
          event: active ? 'tenant.activated' : 'tenant.deactivated',
          tenantId,
          details: { by: actor.userId },
        });
      });
      return toTenant(await found(tenantId));
    },

    /** Everything of the organisation goes: its rows, then its files' bytes. Its name must be typed back. */
    async delete(actor: Actor, tenantId: number, { name }: DeleteTenantBody): Promise<{ done: true }> {
      const row = await found(tenantId);
      assertNotOwn(actor, tenantId);
      if (name !== row.name) {
        throw new AppError('BodyParamsInvalid', { field: { name: 'name', message: 'validation.nameMismatch' } });
      }
      const storageKeys = await transaction(async (tx) => {
        const keys = await tx.tenants.delete(tenantId);
        await tx.audit.record({ event: 'tenant.deleted', details: { by: actor.userId, tenantId, name: row.name } });
        return keys;
      });
      await removeFiles(storageKeys);
      return { done: true };
    },

    /**
     * The organisation an admin call about people works in (`?tenant=`): a SUPERADMIN's choice, if it
     * exists; anyone else's own, and another named answers 404 like any other tenant's id.
     */
    async scopeOf(ctx: Pick<Actor, 'tenantId' | 'role'>, requested: number | undefined): Promise<number> {
      if (requested === undefined || requested === ctx.tenantId) return ctx.tenantId;
      if (ctx.role !== 'SUPERADMIN') throw notFound();
      return (await found(requested)).id;
    },

    /** A SUPERADMIN sees any organisation's; its own admins and analysts only their own. */
    async topFive(actor: Actor, tenantId: number): Promise<TopFive> {
      if (actor.role !== 'SUPERADMIN' && tenantId !== actor.tenantId) throw notFound();
      await found(tenantId);
      return topFive(tenantId);
    },
  };
};
export type TenantsService = ReturnType<typeof createTenantsService>;
