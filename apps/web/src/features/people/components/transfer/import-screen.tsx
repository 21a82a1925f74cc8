import {
  IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportChange,
  type ImportCheck,
  type ImportProblem,
  type ImportResult,
  type ImportRowOutcome,
} from '@kanal/contract';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { Pager } from '@/components/feedback/pager';
import { showToast } from '@/components/feedback/toast';
import { ErrorText } from '@/components/form/error-text';
import { FileButton } from '@/components/form/file-button';
import {
  useCheckImport,
  useImportPeople,
  useImportProblemsDownload,
  useTemplateDownload,
} from '@/console/api/transfer';
import { ConsolePage } from '@/console/layout/console-page';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/errors';
import { formatFileSize } from '@/lib/format';
import type { TFunction } from '@/lib/i18n';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { ActivationCodesDialog } from '../users/activation-codes';
import '@/console/components/lists/filter-chips.css';
import '@/console/components/lists/data-table.css';
import './transfer.css';
import '@/components/button.css';
import '@/components/form/form.css';

const SPREADSHEET_TYPES = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';
/** A file full of mistakes would make a table of thousands of rows: the first ones are enough to start fixing. */
const PROBLEM_ROWS_SHOWN = 100;
/**
 * The preview pages through what the check answered (at most IMPORT_MAX_ROWS rows, each a few fields):
 * the whole answer is already here, so paging it in the browser costs no further call.
 */
const PREVIEW_PAGE_SIZE = 50;
const PREVIEW_OUTCOMES = ['new', 'updated', 'unchanged'] as const;
type PreviewOutcome = (typeof PREVIEW_OUTCOMES)[number];

/** Why an upload was refused: the size limit in the admin's words, anything else as the server put it. */
export function uploadErrorText(t: TFunction, error: unknown): string {
  return error instanceof ApiError && error.code === 'PayloadTooLarge'
    ? t('transfer.file.tooLarge', { size: formatFileSize(IMPORT_MAX_BYTES, currentLanguage()) })
    : errorText(t, error);
}

/** Picks a spreadsheet to upload, and says which one was chosen. */
export function SpreadsheetInput({ label, onFile }: { label: string; onFile: (file: File) => void }) {
  const { t } = useTranslation('admin');
  const [file, setFile] = useState<File | null>(null);
  const language = currentLanguage();
  return (
    <div className="file-input">
      <FileButton
        label={label}
        accept={SPREADSHEET_TYPES}
        hint={t('transfer.file.accept', {
          rows: new Intl.NumberFormat(language).format(IMPORT_MAX_ROWS),
          size: formatFileSize(IMPORT_MAX_BYTES, language),
        })}
        onFile={(chosen) => {
          setFile(chosen);
          onFile(chosen);
        }}
      />
      {file ? (
        <p className="file-input__chosen">
          {t('transfer.file.chosen', { name: file.name, size: formatFileSize(file.size, language) })}
        </p>
      ) : null}
    </div>
  );
}

/** The people import, in the order it is done: template, file, check, import. */
export function ImportScreen() {
  const { t } = useTranslation('admin');
  return (
    <ConsolePage title={t('transfer.import.title')}>
      <PeopleImport />
    </ConsolePage>
  );
}

function PeopleImport() {
  const { t } = useTranslation('admin');
  const template = useTemplateDownload();
  const check = useCheckImport();
  const run = useImportPeople();
  const [file, setFile] = useState<File | null>(null);
  const [showCodes, setShowCodes] = useState(false);
  const blockedId = useId();

  const choose = (chosen: File) => {
    run.reset();
    setFile(chosen);
    check.mutate(chosen);
  };
  // Only a file that passed the check, and only once: importing it again would change nothing.
  const ready = file !== null && check.data?.problems.length === 0 && !run.isSuccess;

  return (
    <>
      <p>{t('transfer.import.intro')}</p>
      <ol className="import-steps" aria-label={t('transfer.import.steps')}>
        <ImportStep number={1} title={t('transfer.import.template.title')}>
          <p>{t('transfer.import.template.text')}</p>
          <div>
            <Button variant="secondary" loading={template.isPending} onClick={() => template.mutate()}>
              {t('transfer.import.template.download')}
            </Button>
          </div>
          <ErrorText alert>{template.error ? errorText(t, template.error) : undefined}</ErrorText>
        </ImportStep>

        <ImportStep number={2} title={t('transfer.import.file.title')}>
          <SpreadsheetInput label={t('transfer.import.file.choose')} onFile={choose} />
          <ErrorText alert>{check.error ? uploadErrorText(t, check.error) : undefined}</ErrorText>
        </ImportStep>

        <ImportStep number={3} title={t('transfer.import.check.title')}>
          <CheckOutcome pending={check.isPending} check={check.data} file={file} />
        </ImportStep>

        <ImportStep number={4} title={t('transfer.import.run.title')}>
          <p>{t('transfer.import.run.text')}</p>
          <div>
            <Button
              disabled={!ready}
              loading={run.isPending}
              aria-describedby={ready ? undefined : blockedId}
              onClick={() =>
                file &&
                run.mutate(file, {
                  onSuccess: (result) => {
                    showToast(t('transfer.import.run.done'));
                    setShowCodes(result.codes.length > 0);
                  },
                })
              }
            >
              {t('transfer.import.run.submit')}
            </Button>
          </div>
          {ready || run.isSuccess ? null : (
            <p id={blockedId} className="field__hint">
              {t('transfer.import.run.blocked')}
            </p>
          )}
          <ErrorText alert>{run.error ? uploadErrorText(t, run.error) : undefined}</ErrorText>
          {run.data ? <ImportSummary result={run.data} onShowCodes={() => setShowCodes(true)} /> : null}
        </ImportStep>
      </ol>
      {showCodes && run.data ? (
        <ActivationCodesDialog codes={run.data.codes} onClose={() => setShowCodes(false)} />
      ) : null}
    </>
  );
}

function ImportStep({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <li>
      <section className="console-panel" aria-labelledby={headingId}>
        <h2 id={headingId} className="console-panel__title import-step__title">
          <span className="import-step__number">{number}</span> {title}
        </h2>
        {children}
      </section>
    </li>
  );
}

/**
 * The check's verdict, said aloud as it changes; the problems follow, each row's together, then the
 * warnings (which do not stop the import) and the rows the import will skip, with why.
 */
function CheckOutcome({
  pending,
  check,
  file,
}: {
  pending: boolean;
  check: ImportCheck | undefined;
  file: File | null;
}) {
  const { t } = useTranslation('admin');
  const rows = check ? problemsByRow(check.problems) : [];
  const warnings = check ? problemsByRow(check.warnings) : [];
  const skipped = problemsByRow(
    (check?.outcomes ?? []).flatMap(({ row, reason }) => (reason ? [{ row, column: null, ...reason }] : [])),
  );
  const summary = pending
    ? t('transfer.import.file.checking')
    : !check
      ? t('transfer.import.check.waiting')
      : rows.length === 0
        ? t('transfer.import.check.clean', { count: check.rows })
        : t('transfer.import.check.problems', { bad: rows.length, rows: check.rows });
  const verdict = !check || pending ? undefined : rows.length === 0 ? 'import-check--clean' : 'import-check--problems';
  return (
    <>
      <p className={verdict} aria-live="polite">
        {summary}
      </p>
      {check && rows.length === 0 && !pending ? <ImportPreview outcomes={check.outcomes} /> : null}
      {rows.length > 0 && !pending ? (
        <>
          <p>{t('transfer.import.check.fix')}</p>
          <ProblemTable rows={rows} kind="problems" />
        </>
      ) : null}
      {warnings.length > 0 && !pending ? (
        <>
          <p>{t('transfer.import.check.warnings.intro')}</p>
          <ProblemTable rows={warnings} kind="warnings" />
        </>
      ) : null}
      {skipped.length > 0 && !pending ? (
        <>
          <p>{t('transfer.import.check.skipped.intro')}</p>
          <ProblemTable rows={skipped} kind="skipped" />
        </>
      ) : null}
      {file && rows.length + warnings.length + skipped.length > 0 && !pending ? <FindingsDownload file={file} /> : null}
    </>
  );
}

/** Every problem, warning and skipped row of the file (the tables show the first ones) as a spreadsheet. */
function FindingsDownload({ file }: { file: File }) {
  const { t } = useTranslation('admin');
  const findings = useImportProblemsDownload();
  return (
    <>
      <div>
        <Button variant="secondary" loading={findings.isPending} onClick={() => findings.mutate(file)}>
          {t('transfer.import.check.download')}
        </Button>
      </div>
      <ErrorText alert>{findings.error ? errorText(t, findings.error) : undefined}</ErrorText>
    </>
  );
}

/**
 * Who the import adds, updates (and with what) or leaves as they are, one of the three at a time, a page
 * at a time. Starts on the first of them the file has.
 */
function ImportPreview({ outcomes }: { outcomes: ImportRowOutcome[] }) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  const [chosen, setChosen] = useState<PreviewOutcome | null>(null);
  const [page, setPage] = useState(0);
  const count = (outcome: PreviewOutcome) => outcomes.filter((o) => o.outcome === outcome).length;
  const outcome = chosen ?? PREVIEW_OUTCOMES.find((o) => count(o) > 0) ?? 'new';
  const rows = outcomes.filter((o) => o.outcome === outcome);
  const pageCount = Math.ceil(rows.length / PREVIEW_PAGE_SIZE);
  const shown = rows.slice(page * PREVIEW_PAGE_SIZE, (page + 1) * PREVIEW_PAGE_SIZE);
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="import-preview__title">
        {t('transfer.import.preview.title')}
      </h3>
      <ul className="content-list__chips" aria-label={t('transfer.import.preview.filter')}>
        {PREVIEW_OUTCOMES.map((option) => (
          <li key={option}>
            <button
              type="button"
              className="content-list__chip"
              aria-pressed={option === outcome}
              onClick={() => {
                setChosen(option);
                setPage(0);
              }}
            >
              {t(`transfer.import.preview.${option}`, { count: count(option) })}
            </button>
          </li>
        ))}
      </ul>
      {rows.length === 0 ? (
        <p className="data-table__muted">{t(`transfer.import.preview.none.${outcome}`)}</p>
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">{t(`transfer.import.preview.table.${outcome}`)}</caption>
          <thead>
            <tr>
              <th scope="col">{t('transfer.import.check.row')}</th>
              <th scope="col">{t('transfer.import.columns.name')}</th>
              {outcome === 'updated' ? <th scope="col">{t('transfer.import.preview.changes')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.row}>
                <td className="import-problems__row" data-label={t('transfer.import.check.row')}>
                  {row.row}
                </td>
                <td data-label={t('transfer.import.columns.name')}>{row.name}</td>
                {outcome === 'updated' ? (
                  <td data-label={t('transfer.import.preview.changes')}>
                    <ul className="import-problems__list">
                      {row.changes.map((change) => (
                        <li key={change.column}>
                          <span className="import-problems__column">
                            {t(`transfer.import.columns.${change.column}`)}:{' '}
                          </span>
                          {t('transfer.import.preview.change', {
                            from: changeValue(t, change, change.from),
                            to: changeValue(t, change, change.to),
                          })}
                        </li>
                      ))}
                    </ul>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={page} pageCount={pageCount} onPage={setPage} label={t('transfer.import.preview.pages')} />
    </section>
  );
}

/** A field's value as the admin reads it: a role by its name, an empty field said as such. */
function changeValue(t: TFunction, change: ImportChange, value: string | null) {
  if (value === null || value === '') return t('transfer.import.preview.empty');
  return change.column === 'role' ? t(`console.roles.${value}`) : value;
}

type RowProblems = { row: number; problems: ImportProblem[] };

const columnOrder = (problem: ImportProblem) => (problem.column ? IMPORT_COLUMNS.indexOf(problem.column) : -1);

/** The problems by spreadsheet row, in the file's order, each row's in the template's column order. */
function problemsByRow(problems: ImportProblem[]): RowProblems[] {
  const byRow = new Map<number, ImportProblem[]>();
  for (const problem of [...problems].sort((a, b) => a.row - b.row || columnOrder(a) - columnOrder(b))) {
    byRow.set(problem.row, [...(byRow.get(problem.row) ?? []), problem]);
  }
  return [...byRow].map(([row, list]) => ({ row, problems: list }));
}

/** The problems, the warnings or the skipped rows: a table of rows, each with what was found in it. */
function ProblemTable({ rows, kind }: { rows: RowProblems[]; kind: 'problems' | 'warnings' | 'skipped' }) {
  const { t } = useTranslation('admin');
  const texts = kind === 'problems' ? 'transfer.import.check' : `transfer.import.check.${kind}`;
  const shown = rows.slice(0, PROBLEM_ROWS_SHOWN);
  return (
    <>
      <table className="data-table">
        <caption className="visually-hidden">{t(`${texts}.table`)}</caption>
        <thead>
          <tr>
            <th scope="col">{t('transfer.import.check.row')}</th>
            <th scope="col">{t(`${texts}.problem`)}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map(({ row, problems }) => (
            <tr key={row}>
              <td className="import-problems__row" data-label={t('transfer.import.check.row')}>
                {row}
              </td>
              <td data-label={t(`${texts}.problem`)}>
                <ul className="import-problems__list">
                  {problems.map((problem) => (
                    <li key={`${problem.column}:${problem.code}:${problem.message}`}>
                      {problem.column ? (
                        <span className="import-problems__column">
                          {t(`transfer.import.columns.${problem.column}`)}:{' '}
                        </span>
                      ) : null}
                      {problem.message}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > shown.length ? (
        <p className="data-table__muted">{t(`${texts}.truncated`, { shown: shown.length, total: rows.length })}</p>
      ) : null}
    </>
  );
}

function ImportSummary({ result, onShowCodes }: { result: ImportResult; onShowCodes: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <dl className="import-result">
        {(['created', 'updated', 'unchanged', 'skipped'] as const).map((outcome) => (
          <div key={outcome} className="import-result__count">
            <dt>{t(`transfer.import.run.${outcome}`)}</dt>
            <dd>{result[outcome]}</dd>
          </div>
        ))}
      </dl>
      <div className="console-page__actions">
        {result.codes.length > 0 ? (
          <Button variant="secondary" onClick={onShowCodes}>
            {t('transfer.import.run.showCodes')}
          </Button>
        ) : null}
        <Link to="/admin/users" className="button button--secondary">
          {t('transfer.import.run.toPeople')}
        </Link>
      </div>
    </>
  );
}
