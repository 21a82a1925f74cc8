import {
  type AttemptDeleted,
  isPassed,
  may,
  type PointsFix,
  type StaffAttempt,
  type StaffAttemptList,
  type UserAnswerQuery,
} from '@kanal/contract';
import { notFound } from '../../lib/app-error.js';
import type { RequestContext } from '../../plugins/request-context.js';
import type { AuditLog } from '../audit/audit.service.js';
import type { Inbox } from '../inbox/inbox.service.js';
import type { FormsRepository } from './forms.repository.js';
import { attemptsWithAnswers } from './forms.service.js';

type Staff = Pick<RequestContext, 'tenantId' | 'userId' | 'role'>;

/** Whose items' answers the caller reads: a CREATOR only their own items' (`mayReadItemStats`), the readers all. */
const creatorFilter = (staff: Staff) => (may(staff, 'stats.read') ? undefined : staff.userId);

type Deps = {
  repo: FormsRepository;
  /** Runs `fn` in one transaction, with the repository, the inbox and the audit log bound to it. */
  transaction: <T>(
    fn: (repo: FormsRepository, inbox: Pick<Inbox, 'reopen'>, audit: AuditLog) => Promise<T>,
  ) => Promise<T>;
};

type StaffRow = Awaited<ReturnType<FormsRepository['staffAttempts']>>['rows'][number];

const toStaffAttempt = (row: StaffRow) => ({
  id: row.id,
  contentId: row.contentId,
  createdAt: row.createdAt.toISOString(),
  finalMark: row.finalMark,
  correct: row.correct,
  total: row.total,
  user: { id: row.userId, name: row.userName },
  content: { id: row.contentId, name: row.contentName, type: row.contentType },
  passed: row.finalMark === null ? null : isPassed(row.finalMark, row.passingScore),
});

/**
 * The named answers of a tenant for its staff (spec point 7, "User answers"): educations' and inquiries'
 * attempts, never a poll's (those have no person), and the points they paid.
 */
export const createFormsStaff = ({ repo, transaction }: Deps) => ({
  async list(staff: Staff, query: UserAnswerQuery): Promise<StaffAttemptList> {
    const { count, rows } = await repo.staffAttempts(staff.tenantId, {
      contentId: query.content,
      userId: query.user,
      creatorId: creatorFilter(staff),
      limit: query.limit,
      offset: query.offset,
    });
    return { count, items: rows.map(toStaffAttempt) };
  },

  async get(staff: Staff, attemptId: number): Promise<StaffAttempt> {
    const { rows } = await repo.staffAttempts(staff.tenantId, {
      attemptId,
      creatorId: creatorFilter(staff),
      limit: 1,
      offset: 0,
    });
    const [row] = rows;
    if (!row) throw notFound();
    const [answered] = await attemptsWithAnswers(repo, staff.tenantId, [row]);
    return { ...toStaffAttempt(row), userAnswers: answered?.userAnswers ?? [] };
  },

  /**
   * Deletes an attempt and, in the same transaction, pays the person's points again from the attempts
   * left and unfinishes the item when none of them finishes it any more.
   */
  remove: (staff: Staff, attemptId: number): Promise<AttemptDeleted> =>
    transaction(async (tx, inbox, audit) => {
      const { tenantId } = staff;
      const gone = await tx.deleteAttempt(tenantId, attemptId);
      if (!gone) throw notFound();
      const { userId, contentId } = gone;
      await tx.settlePoints({ tenantId, userId, contentId });
      const finished = await tx.stillFinishes(tenantId, userId, contentId);
      if (!finished) await inbox.reopen(tenantId, userId, contentId);
      await audit.record({
        event: 'attempt.deleted',
        tenantId,
        userId: staff.userId,
        details: { attemptId, of: userId, contentId, by: staff.userId },
      });
      return { points: await tx.pointsOf(tenantId, userId), finished };
    }),

  /** POST /content/info/fix-points: every ledger made to agree with the attempts; idempotent. */
  fixPoints: (staff: Staff): Promise<PointsFix> =>
    transaction(async (tx, _inbox, audit) => {
      const repaired = await tx.settlePoints();
      await audit.record({
        event: 'maintenance.points_fixed',
        tenantId: staff.tenantId,
        userId: staff.userId,
        details: { repaired: repaired.length, by: staff.userId },
      });
      return { repaired };
    }),
});
export type FormsStaff = ReturnType<typeof createFormsStaff>;
