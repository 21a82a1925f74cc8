import { readFile } from 'node:fs/promises';
import { ACTIVATION_CODE_TTL_MS, type Role } from '@kanal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { createContentServices } from '../app.js';
import type { Db } from '../db/client.js';
import { appUser, content, file, groupMember, tenant, userGroup } from '../db/schema/index.js';
import { hashPassword } from '../lib/passwords.js';
import { hashActivationCode } from '../modules/auth/activation-code.js';
import { createAuthRepository } from '../modules/auth/auth.repository.js';
import type { FileStore } from '../modules/files/file-store.js';
import { createAccounts } from '../modules/users/accounts.js';
import { seedDemoContent } from './demo-content.js';

export const DEMO_PASSWORD = 'Demo1234!';
/**
 * The activation code of the demo's username-only account (ivan), printed with the demo logins. A
 * real code is random and shown once to an admin; this one is fixed so the README can name it.
 */
export const DEMO_ACTIVATION_CODE = 'IVAN-DEMO-2026';

type DemoUser = {
  email?: string;
  username?: string;
  name: string;
  role: Role;
  groups?: string[];
  noPassword?: boolean;
};
type DemoTenant = { name: string; logo: string; showPromoTag: boolean; groups: string[]; users: DemoUser[] };

/** The demo organisations of the README: a full one, and a second to show that tenants are walls. */
export const DEMO_TENANTS: DemoTenant[] = [
  {
    name: 'Demo d.o.o.',
    logo: 'demo-logo.svg',
    showPromoTag: true,
    groups: ['Uprava', 'Prodaja', 'Skladište'],
    users: [
      { email: 'super@demo.hr', name: 'Sanja Kovačević', role: 'SUPERADMIN' },
      { email: 'admin@demo.hr', name: 'Andrej Babić', role: 'ADMIN', groups: ['Uprava'] },
      { email: 'creator@demo.hr', name: 'Katarina Horvat', role: 'CREATOR', groups: ['Uprava'] },
      { email: 'analyst@demo.hr', name: 'Luka Novak', role: 'ANALYST', groups: ['Uprava'] },
      { email: 'ana@demo.hr', name: 'Ana Anić', role: 'USER', groups: ['Prodaja'] },
      { email: 'marko@demo.hr', name: 'Marko Marić', role: 'USER', groups: ['Prodaja', 'Skladište'] },
      { username: 'ivan', name: 'Ivan Ivić', role: 'USER', groups: ['Skladište'], noPassword: true },
      { email: 'tena@demo.hr', name: 'Tena Jurić', role: 'USER', groups: ['Prodaja'], noPassword: true },
    ],
  },
  {
    name: 'Druga firma d.o.o.',
    logo: 'druga-logo.svg',
    showPromoTag: false,
    groups: ['Svi zaposlenici'],
    users: [
      { email: 'admin@druga.hr', name: 'Dora Admin', role: 'ADMIN', groups: ['Svi zaposlenici'] },
      { email: 'petra@druga.hr', name: 'Petra Perić', role: 'USER', groups: ['Svi zaposlenici'] },
    ],
  },
];

const assets = new URL('../../seed-assets/', import.meta.url);

/** Creates the demo tenants that do not exist yet; running it again changes nothing. */
export async function seedDemo(db: Db, store: FileStore): Promise<{ created: string[] }> {
  // Hashed only when a tenant is actually created: a restart with the demo in place does no argon2 work.
  let passwordHash: Promise<string> | undefined;
  const created: string[] = [];
  for (const demo of DEMO_TENANTS) {
    const done = await db.transaction(async (tx) => {
      // Several processes starting together on a new database: one makes each tenant, the others wait for
      // it and then find it made.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('kanal:seed-demo'))`);
      const [existing] = await tx.select({ id: tenant.id }).from(tenant).where(eq(tenant.name, demo.name));
      if (existing) return false;
      const [row] = await tx.insert(tenant).values({ name: demo.name, showPromoTag: demo.showPromoTag }).returning();
      if (!row) throw new Error('tenant insert returned nothing');
      const logo = await readFile(new URL(demo.logo, assets));
      const storageKey = `${row.id}/${demo.logo}`;
      await store.put(storageKey, logo);
      const [image] = await tx
        .insert(file)
        .values({ tenantId: row.id, name: demo.logo, mime: 'image/svg+xml', size: logo.byteLength, storageKey })
        .returning({ id: file.id });
      await tx.update(tenant).set({ image: image?.id }).where(eq(tenant.id, row.id));
      const groups = await tx
        .insert(userGroup)
        .values(demo.groups.map((name) => ({ tenantId: row.id, name })))
        .returning({ id: userGroup.id, name: userGroup.name });
      passwordHash ??= hashPassword(DEMO_PASSWORD);
      const hash = await passwordHash;
      const users = await createAccounts(
        tx,
        row.id,
        demo.users.map((u) => ({
          email: u.email ?? null,
          username: u.username ?? null,
          name: u.name,
          role: u.role,
          passwordHash: u.noPassword ? null : hash,
        })),
      );
      const members = demo.users.flatMap((u, i) =>
        (u.groups ?? []).map((name) => ({
          tenantId: row.id,
          userId: users[i]?.id ?? 0,
          groupId: groups.find((g) => g.name === name)?.id ?? 0,
        })),
      );
      if (members.length) await tx.insert(groupMember).values(members);
      await seedDemoContent(tx, store, {
        name: demo.name,
        tenantId: row.id,
        users: new Map(demo.users.map((u, i) => [u.email ?? u.username ?? '', users[i]?.id ?? 0])),
        groups: new Map(groups.map((g) => [g.name, g.id])),
      });
      return true;
    });
    if (done) created.push(demo.name);
  }
  if (created.includes(PROMOTION_TO.tenant)) await sendDemoPromotion(db);
  await keepDemoActivationCodes(db);
  return { created };
}

/** The provider's promotion in the demo, and the client organisation it is sent to (without the Promo tag). */
const PROMOTION_TO = { tenant: 'Druga firma d.o.o.', from: 'Demo d.o.o.', sender: 'super@demo.hr' };

/** Sends the demo's promotion to the second organisation, as its SUPERADMIN would from the console. */
async function sendDemoPromotion(db: Db) {
  const tenantId = async (name: string) =>
    (await db.select({ id: tenant.id }).from(tenant).where(eq(tenant.name, name)))[0]?.id;
  const [provider, client] = [await tenantId(PROMOTION_TO.from), await tenantId(PROMOTION_TO.tenant)];
  if (provider === undefined || client === undefined) return;
  const [promotion] = await db
    .select({ id: content.id })
    .from(content)
    .where(and(eq(content.tenantId, provider), eq(content.configuration, 'PROMOTION')));
  const [sender] = await db
    .select({ id: appUser.id })
    .from(appUser)
    .where(and(eq(appUser.tenantId, provider), eq(appUser.email, PROMOTION_TO.sender)));
  if (!promotion || !sender) return;
  await createContentServices(db).authoring.sendPromotion(provider, promotion.id, [client], {
    event: 'promotion.sent',
    tenantId: provider,
    userId: sender.id,
  });
}

/**
 * On every start, a username-only demo account still without a password gets its printed code back
 * if it expired (after 7 days) or was used up, so the demo's first-time set-up always works.
 */
async function keepDemoActivationCodes(db: Db) {
  const now = new Date();
  const auth = createAuthRepository(db);
  for (const user of DEMO_TENANTS.flatMap((t) => t.users.filter((u) => u.username && u.noPassword))) {
    const account = await auth.findAccount(user.username ?? '');
    if (!account || account.passwordHash !== null) continue;
    if (await auth.hasLiveActivationCode(account.tenantId, account.id, now)) continue;
    await auth.replaceActivationCodes(account.tenantId, [
      {
        userId: account.id,
        codeHash: hashActivationCode(account, DEMO_ACTIVATION_CODE),
        expiresAt: new Date(now.getTime() + ACTIVATION_CODE_TTL_MS),
      },
    ]);
  }
}

/** The lines printed at start-up so a newcomer can log in. */
export function demoLogins(): string[] {
  return DEMO_TENANTS.flatMap((t) =>
    t.users.map((u) => {
      const login = (u.email ?? u.username ?? '').padEnd(18);
      const password = !u.noPassword
        ? DEMO_PASSWORD
        : u.email
          ? '(none yet: set-up link by e-mail)'
          : `(none yet: code ${DEMO_ACTIVATION_CODE})`;
      return `  ${login} ${password.padEnd(34)} ${u.role.padEnd(10)} ${t.name}`;
    }),
  );
}
