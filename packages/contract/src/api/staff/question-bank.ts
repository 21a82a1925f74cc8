import { IdParamsSchema } from '../../envelope.js';
import { DeletedSchema, TenantScopeQuerySchema } from '../../people.js';
import {
  BankCategoriesSchema,
  BankPageSchema,
  BankQuerySchema,
  BankQuestionBodySchema,
  BankQuestionSchema,
} from '../../question-bank.js';
import type { Operation } from '../operation.js';

// The question bank (ADR 0067). Every call takes `?tenant=`; who changes a question besides its route's role
// is decided by its author (`mayChangeItem`, question-bank.service.ts).
const tags = ['content'];
const query = TenantScopeQuerySchema;

/** A page of the bank, by words of its questions and by category. */
export const listBankQuestions = {
  method: 'GET',
  path: '/question-bank',
  access: 'content.author',
  tags,
  query: BankQuerySchema,
  response: BankPageSchema,
} as const satisfies Operation;

/** The bank's categories and how many questions each holds. */
export const listBankCategories = {
  method: 'GET',
  path: '/question-bank/categories',
  access: 'content.author',
  tags,
  query,
  response: BankCategoriesSchema,
} as const satisfies Operation;

/** A question saved to the bank (from the bank's screen, or from an item's editor). */
export const createBankQuestion = {
  method: 'POST',
  path: '/question-bank',
  access: 'content.author',
  tags,
  query,
  body: BankQuestionBodySchema,
  response: BankQuestionSchema,
} as const satisfies Operation;

/** A question of the bank rewritten as a whole; the items it was added to keep their copies. */
export const updateBankQuestion = {
  method: 'PUT',
  path: '/question-bank/:id',
  access: 'content.author',
  tags,
  params: IdParamsSchema,
  query,
  body: BankQuestionBodySchema,
  response: BankQuestionSchema,
} as const satisfies Operation;

/** A question taken out of the bank; the items it was added to keep their copies. */
export const deleteBankQuestion = {
  method: 'DELETE',
  path: '/question-bank/:id',
  access: 'content.author',
  tags,
  params: IdParamsSchema,
  query,
  response: DeletedSchema,
} as const satisfies Operation;
