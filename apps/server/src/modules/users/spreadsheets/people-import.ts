import {
  CreateGroupBodySchema,
  CreateUserBodySchema,
  IMPORT_COLUMNS,
  type ImportColumn,
  type ImportProblem,
  isMessageKey,
  LANGUAGES,
  type Language,
  makeTranslate,
  type PersonAttributes,
  ROLES,
  type Role,
  StartDateSchema,
  translate,
} from '@kanal/contract';
import { xlsxBuffer } from '../../../lib/files/xlsx-writer.js';
import en from '../../../locales/en.json' with { type: 'json' };
import hr from '../../../locales/hr.json' with { type: 'json' };
import { parseDay } from './import-dates.js';
import { fileProblem, type Sheet } from './spreadsheet.js';

const texts = makeTranslate({ hr, en });
export const importTexts = { hr: hr.import, en: en.import } as const;

/** One person of an import, as the row gives them; `row` is the spreadsheet's row number. */
export type ImportRow = {
  row: number;
  name: string;
  email: string | null;
  username: string | null;
  phone: string | null;
  role: Role;
  groups: string[];
  /** The attributes the row gives; an empty cell (or a column the file does not have) gives none. */
  attributes: Omit<PersonAttributes, 'managerId'>;
  /** The manager as the row names them (an e-mail, username or employee number); resolved against the tenant later. */
  manager: string | null;
};

/** Lower case without accents or doubled spaces: how headers are matched. */
export const foldText = (value: string) =>
  value.replace(/[đĐ]/g, 'd').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** Every name a column's header may have: its key and its label in each language. */
const HEADER_NAMES = new Map<string, ImportColumn>(
  IMPORT_COLUMNS.flatMap((column) => [
    [foldText(column), column] as const,
    ...LANGUAGES.map((lang) => [foldText(importTexts[lang].columns[column]), column] as const),
  ]),
);

/** A problem of one row, in the admin's language. */
export const problem = (
  lang: Language,
  row: number,
  column: ImportColumn | null,
  code: string,
  params?: Record<string, string | number>,
): ImportProblem => ({
  row,
  column,
  code,
  message:
    code.startsWith('errors.') || code.startsWith('validation.')
      ? translate(lang, code, params)
      : texts(lang, `import.problems.${code}`, params),
});

/** What a spreadsheet program runs as a formula when a cell starts with it (OWASP's CSV injection). */
const FORMULA_START = /^[=+\-@]/;

/**
 * The rows of a spreadsheet checked on their own (before the tenant's groups and accounts are looked
 * at): required name, an e-mail or username, their forms, a known role, and duplicates inside the file.
 * Whether the admin may give the role depends on whom the row names, so the caller decides it. A name a
 * spreadsheet would run as a formula is a warning: it is stored as text, and exports write it as text.
 * The header row names the columns, in either language and any order.
 */
export function parseImport(sheet: Sheet, lang: Language) {
  const { header, rows: body } = sheet;
  const index = new Map<ImportColumn, number>();
  header.forEach((cell, position) => {
    const column = HEADER_NAMES.get(foldText(cell));
    if (column && !index.has(column)) index.set(column, position);
  });
  if (!index.has('name') || (!index.has('email') && !index.has('username')))
    throw fileProblem('validation.importHeader');

  const cell = (cells: string[], column: ImportColumn) => {
    const position = index.get(column);
    return position === undefined ? '' : (cells[position] ?? '').trim();
  };
  const filled = body.filter(({ cells }) => IMPORT_COLUMNS.some((column) => cell(cells, column) !== ''));
  if (filled.length === 0) throw fileProblem('validation.importEmpty');

  const rows: ImportRow[] = [];
  const refused: Pick<ImportRow, 'row' | 'groups'>[] = [];
  const problems: ImportProblem[] = [];
  const warnings: ImportProblem[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { cells, row } of filled) {
    for (const column of ['name', 'department', 'location', 'jobTitle'] as const) {
      const sign = FORMULA_START.exec(cell(cells, column))?.[0];
      if (sign) warnings.push(problem(lang, row, column, 'formulaLike', { sign }));
    }
    const parsed = CreateUserBodySchema.safeParse({
      name: cell(cells, 'name'),
      email: cell(cells, 'email') || null,
      username: cell(cells, 'username') || null,
      phone: cell(cells, 'phone') || null,
      department: cell(cells, 'department') || null,
      location: cell(cells, 'location') || null,
      jobTitle: cell(cells, 'jobTitle') || null,
      employeeNumber: cell(cells, 'employeeNumber') || null,
    });
    const before = problems.length;
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = IMPORT_COLUMNS.find((c) => c === issue.path[0]) ?? null;
        problems.push(problem(lang, row, column, isMessageKey(issue.message) ? issue.message : 'validation.invalid'));
      }
    }
    const startText = cell(cells, 'startDate');
    const startDate = startText === '' ? null : parseDay(startText, sheet.dates);
    if (startDate === undefined || (startDate !== null && !StartDateSchema.safeParse(startDate).success)) {
      problems.push(problem(lang, row, 'startDate', 'invalidDate'));
    }
    const roleText = cell(cells, 'role').toUpperCase();
    const role = (roleText === '' ? 'USER' : ROLES.find((r) => r === roleText)) as Role | undefined;
    if (!role) problems.push(problem(lang, row, 'role', 'invalidRole'));
    const groups = cell(cells, 'groups')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    // A row with problems goes no further, but its groups are checked against the tenant's all the same.
    if (!parsed.success || !role || startDate === undefined || problems.length > before) {
      refused.push({ row, groups });
      continue;
    }

    const person = parsed.data;
    for (const [column, value] of [
      ['email', person.email],
      ['username', person.username],
    ] as const) {
      if (value === null) continue;
      const first = firstRowOf.get(`${column}:${value}`);
      if (first !== undefined) problems.push(problem(lang, row, column, 'duplicateInFile', { row: first }));
      else firstRowOf.set(`${column}:${value}`, row);
    }
    rows.push({
      row,
      name: person.name,
      email: person.email,
      username: person.username,
      phone: person.phone,
      role,
      groups,
      attributes: {
        department: person.department,
        location: person.location,
        jobTitle: person.jobTitle,
        employeeNumber: person.employeeNumber,
        startDate,
      },
      manager: cell(cells, 'manager') || null,
    });
  }
  return { count: filled.length, rows, refused, problems, warnings };
}

/** Every name the group column's header may have: `name`, and its label in each language. */
const GROUP_HEADERS = new Set(['name', ...LANGUAGES.map((lang) => foldText(importTexts[lang].groupColumn))]);

/**
 * A column of group names (POST /group/import), each checked on its own: a valid name. Answers the names
 * with their rows, and the problems; names given twice are the caller's to find (by the database's key).
 */
export function parseGroupImport({ header, rows }: Sheet, lang: Language) {
  const column = header.findIndex((cell) => GROUP_HEADERS.has(foldText(cell)));
  if (column === -1) throw fileProblem('validation.importHeader');
  const filled = rows.map(({ cells, row }) => ({ name: cells[column] ?? '', row })).filter((r) => r.name);
  if (filled.length === 0) throw fileProblem('validation.importEmpty');
  const names: { row: number; name: string }[] = [];
  const problems: ImportProblem[] = [];
  for (const { name, row } of filled) {
    const parsed = CreateGroupBodySchema.safeParse({ name });
    if (!parsed.success) {
      const key = parsed.error.issues[0]?.message ?? 'validation.invalid';
      problems.push(problem(lang, row, 'name', isMessageKey(key) ? key : 'validation.invalid'));
      continue;
    }
    names.push({ row, name: parsed.data.name });
  }
  return { names, problems };
}

/** GET /export/template: the columns (headers in the admin's language), one example row, and the rules. */
export async function importTemplate(lang: Language): Promise<Buffer> {
  const text = importTexts[lang];
  // Text cells: a phone's '+' or a leading zero stays as typed. The start date is a date cell, shown as
  // Croatians write dates, so a spreadsheet program offers its own date input there.
  const exampleDay = new Date(`${parseDay(text.example.startDate)}T00:00:00Z`);
  return xlsxBuffer([
    {
      name: text.sheet,
      columns: IMPORT_COLUMNS.map((column) => ({ width: 26, format: column === 'startDate' ? 'date' : 'text' })),
      header: IMPORT_COLUMNS.map((column) => text.columns[column]),
      rows: [IMPORT_COLUMNS.map((column) => (column === 'startDate' ? exampleDay : text.example[column]))],
    },
    { name: text.instructionsSheet, columns: [{ width: 110 }], rows: text.instructions.map((line) => [line]) },
  ]);
}
