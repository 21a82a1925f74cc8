import type { BankQuery, BankQuestionBody } from '@kanal/contract';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { appUser, bankQuestion } from '../../db/schema/index.js';
import { searchWords } from '../../db/search.js';

const row = {
  id: bankQuestion.id,
  category: bankQuestion.category,
  title: bankQuestion.title,
  type: bankQuestion.type,
  answers: bankQuestion.answers,
  createdBy: bankQuestion.createdBy,
  creatorName: appUser.name,
  updatedAt: bankQuestion.updatedAt,
};

const ofTenant = (tenantId: number, id: number) => and(eq(bankQuestion.tenantId, tenantId), eq(bankQuestion.id, id));
const creator = and(eq(appUser.tenantId, bankQuestion.tenantId), eq(appUser.id, bankQuestion.createdBy));
const fields = ({ category, question }: BankQuestionBody) => ({
  category,
  title: question.title,
  type: question.type,
  answers: question.answers,
});

/** The organisation's question bank (this module's table). */
export const createBankRepository = (db: DbOrTx) => ({
  /** A page of the bank, the latest change first, with how many questions match. */
  async page(tenantId: number, { q, category, limit, offset }: BankQuery) {
    const where = and(
      eq(bankQuestion.tenantId, tenantId),
      category ? eq(bankQuestion.category, category) : undefined,
      ...searchWords(bankQuestion.searchText, q),
    );
    const [rows, [total]] = await Promise.all([
      db
        .select(row)
        .from(bankQuestion)
        .leftJoin(appUser, creator)
        .where(where)
        .orderBy(desc(bankQuestion.updatedAt), desc(bankQuestion.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(bankQuestion).where(where),
    ]);
    return { count: total?.n ?? 0, rows };
  },

  categories: (tenantId: number) =>
    db
      .select({ name: bankQuestion.category, questions: count() })
      .from(bankQuestion)
      .where(eq(bankQuestion.tenantId, tenantId))
      .groupBy(bankQuestion.category)
      .orderBy(asc(bankQuestion.category)),

  async find(tenantId: number, id: number) {
    const [found] = await db.select(row).from(bankQuestion).leftJoin(appUser, creator).where(ofTenant(tenantId, id));
    return found;
  },

  async insert(tenantId: number, createdBy: number | null, body: BankQuestionBody): Promise<number> {
    const [inserted] = await db
      .insert(bankQuestion)
      .values({ tenantId, createdBy, ...fields(body) })
      .returning({ id: bankQuestion.id });
    if (!inserted) throw new Error('bank question insert returned no row');
    return inserted.id;
  },

  async update(tenantId: number, id: number, body: BankQuestionBody): Promise<void> {
    await db
      .update(bankQuestion)
      .set({ ...fields(body), updatedAt: sql`now()` })
      .where(ofTenant(tenantId, id));
  },

  async delete(tenantId: number, id: number): Promise<number> {
    const deleted = await db.delete(bankQuestion).where(ofTenant(tenantId, id)).returning({ id: bankQuestion.id });
    return deleted.length;
  },
});
export type BankRepository = ReturnType<typeof createBankRepository>;
export type BankRow = NonNullable<Awaited<ReturnType<BankRepository['find']>>>;
