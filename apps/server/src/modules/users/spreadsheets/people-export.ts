import { type AdminUser, IMPORT_COLUMNS, type ImportCheck, type Language, makeTranslate } from '@kanal/contract';
import { formatDate, formatDateTime } from '../../../lib/clock.js';
import type { ExportTable } from '../../../lib/files/table-export.js';
import en from '../../../locales/en.json' with { type: 'json' };
import hr from '../../../locales/hr.json' with { type: 'json' };
import type { ProfileService } from '../../profile/profile.service.js';
import type { UsersRepository } from '../users.repository.js';
import { formatDay } from './import-dates.js';

const t = makeTranslate({ hr, en });
const texts = { hr, en } as const;

type PersonRow = Awaited<ReturnType<UsersRepository['exportInOrder']>>[number];

/**
 * GET /export/users: the import template's columns (so an export can be edited and imported back), then
 * status and the date added; the people read in batches as the file is written.
 */
export function peopleTable(lang: Language, people: AsyncIterable<PersonRow[]>): ExportTable {
  const { columns } = texts[lang].import;
  async function* rows() {
    for await (const batch of people) {
      for (const p of batch) {
        yield [
          p.name,
          p.email,
          p.username,
          p.phone,
          p.role,
          p.groups,
          p.department,
          p.location,
          p.jobTitle,
          p.employeeNumber,
          p.managerRef,
          formatDay(p.startDate),
          t(lang, `export.statuses.${p.status}`),
          formatDate(p.createdAt),
        ];
      }
    }
  }
  return {
    name: t(lang, 'export.sheets.people'),
    headers: [
      ...IMPORT_COLUMNS.map((column) => columns[column]),
      t(lang, 'export.status'),
      t(lang, 'export.createdAt'),
    ],
    rows: rows(),
  };
}

/** GET /export/user/{id}: everything the product holds about one person (their access request). */
export function personTables(
  lang: Language,
  person: AdminUser,
  data: Awaited<ReturnType<ProfileService['personalData']>>,
): ExportTable[] {
  const h = (key: string) => t(lang, `export.headers.${key}`);
  const { columns } = texts[lang].import;
  const type = (value: string) => t(lang, `contentType.${value}`);
  return [
    {
      name: t(lang, 'export.sheets.person'),
      headers: [h('field'), h('value')],
      rows: [
        [columns.name, person.name],
        [columns.email, person.email],
        [columns.username, person.username],
        [columns.phone, person.phone],
        [columns.role, t(lang, `export.roles.${person.role}`)],
        [columns.groups, person.groups.map((g) => g.name).join(', ')],
        [columns.department, person.department],
        [columns.location, person.location],
        [columns.jobTitle, person.jobTitle],
        [columns.employeeNumber, person.employeeNumber],
        [columns.manager, person.manager?.name ?? null],
        [columns.startDate, formatDay(person.startDate)],
        [t(lang, 'export.status'), t(lang, `export.statuses.${person.status}`)],
        [t(lang, 'export.createdAt'), formatDate(new Date(person.createdAt))],
      ],
    },
    {
      name: t(lang, 'export.sheets.items'),
      headers: [h('item'), h('type'), h('received'), h('viewed'), h('finished')],
      rows: data.items.map((i) => [
        i.name,
        type(i.type),
        formatDateTime(i.received),
        formatDateTime(i.viewedAt),
        formatDateTime(i.finishedAt),
      ]),
    },
    {
      name: t(lang, 'export.sheets.attempts'),
      headers: [h('item'), h('date'), h('mark'), h('correct'), h('total')],
      rows: data.attempts.map((a) => [
        a.name,
        formatDateTime(a.at),
        a.finalMark === null ? null : Math.round(a.finalMark * 100),
        a.correct,
        a.total,
      ]),
    },
    {
      name: t(lang, 'export.sheets.comments'),
      headers: [h('item'), h('date'), h('text')],
      rows: data.comments.map((c) => [c.name, formatDateTime(c.at), c.text]),
    },
    {
      name: t(lang, 'export.sheets.points'),
      headers: [h('item'), h('date'), h('points'), h('reason')],
      rows: data.points.map((p) => [p.name, formatDateTime(p.at), p.points, p.reason]),
    },
  ];
}

/**
 * POST /import/template/problems: what the check found, as a sheet to fix the file by: each row's problems,
 * warnings and why it is skipped, in the file's order.
 */
export function importProblemsTable(lang: Language, check: Omit<ImportCheck, 'rows'>): ExportTable {
  const { columns, problemSheet } = texts[lang].import;
  const found = [
    ...check.problems.map((p) => ({ ...p, kind: 'problem' as const })),
    ...check.warnings.map((p) => ({ ...p, kind: 'warning' as const })),
    ...check.outcomes.flatMap(({ row, reason }) =>
      reason ? [{ row, column: null, message: reason.message, kind: 'skipped' as const }] : [],
    ),
  ].sort((a, b) => a.row - b.row);
  return {
    name: problemSheet.sheet,
    headers: [problemSheet.row, problemSheet.column, problemSheet.kind, problemSheet.message],
    rows: found.map((p) => [p.row, p.column ? columns[p.column] : null, problemSheet.kinds[p.kind], p.message]),
  };
}

export const exportFileName = (lang: Language, kind: 'users' | 'user' | 'importProblems', id?: number) =>
  kind === 'users'
    ? t(lang, 'export.fileUsers')
    : kind === 'importProblems'
      ? t(lang, 'import.problemSheet.file')
      : t(lang, 'export.fileUser', { id: id ?? 0 });
