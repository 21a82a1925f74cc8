import type { AnswerBody } from '@kanal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { questionType } from './content.js';
import { tenant } from './tenants.js';
import { appUser } from './users.js';

/**
 * A question of an organisation's bank (ADR 0067), kept by category. Its answers are one document: a bank
 * question is only ever read and written whole, and an item takes a copy of it into its own question rows.
 */
export const bankQuestion = pgTable(
  'bank_question',
  {
    id: integer().generatedAlwaysAsIdentity(),
    tenantId: integer()
      .notNull()
      .references(() => tenant.id, { onDelete: 'cascade' }),
    category: text().notNull(),
    title: text().notNull(),
    type: questionType().notNull(),
    answers: jsonb().$type<AnswerBody[]>().notNull().default([]),
    /** Who saved it first; null once their account is deleted (drizzle/0055: SET NULL ("created_by")). */
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The text folded for the bank's search (kanal_fold, as content.search_text). */
    searchText: text()
      .notNull()
      .generatedAlwaysAs((): SQL => sql`kanal_fold(${bankQuestion.title})`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'bank_question_created_by_fk',
      columns: [t.tenantId, t.createdBy],
      foreignColumns: [appUser.tenantId, appUser.id],
    }).onDelete('set null'),
    // A category's questions, the latest change first (the bank's screen and an item's draw from it).
    index('bank_question_category_idx').on(t.tenantId, t.category, t.updatedAt.desc(), t.id.desc()),
    index('bank_question_updated_idx').on(t.tenantId, t.updatedAt.desc(), t.id.desc()),
    // The search: any part of a word of the text, within the tenant (trigrams, as content_search_idx).
    index('bank_question_search_idx').using('gin', t.tenantId, t.searchText.op('gin_trgm_ops')),
    // Which questions a person saved, when their account is deleted (the SET NULL).
    index('bank_question_created_by_idx').on(t.tenantId, t.createdBy),
  ],
);
