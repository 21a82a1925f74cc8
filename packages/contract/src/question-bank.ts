import * as z from 'zod/mini';
import { CATEGORY_MAX_LENGTH, QuestionBodySchema, questionIssues } from './authoring.js';
import { SEARCH_MAX_LENGTH } from './constants.js';
import { IsoDateTimeSchema } from './content.js';
import { QuestionTypeSchema } from './enums.js';
import { pageQuery } from './envelope.js';
import { tenantScope } from './people.js';

// The organisation's question bank (issue 34, ADR 0067): questions kept by category, to be added to any
// education, poll or inquiry. Adding copies: a later change in the bank leaves the items as they are.

/** A bank page; adding a whole category takes at most QUESTIONS_MAX of them, one page at LIST_LIMIT_MAX. */
export const BANK_PAGE_SIZE = 20;

/**
 * POST /question-bank and PUT /question-bank/{id}: a question complete enough for people to answer, in a
 * category. It may name its correct answers (an education needs them; they are dropped when it goes to a
 * poll or an inquiry).
 */
export const BankQuestionBodySchema = z
  .object({
    category: z
      .string({ error: 'validation.required' })
      .check(
        z.trim(),
        z.minLength(1, { error: 'validation.required' }),
        z.maxLength(CATEGORY_MAX_LENGTH, { error: 'validation.tooLong' }),
      ),
    question: QuestionBodySchema,
  })
  .check(
    z.superRefine((body, ctx) => {
      for (const issue of questionIssues(body.question, { complete: true, marks: 'optional' })) {
        ctx.addIssue({ code: 'custom', input: body, path: ['question', ...issue.path], message: issue.message });
      }
    }),
  );
export type BankQuestionBody = z.infer<typeof BankQuestionBodySchema>;

/** GET /question-bank: a page of the bank, newest change first, by words of its text and by category. */
export const BankQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(SEARCH_MAX_LENGTH))),
  category: z.optional(z.string().check(z.trim(), z.maxLength(CATEGORY_MAX_LENGTH))),
  ...pageQuery(BANK_PAGE_SIZE),
  ...tenantScope,
});
export type BankQuery = z.infer<typeof BankQuerySchema>;

export const BankQuestionSchema = z.object({
  id: z.int(),
  category: z.string(),
  title: z.string(),
  type: QuestionTypeSchema,
  answers: z.array(z.object({ title: z.string(), isCorrect: z.boolean() })),
  /** Who saved it first; null once their account is deleted. */
  createdBy: z.nullable(z.object({ id: z.int(), name: z.string() })),
  updatedAt: IsoDateTimeSchema,
  /** Whether the caller may change or delete it: its author, or an admin. */
  mayChange: z.boolean(),
});
export type BankQuestion = z.infer<typeof BankQuestionSchema>;

export const BankPageSchema = z.object({ count: z.int(), questions: z.array(BankQuestionSchema) });
export type BankPage = z.infer<typeof BankPageSchema>;

/** GET /question-bank/categories: every category with how many questions it holds, by name. */
export const BankCategoriesSchema = z.array(z.object({ name: z.string(), questions: z.int() }));
export type BankCategories = z.infer<typeof BankCategoriesSchema>;
