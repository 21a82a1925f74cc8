import { randomBytes } from 'node:crypto';
import {
  type CertificateChangeBody,
  type CertificateCheck,
  type CertificateListQuery,
  ID_MAX,
  type Language,
  makeTranslate,
  mayChangeItem,
  mayReadItemStats,
  type StaffCertificate,
  type StaffCertificateList,
} from '@kanal/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import en from '../../locales/en.json' with { type: 'json' };
import hr from '../../locales/hr.json' with { type: 'json' };
import type { StaffCaller } from '../../plugins/request-context.js';
import type { AuditLog } from '../audit/audit.service.js';
import { certificatePdf } from './certificate-pdf.js';
import type { CertificateHolder, CertificatesRepository, IssuedCertificate } from './certificates.repository.js';

const t = makeTranslate({ hr, en });

/** A holder as the staff read them. */
const staffOf = (row: CertificateHolder): StaffCertificate => ({
  user: { id: row.userId, name: row.userName },
  passedAt: row.passedAt.toISOString(),
  mark: row.mark,
  code: row.code,
  revoked:
    row.revokedAt === null
      ? null
      : { reason: row.revokeReason ?? '', at: row.revokedAt.toISOString(), by: row.revokedBy },
});

/** Crockford's base 32: letters and digits that are not mistaken for each other when read out or typed. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new code: the organisation's id in base 36, then 60 random bits in three groups (CERTIFICATE_CODE). */
function newCode(tenantId: number): string {
  const letters = [...randomBytes(12)].map((byte) => ALPHABET[byte % 32]).join('');
  return `${tenantId.toString(36).toUpperCase()}-${letters.slice(0, 4)}-${letters.slice(4, 8)}-${letters.slice(8)}`;
}

type Deps = {
  repo: CertificatesRepository;
  /** Runs `fn` in one transaction with the repository and the audit log bound to it. */
  transaction: <T>(fn: (repos: { repo: CertificatesRepository; audit: AuditLog }) => Promise<T>) => Promise<T>;
  /** The organisation's logo when a PDF can draw it (PNG or JPEG), else null (from the files module). */
  logoOf: (tenantId: number) => Promise<Buffer | null>;
  /** The web app's address, where a code is checked (/verify/{code}). */
  publicUrl: string;
  clock: Clock;
};

/**
 * Certificates (issue 34, ADR 0066): an education that gives them gives one to each person who passes it,
 * made the first time it is asked for (the person's download, or its withdrawal), and checked by anyone
 * by its code.
 */
export const createCertificates = ({ repo, transaction, logoOf, publicUrl, clock }: Deps) => {
  /** The item that gives certificates; 404 when the tenant has none such. */
  async function certifying(tenantId: number, contentId: number) {
    const item = await repo.item(tenantId, contentId);
    if (!item?.settings.certificate) throw notFound();
    return item;
  }

  /** The person's certificate of the item, made now if it was not; 404 when they have not passed it. */
  async function ensure(tenantId: number, contentId: number, userId: number): Promise<IssuedCertificate> {
    const existing = await repo.find(tenantId, contentId, userId);
    if (existing) return existing;
    const item = await certifying(tenantId, contentId);
    const pass = await repo.pass(tenantId, contentId, userId);
    if (!pass) throw notFound();
    await repo.issue({
      tenantId,
      contentId,
      userId,
      code: newCode(tenantId),
      personName: pass.userName,
      itemName: item.name,
      organisation: item.organisation,
      mark: pass.mark,
      passedAt: pass.passedAt,
      issuedAt: clock.now(),
    });
    const made = await repo.find(tenantId, contentId, userId);
    if (!made) throw new Error(`certificate of content ${contentId} for user ${userId} was not made`);
    return made;
  }

  return {
    /** GET /mobile/content/{id}/certificate: the caller's, as a PDF in their language. */
    async download(caller: { tenantId: number; userId: number }, lang: Language, contentId: number) {
      const item = await certifying(caller.tenantId, contentId);
      const made = await ensure(caller.tenantId, contentId, caller.userId);
      if (made.revokedAt) throw new AppError('CertificateRevoked');
      const body = await certificatePdf(made, {
        lang,
        color: item.color,
        logo: await logoOf(caller.tenantId),
        verifyUrl: `${publicUrl}/verify/${made.code}`,
      });
      return { body, fileName: t(lang, 'certificate.fileName', { id: contentId }) };
    },

    /** GET /certificates/{code}: what it says and whether it stands; 404 for a code no one was given. */
    async check(code: string): Promise<CertificateCheck> {
      const tenantId = Number.parseInt(code.split('-')[0] ?? '', 36);
      // Seven base-36 letters may name more than an id holds: no organisation has such an id.
      const found = tenantId <= ID_MAX ? await repo.byCode(tenantId, code) : undefined;
      if (!found) throw notFound();
      return {
        code: found.code,
        person: found.personName,
        item: found.itemName,
        organisation: found.organisation,
        passedAt: found.passedAt.toISOString(),
        mark: found.mark,
        revokedAt: found.revokedAt?.toISOString() ?? null,
      };
    },

    /** Who passed the item, with their certificates: a CREATOR's own items only. */
    async holders(author: StaffCaller, contentId: number, query: CertificateListQuery): Promise<StaffCertificateList> {
      const item = await certifying(author.tenantId, contentId);
      if (!mayReadItemStats({ role: author.role, id: author.userId }, item.creatorId)) throw new AppError('Forbidden');
      const { count, rows } = await repo.holders(author.tenantId, contentId, query);
      return { count, items: rows.map(staffOf) };
    },

    /** Withdraws a person's certificate with a reason, or lets it stand again; who may change the item may. */
    async change(
      author: StaffCaller,
      contentId: number,
      userId: number,
      { revoked }: CertificateChangeBody,
    ): Promise<StaffCertificate> {
      const item = await certifying(author.tenantId, contentId);
      if (!mayChangeItem({ role: author.role, id: author.userId }, item.creatorId)) throw new AppError('Forbidden');
      const now = clock.now();
      await ensure(author.tenantId, contentId, userId);
      // The provider's SUPERADMIN is no one of this organisation's: the withdrawal is recorded without a name.
      const by = author.tenantId === author.ownTenantId ? author.userId : null;
      await transaction(async ({ repo: tx, audit }) => {
        await tx.setRevoked(author.tenantId, contentId, userId, revoked && { by, reason: revoked.reason, at: now });
        await audit.record({
          event: 'certificate.revoked',
          tenantId: author.tenantId,
          userId: author.userId,
          details: { contentId, of: userId, reason: revoked?.reason ?? null, by: author.userId },
        });
      });
      const { rows } = await repo.holders(author.tenantId, contentId, { limit: 1, offset: 0 }, userId);
      const [row] = rows;
      if (!row) throw notFound();
      return staffOf(row);
    },
  };
};
export type Certificates = ReturnType<typeof createCertificates>;
