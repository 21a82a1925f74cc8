import {
  type BankCategories,
  type BankPage,
  type BankQuery,
  type BankQuestion,
  type BankQuestionBody,
  mayChangeItem,
} from '@kanal/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { StaffCaller } from '../../plugins/request-context.js';
import type { BankRepository, BankRow } from './question-bank.repository.js';

/**
 * The organisation's question bank (issue 34, ADR 0067). Any of its authors saves questions to it and
 * reads it; a question is changed or deleted by its author or an admin, as an item is (`mayChangeItem`).
 * Adding a question to an item is the editor's copy into the item's body: the bank is not asked again.
 */
export const createQuestionBank = ({ repo }: { repo: BankRepository }) => {
  const mayChange = (caller: StaffCaller, createdBy: number | null) =>
    mayChangeItem({ role: caller.role, id: caller.userId }, createdBy ?? 0);

  const toQuestion = (caller: StaffCaller, row: BankRow): BankQuestion => ({
    id: row.id,
    category: row.category,
    title: row.title,
    type: row.type,
    answers: row.answers,
    createdBy: row.createdBy !== null && row.creatorName !== null ? { id: row.createdBy, name: row.creatorName } : null,
    updatedAt: row.updatedAt.toISOString(),
    mayChange: mayChange(caller, row.createdBy),
  });

  async function read(caller: StaffCaller, id: number): Promise<BankQuestion> {
    const row = await repo.find(caller.tenantId, id);
    if (!row) throw notFound();
    return toQuestion(caller, row);
  }

  /** The question, when the caller may change it: 404 when the tenant has none, 403 when it is another's. */
  async function changeable(caller: StaffCaller, id: number): Promise<void> {
    const question = await read(caller, id);
    if (!question.mayChange) throw new AppError('Forbidden');
  }

  return {
    async page(caller: StaffCaller, query: BankQuery): Promise<BankPage> {
      const { count, rows } = await repo.page(caller.tenantId, query);
      return { count, questions: rows.map((row) => toQuestion(caller, row)) };
    },

    categories: (caller: StaffCaller): Promise<BankCategories> => repo.categories(caller.tenantId),

    async create(caller: StaffCaller, body: BankQuestionBody): Promise<BankQuestion> {
      // The provider's SUPERADMIN working in a client organisation is no one of its people to name.
      const by = caller.tenantId === caller.ownTenantId ? caller.userId : null;
      return read(caller, await repo.insert(caller.tenantId, by, body));
    },

    async update(caller: StaffCaller, id: number, body: BankQuestionBody): Promise<BankQuestion> {
      await changeable(caller, id);
      await repo.update(caller.tenantId, id, body);
      return read(caller, id);
    },

    async delete(caller: StaffCaller, id: number): Promise<{ deleted: number }> {
      await changeable(caller, id);
      return { deleted: await repo.delete(caller.tenantId, id) };
    },
  };
};
export type QuestionBank = ReturnType<typeof createQuestionBank>;
