import { readFile } from 'node:fs/promises';
import { ACTIVATION_CODE_TTL_MS, type Role } from '@kanal/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createContentServices } from '../content-services.js';
import type { Db, DbOrTx, Tx } from '../db/client.js';
import { appSecret, appUser, content, file, groupMember, tenant, userGroup } from '../db/schema/index.js';
import { hashPassword } from '../lib/passwords.js';
import { hashActivationCode } from '../modules/auth/activation-code.js';
import { createAuthRepository } from '../modules/auth/auth.repository.js';
import type { FileStore } from '../modules/files/file-store.js';
import { createAccounts, type NewAccount } from '../modules/users/accounts.js';
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
  /** Their attributes (issue 31); the manager by the e-mail or username of another of the organisation's. */
  attributes?: Pick<NewAccount, 'department' | 'location' | 'jobTitle' | 'employeeNumber' | 'startDate'>;
  manager?: string;
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
      {
        email: 'super@demo.hr',
        name: 'Sanja Kovačević',
        role: 'SUPERADMIN',
        attributes: {
          department: 'Uprava',
          location: 'Zagreb',
          jobTitle: 'Direktorica',
          employeeNumber: 'D-001',
          startDate: '2015-02-02',
        },
      },
      {
        email: 'admin@demo.hr',
        name: 'Andrej Babić',
        role: 'ADMIN',
        groups: ['Uprava'],
        attributes: {
          department: 'Ljudski potencijali',
          location: 'Zagreb',
          jobTitle: 'Voditelj ljudskih potencijala',
          employeeNumber: 'D-014',
          startDate: '2018-09-03',
        },
        manager: 'super@demo.hr',
      },
      {
        email: 'creator@demo.hr',
        name: 'Katarina Horvat',
        role: 'CREATOR',
        groups: ['Uprava'],
        attributes: {
          department: 'Marketing',
          location: 'Zagreb',
          jobTitle: 'Voditeljica komunikacija',
          employeeNumber: 'D-022',
          startDate: '2019-04-15',
        },
        manager: 'super@demo.hr',
      },
      {
        email: 'analyst@demo.hr',
        name: 'Luka Novak',
        role: 'ANALYST',
        groups: ['Uprava'],
        attributes: {
          department: 'Financije',
          location: 'Zagreb',
          jobTitle: 'Poslovni analitičar',
          employeeNumber: 'D-031',
          startDate: '2021-01-11',
        },
        manager: 'super@demo.hr',
      },
      {
        email: 'ana@demo.hr',
        name: 'Ana Anić',
        role: 'USER',
        groups: ['Prodaja'],
        attributes: {
          department: 'Prodaja',
          location: 'Split',
          jobTitle: 'Referentica prodaje',
          employeeNumber: 'D-104',
          startDate: '2022-03-01',
        },
        manager: 'marko@demo.hr',
      },
      {
        email: 'marko@demo.hr',
        name: 'Marko Marić',
        role: 'USER',
        groups: ['Prodaja', 'Skladište'],
        attributes: {
          department: 'Prodaja',
          location: 'Split',
          jobTitle: 'Voditelj prodaje',
          employeeNumber: 'D-087',
          startDate: '2017-06-12',
        },
        manager: 'super@demo.hr',
      },
      {
        username: 'ivan',
        name: 'Ivan Ivić',
        role: 'USER',
        groups: ['Skladište'],
        noPassword: true,
        attributes: {
          department: 'Skladište',
          location: 'Sesvete',
          jobTitle: 'Skladištar',
          employeeNumber: 'D-112',
          startDate: '2023-10-02',
        },
        manager: 'marko@demo.hr',
      },
      {
        email: 'tena@demo.hr',
        name: 'Tena Jurić',
        role: 'USER',
        groups: ['Prodaja'],
        noPassword: true,
        attributes: {
          department: 'Prodaja',
          location: 'Rijeka',
          jobTitle: 'Referentica prodaje',
          employeeNumber: 'D-121',
          startDate: '2024-05-06',
        },
        manager: 'marko@demo.hr',
      },
    ],
  },
  {
    name: 'Druga firma d.o.o.',
    logo: 'druga-logo.svg',
    showPromoTag: false,
    groups: ['Svi zaposlenici'],
    users: [
      {
        email: 'admin@druga.hr',
        name: 'Dora Admin',
        role: 'ADMIN',
        groups: ['Svi zaposlenici'],
        attributes: { department: 'Uprava', location: 'Osijek', jobTitle: 'Direktorica', startDate: '2020-01-02' },
      },
      {
        email: 'petra@druga.hr',
        name: 'Petra Perić',
        role: 'USER',
        groups: ['Svi zaposlenici'],
        attributes: {
          department: 'Računovodstvo',
          location: 'Osijek',
          jobTitle: 'Knjigovođa',
          startDate: '2021-06-01',
        },
        manager: 'admin@druga.hr',
      },
    ],
  },
];

const assets = new URL('../../seed-assets/', import.meta.url);

/** Set in app_secret with the demo, in its transaction: once made, the demo is never made again. */
const DEMO_SEEDED = 'demo-seeded';

/**
 * Whether the demo was made in this database: its mark, or (made before the mark existed) a demo account,
 * which a deleted or renamed demo organisation would otherwise bring back or collide with.
 */
async function demoSeeded(tx: DbOrTx): Promise<boolean> {
  const [mark] = await tx.select({ name: appSecret.name }).from(appSecret).where(eq(appSecret.name, DEMO_SEEDED));
  if (mark) return true;
  const emails = DEMO_TENANTS.flatMap((t) => t.users.flatMap((u) => (u.email ? [u.email] : [])));
  const [account] = await tx.select({ id: appUser.id }).from(appUser).where(inArray(appUser.email, emails)).limit(1);
  return account !== undefined;
}

/**
 * Creates the demo tenants, with their content and the promotion sent between them, all in one
 * transaction, once per database: after that (deleted, renamed or kept) it changes nothing but the demo's
 * activation code.
 */
export async function seedDemo(db: Db, store: FileStore): Promise<{ created: string[] }> {
  const created = await db.transaction(async (tx) => {
    // Several processes starting together on a new database: one makes the demo (or renews its code), the
    // others wait for it and then find it made (and the code live).
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('kanal:seed-demo'))`);
    const seeded = await demoSeeded(tx);
    await tx.insert(appSecret).values({ name: DEMO_SEEDED, value: new Date().toISOString() }).onConflictDoNothing();
    if (!seeded) {
      const passwordHash = await hashPassword(DEMO_PASSWORD);
      for (const demo of DEMO_TENANTS) await seedTenant(tx, store, demo, passwordHash);
      await sendDemoPromotion(tx);
    }
    await keepDemoActivationCodes(tx);
    return seeded ? [] : DEMO_TENANTS.map((t) => t.name);
  });
  return { created };
}

async function seedTenant(tx: Tx, store: FileStore, demo: DemoTenant, passwordHash: string) {
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
  const users = await createAccounts(
    tx,
    row.id,
    demo.users.map((u) => ({
      email: u.email ?? null,
      username: u.username ?? null,
      name: u.name,
      role: u.role,
      passwordHash: u.noPassword ? null : passwordHash,
      ...u.attributes,
    })),
  );
  const idOf = (login: string) => users[demo.users.findIndex((u) => (u.email ?? u.username) === login)]?.id;
  for (const [i, u] of demo.users.entries()) {
    const managerId = u.manager ? idOf(u.manager) : undefined;
    if (managerId === undefined) continue;
    await tx
      .update(appUser)
      .set({ managerId })
      .where(and(eq(appUser.tenantId, row.id), eq(appUser.id, users[i]?.id ?? 0)));
  }
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
}

/**
 * The demo at a start (DESIGN.md §6): made on the first start of an empty embedded database, or when
 * SEED_DEMO=true asks for it; never by default on PostgreSQL, never with SEED_DEMO=false, and once per
 * database. Answers what it made and the demo organisations there now, whose logins the banner prints.
 */
export async function demoAtStart(
  db: Db,
  store: FileStore,
  { seedDemo: asked, embedded }: { seedDemo: boolean | undefined; embedded: boolean },
): Promise<{ created: string[]; present: string[] }> {
  if (asked === false) return { created: [], present: [] };
  const names = DEMO_TENANTS.map((t) => t.name);
  const present = async () =>
    (await db.select({ name: tenant.name }).from(tenant).where(inArray(tenant.name, names))).map((t) => t.name);
  const [anyTenant] = await db.select({ id: tenant.id }).from(tenant).limit(1);
  const firstStart = embedded && anyTenant === undefined;
  // Once made, each start keeps its activation code working; otherwise only an explicit or a first start makes it.
  if (!asked && !firstStart && !(await demoSeeded(db))) return { created: [], present: [] };
  const { created } = await seedDemo(db, store);
  return { created, present: await present() };
}

/** The provider's promotion in the demo, and the client organisation it is sent to (without the Promo tag). */
const PROMOTION_TO = { tenant: 'Druga firma d.o.o.', from: 'Demo d.o.o.', sender: 'super@demo.hr' };

/** Sends the demo's promotion to the second organisation, as its SUPERADMIN would from the console. */
async function sendDemoPromotion(db: Tx) {
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
async function keepDemoActivationCodes(db: Tx) {
  const now = new Date();
  const auth = createAuthRepository(db);
  for (const demo of DEMO_TENANTS) {
    for (const user of demo.users.filter((u) => u.username && u.noPassword)) {
      const account = await auth.findAccount(user.username ?? '');
      // Only the demo's own account: a real one that took the username after the demo was deleted keeps its code.
      if (!account || account.tenantName !== demo.name || account.passwordHash !== null) continue;
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
}

/** The lines printed at start-up so a newcomer can log in: of the demo organisations named (all by default). */
export function demoLogins(tenants: string[] = DEMO_TENANTS.map((t) => t.name)): string[] {
  return DEMO_TENANTS.filter((t) => tenants.includes(t.name)).flatMap((t) =>
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
