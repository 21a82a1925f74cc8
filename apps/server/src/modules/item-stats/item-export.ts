import {
  AUDIENCE_STATES,
  type AudienceState,
  type ContentResults,
  type Language,
  makeTranslate,
  POLL_RESULTS_MIN_RESPONDENTS,
  type StaffContent,
} from '@kanal/contract';
import { formatDateTime } from '../../lib/clock.js';
import type { ExportTable } from '../../lib/files/table-export.js';
import en from '../../locales/en.json' with { type: 'json' };
import hr from '../../locales/hr.json' with { type: 'json' };
import type { ContentStatsRepository } from './item-stats.repository.js';

const t = makeTranslate({ hr, en });

type AudienceRow = Awaited<ReturnType<ContentStatsRepository['audienceInOrder']>>[number];
type Answers = Awaited<ReturnType<ContentStatsRepository['latestAnswers']>>;

/** Where a person of the audience is with the item (the same rule as GET /content/{id}/users). */
export const stateOf = (row: Pick<AudienceRow, 'finishedAt' | 'attempts' | 'viewedAt'>): AudienceState =>
  row.finishedAt ? 'finished' : row.attempts > 0 ? 'failed' : row.viewedAt ? 'viewed' : 'notViewed';

const percent = (mark: number | null) => (mark === null ? null : Math.round(mark * 100));

/**
 * GET /export/content/{id}: the item's audience by name with their state, marks (a task: whether done by
 * its deadline) and their latest attempt's answer to each question, read in batches as the file is
 * written; then each question's answers counted. A poll keeps no answer with a name, so its export is how
 * many took part, then the counts (those only from POLL_RESULTS_MIN_RESPONDENTS: the participation is no
 * one's answer, and stays).
 */
export function contentTables(
  lang: Language,
  item: StaffContent,
  results: ContentResults,
  totals: { audience: number; viewed: number; finished: number },
  reads: {
    /** The audience by name, in batches. */
    audience: () => AsyncIterable<AudienceRow[]>;
    answers: (userIds: number[]) => Promise<Answers>;
  },
): ExportTable[] {
  const h = (key: string) => t(lang, `export.headers.${key}`);
  const { columns } = (lang === 'en' ? en : hr).import;
  const graded = item.type === 'EDUCATION';
  // Only forms are attempted; an item with a deadline (a task's, a form's due date) is finished by it or not.
  const attempted = graded || item.type === 'INQUIRY';
  const deadline = item.task?.deadline ? new Date(item.task.deadline) : null;
  const questions = item.questions;

  // Looked up once, not for each of 100,000 rows: a lookup walks the key's parts.
  const statusText = { active: t(lang, 'export.statuses.active'), deactivated: t(lang, 'export.statuses.deactivated') };
  const stateText = Object.fromEntries(
    AUDIENCE_STATES.map((state) => [state, t(lang, `export.states.${state}`)]),
  ) as Record<AudienceState, string>;
  const [yes, no] = [t(lang, 'export.yes'), t(lang, 'export.no')];

  async function* people() {
    for await (const batch of reads.audience()) {
      const answers = questions.length > 0 ? await reads.answers(batch.map((p) => p.id)) : [];
      // By person once, not searched for each of them (Map.groupBy needs Node 21).
      const answersOf = new Map<number, Answers>();
      for (const a of answers) {
        const mine = answersOf.get(a.userId);
        if (mine) mine.push(a);
        else answersOf.set(a.userId, [a]);
      }
      for (const p of batch) {
        const mine = answersOf.get(p.id) ?? [];
        yield [
          p.name,
          p.email,
          p.username,
          p.active ? statusText.active : statusText.deactivated,
          stateText[stateOf(p)],
          formatDateTime(p.viewedAt),
          formatDateTime(p.finishedAt),
          ...(attempted ? [p.attempts] : []),
          ...(deadline ? [p.finishedAt && p.finishedAt <= deadline ? yes : no] : []),
          ...(graded ? [percent(p.best), percent(p.last)] : []),
          ...questions.map((q) =>
            mine
              .filter((a) => a.questionId === q.id)
              .map((a) => a.text ?? a.answer ?? '')
              .join('; '),
          ),
        ];
      }
    }
  }

  const peopleTable: ExportTable = {
    name: t(lang, 'export.sheets.people'),
    headers: [
      columns.name,
      columns.email,
      columns.username,
      t(lang, 'export.status'),
      h('state'),
      h('viewed'),
      h('finished'),
      ...(attempted ? [h('attempts')] : []),
      ...(deadline ? [h('doneInTime')] : []),
      ...(graded ? [h('bestMark'), h('lastMark')] : []),
      ...questions.map((q, i) => `${i + 1}. ${q.title}`),
    ],
    rows: people(),
  };
  const resultsTable: ExportTable = {
    name: t(lang, 'export.sheets.results'),
    headers: [h('question'), h('answer'), ...(graded ? [h('isCorrect')] : []), h('count'), h('share')],
    rows: results.hidden
      ? [
          [
            t(lang, 'export.pollHidden', {
              min: POLL_RESULTS_MIN_RESPONDENTS,
              respondents: results.respondents,
            }),
          ],
        ]
      : results.questions.flatMap((q, i) => {
          const title = `${i + 1}. ${q.title}`;
          if (q.type === 'TEXT')
            return [[title, t(lang, 'export.textAnswers'), ...(graded ? [null] : []), q.answered, null]];
          return q.answers.map((a) => [
            title,
            a.title,
            ...(graded ? [a.isCorrect ? t(lang, 'export.yes') : null] : []),
            a.count,
            a.percent,
          ]);
        }),
  };
  const participation: ExportTable = {
    name: t(lang, 'export.sheets.participation'),
    headers: [h('field'), h('value')],
    rows: [
      [h('audience'), totals.audience],
      [h('opened'), totals.viewed],
      [h('responded'), totals.finished],
    ],
  };
  if (item.type === 'POLL') return [participation, resultsTable];
  return questions.length > 0 ? [peopleTable, resultsTable] : [peopleTable];
}

export const contentFileName = (lang: Language, id: number) => t(lang, 'export.fileContent', { id });
