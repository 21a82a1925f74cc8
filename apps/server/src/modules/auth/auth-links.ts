import { ACTIVATION_CODE_TTL_MS, type Language, PASSWORD_TOKEN_TTL_MS, WELCOME_LINK_TTL_MS } from '@kanal/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { hashToken, newToken, tokenTenant } from '../../lib/tokens.js';
import type { AuditLog } from '../audit/audit.service.js';
import type { Mailer } from '../mail/mail.service.js';
import { hashActivationCode, newActivationCode } from './activation-code.js';
import type { Account, AuthRepository } from './auth.repository.js';
import { type LinkMailKind, linkMail } from './auth-mail.js';

// How a person proves who they are without a password: a single-use link by mail, or an activation code
// an admin hands over. The sign-in flows use them, and an admin's welcome, reset and lock hand them out.

/** Mailed links are written this many at a time. */
const MAIL_CHUNK = 500;

/** What an admin's welcome, reset or lock mails to the people with an e-mail. */
const INVITE_MAIL = { welcome: 'welcome', reset: 'adminReset', lock: 'lock' } as const satisfies Record<
  string,
  LinkMailKind
>;

type Deps = {
  repo: AuthRepository;
  audit: AuditLog;
  mailer: Pick<Mailer, 'send'>;
  clock: Clock;
  config: { publicUrl: string };
};

export function createAccountLinks({ repo, audit, mailer, clock, config }: Deps) {
  /**
   * Single-use links by mail, one per account, on whose page the person chooses a password (the kinds are
   * `LinkMailKind`'s; `activate` signs them in, `welcome` lasts longer and greets them). A new link voids
   * the account's earlier ones, so only the newest mail works. A batch (an import's welcomes) is a few
   * statements.
   */
  async function mailLinks(
    kind: LinkMailKind,
    accounts: (Account & { email: string })[],
    lang: Language,
    through: { repo: AuthRepository; mailer: Pick<Mailer, 'send'> } = { repo, mailer },
  ) {
    const expiresAt = new Date(
      clock.now().getTime() + (kind === 'welcome' ? WELCOME_LINK_TTL_MS : PASSWORD_TOKEN_TTL_MS),
    );
    // PUBLIC_URL, never the Host header: a forged Host cannot redirect the link.
    const page = kind === 'activate' || kind === 'welcome' ? kind : 'reset-password';
    // A chunk at a time, so a large batch never holds every mail in memory at once.
    for (let start = 0; start < accounts.length; start += MAIL_CHUNK) {
      const links = accounts
        .slice(start, start + MAIL_CHUNK)
        .map((account) => ({ account, token: newToken(account.tenantId) }));
      // One tenant's accounts in every caller (an admin's batch, or one person).
      for (const tenantId of new Set(links.map(({ account }) => account.tenantId))) {
        const userIds = links.flatMap(({ account }) => (account.tenantId === tenantId ? [account.id] : []));
        await through.repo.voidPasswordTokens(tenantId, userIds, clock.now());
      }
      await through.repo.insertPasswordTokens(
        links.map(({ account, token }) => ({
          tenantId: account.tenantId,
          userId: account.id,
          purpose: kind === 'activate' ? 'activate' : 'reset',
          tokenHash: hashToken(token),
          expiresAt,
        })),
      );
      await through.mailer.send(
        ...links.map(({ account, token }) => ({
          tenantId: account.tenantId,
          recipient: account.email,
          ...linkMail(kind, lang, account, `${config.publicUrl}/${page}/${token}`),
        })),
      );
    }
  }

  /** Uses an e-mailed link's token once; undefined when it is not a live link of that purpose. */
  function consumeLink(r: AuthRepository, token: string, purpose: 'activate' | 'reset', now: Date) {
    const tenantId = tokenTenant(token);
    return tenantId === undefined ? undefined : r.consumePasswordToken(tenantId, hashToken(token), purpose, now);
  }

  /**
   * New activation codes for accounts without a password, to be shown once to the admin who creates or
   * resets them (DESIGN.md §5); earlier codes stop working.
   */
  async function issueActivationCodes(tenantId: number, userIds: number[]): Promise<Map<number, string>> {
    const codes = new Map(userIds.map((userId) => [userId, newActivationCode()]));
    const expiresAt = new Date(clock.now().getTime() + ACTIVATION_CODE_TTL_MS);
    await repo.replaceActivationCodes(
      tenantId,
      [...codes].map(([userId, code]) => ({
        userId,
        codeHash: hashActivationCode({ tenantId, id: userId }, code),
        expiresAt,
      })),
    );
    return codes;
  }

  /**
   * Lets in people an admin (`by`) has created (`welcome`), whose passwords they reset (`reset`) or whose
   * accounts they lock (`lock`): a link by mail for each person with an e-mail, in the admin's language;
   * otherwise a new activation code for the admin to hand over. A reset by link keeps the password until
   * the link is used. A lock (a compromised account) ends the password, every session and trusted browser
   * at once; so does a reset of a username-only account, since its code is then the way back in. A
   * welcome is for people who have not set up yet. Answers each person's code (null where a mail went);
   * a batch takes a few statements.
   */
  async function invite(
    tenantId: number,
    userIds: number[],
    kind: keyof typeof INVITE_MAIL,
    by: { userId: number | null; lang: Language },
  ): Promise<Map<number, string | null>> {
    const accounts = await repo.findAccountsByIds(tenantId, userIds);
    if (accounts.length !== new Set(userIds).size) throw notFound();
    if (kind === 'welcome' && accounts.some((account) => account.passwordHash !== null)) {
      throw new AppError('AlreadySetUp');
    }
    const mailed = accounts.flatMap((account) => (account.email ? [{ ...account, email: account.email }] : []));
    const coded = accounts.filter((account) => !account.email);
    const locked = kind === 'lock' ? accounts : coded.filter((account) => account.passwordHash !== null);
    await repo.lockAccounts(
      tenantId,
      locked.map((account) => account.id),
      clock.now(),
    );
    await mailLinks(INVITE_MAIL[kind], mailed, by.lang);
    const codes = await issueActivationCodes(
      tenantId,
      coded.map((account) => account.id),
    );
    await audit.record(
      ...accounts.map((account) => ({
        event: account.email ? (`${kind}.mailed` as const) : (`${kind}.code_issued` as const),
        tenantId,
        userId: account.id,
        details: { by: by.userId },
      })),
    );
    return new Map(accounts.map((account) => [account.id, codes.get(account.id) ?? null]));
  }

  return { mailLinks, consumeLink, issueActivationCodes, invite };
}
